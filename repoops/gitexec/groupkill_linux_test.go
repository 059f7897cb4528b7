package gitexec

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// alive reports whether pid is a running process (a zombie, ended and not
// yet reaped by whoever adopted it, is not).
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// "pid (comm) S ...": the state follows the last ')'.
	s := string(b)
	rest := s[strings.LastIndexByte(s, ')')+1:]
	return !strings.HasPrefix(strings.TrimSpace(rest), "Z")
}

// A cancelled call kills git's whole process group, not git alone: a
// helper git started (a filter, a hook, a pager left running) would
// otherwise go on with the repository after repox has given up on it. The
// stand-in git starts a helper in its own group (it writes its pid) and
// sleeps; after the cancel the helper must be gone.
func TestACancelledCallKillsGitsProcessGroup(t *testing.T) {
	g, pidFile := standInGit(t, func(pidFile string) string {
		return "/bin/sh -c 'echo $$ > " + pidFile + "; exec /bin/sleep 60' &\nexec /bin/sleep 60\n"
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, err := g.Run(ctx, 1<<20, "status")
		done <- err
	}()
	helper := waitForPid(t, pidFile)
	t.Cleanup(func() { syscall.Kill(helper, syscall.SIGKILL) })
	cancel()
	if err := <-done; err == nil {
		t.Error("a cancelled git returned no error")
	}
	for deadline := time.Now().Add(5 * time.Second); alive(helper); {
		if time.Now().After(deadline) {
			t.Fatalf("git's helper %d still runs 5 s after the call was cancelled", helper)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
