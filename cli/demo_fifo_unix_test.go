//go:build unix

package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/repoxhq/repox/demo"
	"github.com/repoxhq/repox/model"
	"github.com/repoxhq/repox/repoops/repotest"
)

// TestHelperDemoOnFolder is `repox demo DIR` up to the explorer, run in a
// process of its own by TestDemoNeverWaitsOnAFIFO: the explorer is left
// out, so the process ends as soon as the tour is prepared or refused.
func TestHelperDemoOnFolder(t *testing.T) {
	dir := os.Getenv("REPOX_DEMO_DIR")
	if dir == "" {
		t.Skip("run by TestDemoNeverWaitsOnAFIFO")
	}
	code := exploreDemo(context.Background(), dir, os.Stderr, func(context.Context, model.Options) error { return nil })
	os.Exit(code)
}

// fifoBound is how long `repox demo DIR` may take on a folder with a FIFO
// before the test calls it blocked: generous, since the machine may be
// busy; a blocked run never ends at all.
const fifoBound = 60 * time.Second

// `repox demo DIR` never opens a FIFO so that it blocks: a FIFO at
// server/handlers.go (in a folder repox did not make, and in one it made)
// is refused in words, and the command ends without anyone writing to it.
// It runs in a child process, killed at fifoBound, because a blocked open
// cannot be interrupted from inside.
func TestDemoNeverWaitsOnAFIFO(t *testing.T) {
	repotest.NeedGit(t)
	made := filepath.Join(t.TempDir(), "made")
	if err := demo.Write(made); err != nil {
		t.Fatal(err)
	}
	for name, dir := range map[string]string{
		"a folder repox did not make": repotest.PlainDir(t, map[string]string{"README.md": "x\n", "server/.keep": ""}),
		"a folder repox made":         made,
	} {
		t.Run(name, func(t *testing.T) {
			fifo := filepath.Join(dir, "server", "handlers.go")
			os.Remove(fifo)
			if err := syscall.Mkfifo(fifo, 0o644); err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperDemoOnFolder$")
			cmd.Env = append(os.Environ(), "REPOX_DEMO_DIR="+dir)
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				code := cmd.ProcessState.ExitCode()
				if code != exitUsage {
					t.Errorf("exit %d (%v), want %d; stderr:\n%s", code, err, exitUsage, stderr.String())
				}
				if msg := stderr.String(); !strings.Contains(msg, "FIFO") && !strings.Contains(msg, "was not made by repox demo") {
					t.Errorf("the refusal does not say why:\n%s", msg)
				}
			case <-time.After(fifoBound):
				cmd.Process.Kill()
				<-done
				t.Fatalf("repox demo DIR still runs after %v: it waits on the FIFO at server/handlers.go", fifoBound)
			}
		})
	}
}
