//go:build unix

package gitexec

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// A helper that git starts in a session of its own escapes the process
// group a cancel kills, and it inherits git's stdout and stderr. A call
// that is cancelled must end when git is gone, not when such a helper
// lets go of the output: for Run, WaitDelay bounds that wait; for Stream,
// whose reader would block on the open pipe, the cancel closes it. The
// stand-in git starts the stray helper with setsid (which writes its pid)
// and sleeps; the test cancels, and then the helper must still be running,
// which it is not if the call waited for it (the helper sleeps 15 s, then
// leaves a mark).
func TestACancelledCallDoesNotWaitForAStrayHelper(t *testing.T) {
	setsid, err := exec.LookPath("setsid")
	if err != nil {
		t.Skip("no setsid here to start a helper outside git's process group")
	}
	var doneFile string
	// the helper writes its pid once it is in its own session, and a mark
	// when it has ended
	g, pidFile := standInGit(t, func(pidFile string) string {
		doneFile = filepath.Join(filepath.Dir(pidFile), "done")
		return setsid + " /bin/sh -c 'echo $$ > " + pidFile + "; /bin/sleep 15; echo > " + doneFile + "' &\nexec /bin/sleep 60\n"
	})
	for _, stream := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			var err error
			if stream {
				_, err = g.Stream(ctx, 1<<20, func([]byte) {}, "status")
			} else {
				_, _, err = g.Run(ctx, 1<<20, "status")
			}
			done <- err
		}()
		stray := waitForPid(t, pidFile)
		t.Cleanup(func() { syscall.Kill(-stray, syscall.SIGKILL) })
		cancel()
		err := <-done
		if err == nil {
			t.Errorf("stream %v: a cancelled git returned no error", stream)
		}
		if _, err := os.Stat(doneFile); err == nil {
			t.Errorf("stream %v: the call returned only after the stray helper %d had ended", stream, stray)
		}
		syscall.Kill(-stray, syscall.SIGKILL)
		os.Remove(pidFile)
	}
}
