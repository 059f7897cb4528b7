//go:build unix

package cli

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/repoxhq/repox/model"
)

// TestHelperDemoProcess is the demo explorer of TestDemoFolderGoesOnHangup,
// run in a process of its own: it prints the demo's root and "explores"
// until its context ends.
func TestHelperDemoProcess(t *testing.T) {
	if os.Getenv("REPOX_DEMO_HELPER") != "1" {
		t.Skip("run by TestDemoFolderGoesOnHangup")
	}
	code := exploreDemo(context.Background(), "", os.Stderr, func(ctx context.Context, o model.Options) error {
		fmt.Println(o.Dir)
		<-ctx.Done()
		return nil
	})
	os.Exit(code)
}

// The temporary demo folder is removed when the terminal closes (SIGHUP)
// or the explorer is killed politely (SIGTERM), as on Ctrl-C; a signal's
// default action would end the process and leave the folder behind.
func TestDemoFolderGoesOnHangup(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			tmp := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperDemoProcess$")
			cmd.Env = append(os.Environ(), "REPOX_DEMO_HELPER=1", "TMPDIR="+tmp)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			root, err := bufio.NewReader(out).ReadString('\n')
			if err != nil {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("no root printed: %v", err)
			}
			root = strings.TrimSpace(root)
			if _, err := os.Stat(filepath.Join(root, "server", "handlers.go")); err != nil {
				t.Fatalf("the demo was not written: %v", err)
			}
			cmd.Process.Signal(sig)
			cmd.Wait()
			if _, err := os.Stat(filepath.Dir(root)); !os.IsNotExist(err) {
				t.Errorf("after %v the demo folder %s is still there (%v)", sig, filepath.Dir(root), err)
			}
		})
	}
}
