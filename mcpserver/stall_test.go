package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A call through `repox mcp` that gets no answer (seen once in CI, under
// -race with every package running) must fail with what the server was
// doing, not with the client's "context deadline exceeded" and nothing
// else. After stallAfter the test asks the server for a goroutine dump
// (SIGQUIT) and fails with it, well before the client's own limit.
const (
	stallAfter  = 45 * time.Second
	clientLimit = time.Minute
)

// syncBuffer is a bytes.Buffer that a process may write while a test
// reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *syncBuffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Len()
}

// call runs a tool with raw JSON arguments ("" sends none), watching for a
// stall.
func (s *conn) call(t testing.TB, tool, args string) (*mcp.CallToolResult, error) {
	t.Helper()
	p := &mcp.CallToolParams{Name: tool}
	if args != "" {
		p.Arguments = json.RawMessage(args)
	}
	ctx, cancel := context.WithTimeout(context.Background(), clientLimit)
	defer cancel()
	var stalled atomic.Bool
	var dumped atomic.Bool
	watch := time.AfterFunc(s.stallAfter, func() {
		stalled.Store(true)
		dumped.Store(quitForDump(s.cmd.Process))
		if s.afterQuit != nil {
			s.afterQuit()
		}
	})
	res, err := s.cs.CallTool(ctx, p)
	watch.Stop()
	if stalled.Load() {
		s.stalled = true
		t.Fatalf("%s %s: no answer from repox mcp within %v; %s\n\nthis test's goroutines:\n%s", tool, args, s.stallAfter, s.serverDump(dumped.Load()), ownGoroutines())
	}
	return res, err
}

// serverDump waits for the dump the server writes when it quits, and says
// what it got.
func (s *conn) serverDump(asked bool) string {
	if !asked {
		return "no goroutine dump could be asked for on " + runtime.GOOS + "; the server was ended\nits stderr:\n" + s.stderr.String()
	}
	// The dump ends with the process; wait until stderr stops growing.
	last := -1
	for range 100 {
		n := s.stderr.Len()
		if n == last && strings.Contains(s.stderr.String(), "goroutine ") {
			break
		}
		last = n
		time.Sleep(100 * time.Millisecond)
	}
	return "the server's goroutines (SIGQUIT):\n" + s.stderr.String()
}

func ownGoroutines() string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, true)])
}

// The watchdog fires: a server stopped mid-call (SIGSTOP stands for a
// hang) makes the call fail with the server's goroutines.
func TestStalledCallFailsWithTheServersGoroutines(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGSTOP or SIGQUIT on Windows")
	}
	dir := gitFixture(t)
	c := connect(t, "--root", dir)
	c.stallAfter = 2 * time.Second
	ft := &fakeT{TB: t}
	if err := stopProcess(c.cmd.Process); err != nil {
		t.Skip(err)
	}
	// SIGQUIT waits in a stopped process: let it run to take it.
	c.afterQuit = func() { continueProcess(c.cmd.Process) }
	func() {
		defer func() { recover() }() // fakeT.Fatalf ends the call
		c.call(ft, "repo_grep", `{"pattern":"absent"}`)
	}()
	if !strings.Contains(ft.msg, "no answer from repox mcp") || !strings.Contains(ft.msg, "the server's goroutines (SIGQUIT):") || !strings.Contains(ft.msg, "goroutine ") || !strings.Contains(ft.msg, "mcpserver") {
		t.Fatalf("the stall's failure does not carry the server's goroutines:\n%.2000s", ft.msg)
	}
}

// fakeT records a Fatalf instead of ending the test.
type fakeT struct {
	testing.TB
	msg string
}

func (f *fakeT) Helper() {}
func (f *fakeT) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic("fatal")
}
