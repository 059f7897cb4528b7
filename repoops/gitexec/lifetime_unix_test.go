//go:build unix

package gitexec

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
)

// git runs in its own process group, so it would outlive a repox that
// exits while it runs. Close stops every git the Runner started that is
// still running, waits for it, and later commands are refused. The git
// here is a stand-in that writes its pid and sleeps a minute.
func TestCloseStopsTheGitStillRunning(t *testing.T) {
	g, pidFile := standInGit(t, func(pidFile string) string {
		return "echo $$ > " + pidFile + "\nexec /bin/sleep 60\n"
	})
	for _, stream := range []bool{false, true} {
		done := make(chan error, 1)
		go func() {
			var err error
			if stream {
				_, err = g.Stream(context.Background(), 1<<20, func([]byte) {}, "status")
			} else {
				_, _, err = g.Run(context.Background(), 1<<20, "status")
			}
			done <- err
		}()
		pid := waitForPid(t, pidFile)
		if stream {
			g.Close()
		} else {
			// a Runner that is not closed leaves git running
			if syscall.Kill(pid, 0) != nil {
				t.Fatalf("the stand-in git %d was not running", pid)
			}
			g.life.close()
			g.life = newLifetime() // open again for the Stream case
		}
		if syscall.Kill(pid, 0) == nil {
			t.Errorf("stream %v: git (pid %d) still runs after Close returned", stream, pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
		if err := <-done; err == nil {
			t.Errorf("stream %v: a git stopped by Close returned no error", stream)
		}
		os.Remove(pidFile)
	}
	if _, _, err := g.Run(context.Background(), 1<<20, "status"); !errors.Is(err, errClosed) {
		t.Fatalf("a command after Close: %v; want %v", err, errClosed)
	}
}

// standInGit is a Runner on a new repository whose git is a shell script
// of body(pidFile): the stand-ins write a pid to pidFile (in a folder of
// the script's own, for any other file they leave) and sleep.
func standInGit(t *testing.T, body func(pidFile string) string) (g *Runner, pidFile string) {
	t.Helper()
	g = detectAt(t, repotest.GitRepo(t, map[string]string{"a.txt": "a\n"}))
	bin := t.TempDir()
	pidFile = filepath.Join(bin, "pid")
	script := filepath.Join(bin, "git")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n"+body(pidFile)), 0o755); err != nil {
		t.Fatal(err)
	}
	g.bin = script
	return g, pidFile
}

// waitForPid reads the pid the stand-in git writes once it runs. The
// bound only keeps a broken test from hanging.
func waitForPid(t *testing.T, file string) int {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if b, err := os.ReadFile(file); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				return pid
			}
		}
	}
	t.Fatal("the stand-in git did not start")
	return 0
}
