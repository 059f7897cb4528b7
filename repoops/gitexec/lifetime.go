package gitexec

import (
	"context"
	"errors"
	"sync"
)

// lifetime bounds the git processes of one Runner by the Runner's own
// life. git runs in its own process group (so a terminal's Ctrl-C does
// not reach it, and a timeout kills its helpers too), which also means it
// outlives a repox that exits while it runs: a `git status` over a
// million files went on writing after the explorer had quit. Close ends
// every running git and waits for it.
type lifetime struct {
	mu      sync.Mutex
	closed  bool
	ctx     context.Context // cancelled by Close
	cancel  context.CancelFunc
	running sync.WaitGroup
}

// errClosed: a git command asked of a Runner that was closed.
var errClosed = errors.New("the repository was closed, so git was not run")

func newLifetime() *lifetime {
	l := &lifetime{}
	l.ctx, l.cancel = context.WithCancel(context.Background())
	return l
}

// begin is the context one git process runs under: it ends with ctx, at
// the timeout, or when the Runner closes. end must be called when the
// process has been waited for.
func (l *lifetime) begin(ctx context.Context) (run context.Context, end func(), err error) {
	run, cancel := context.WithTimeout(ctx, timeout)
	if l == nil { // a Runner made without Detect (a test's)
		return run, cancel, nil
	}
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		cancel()
		return nil, nil, errClosed
	}
	l.running.Add(1)
	l.mu.Unlock()
	stop := context.AfterFunc(l.ctx, cancel)
	return run, func() { stop(); cancel(); l.running.Done() }, nil
}

// close stops every git process running and waits until each has been
// reaped (the process group killed; WaitDelay bounds a helper that holds
// its output open); later commands are refused.
func (l *lifetime) close() {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.closed = true
	l.mu.Unlock()
	l.cancel()
	l.running.Wait()
}

// Close ends every git process this Runner started that is still running,
// waits for them, and makes later commands fail. Repo.Close calls it.
func (g *Runner) Close() { g.life.close() }
