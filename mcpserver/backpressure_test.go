package mcpserver

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
)

// lineSource hands out count copies of line, made as they are read, and
// counts the bytes taken.
type lineSource struct {
	mu       sync.Mutex
	line     []byte
	left     int
	pending  []byte
	consumed int
	ended    chan struct{}
}

func newLineSource(line string, count int) *lineSource {
	return &lineSource{line: []byte(line + "\n"), left: count, ended: make(chan struct{})}
}

func (s *lineSource) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pending) == 0 {
		if s.left == 0 {
			select {
			case <-s.ended:
			default:
				close(s.ended)
			}
			return 0, io.EOF
		}
		s.left--
		s.pending = s.line
	}
	n := copy(p, s.pending)
	s.pending = s.pending[n:]
	s.consumed += n
	return n, nil
}

func (s *lineSource) taken() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.consumed
}

// filterUntilParked runs a frame filter on src with a stand-in SDK that
// reads frames (when read is true) and never answers, as when every
// answer waits on a client that stopped reading. It returns once the
// filter stops reading for room, or fails when it read all of src.
func filterUntilParked(t *testing.T, src *lineSource, read bool) *frameFilter {
	t.Helper()
	parked := make(chan struct{}, 1)
	out := &lockedWriter{w: io.Discard}
	f := newFrameFilter(out)
	out.filter = f
	f.parked = func() {
		select {
		case parked <- struct{}{}:
		default:
		}
	}
	f.start(src)
	if read {
		go func() {
			buf := make([]byte, 64<<10)
			for {
				if _, err := f.Read(buf); err != nil {
					return
				}
			}
		}()
	}
	select {
	case <-parked:
	case <-src.ended:
		t.Fatalf("the filter read all %d bytes the client sent while nothing was answered", src.taken())
	}
	return f
}

// Requests the SDK took and has not answered count: a client sending
// 20,000 tools/list and reading nothing makes the server stop reading
// after maxOutstanding of them (the SDK would hold an answer for each).
func TestUnansweredRequestsStopTheReading(t *testing.T) {
	var lines bytes.Buffer // each with its own id
	for i := range 20_000 {
		fmt.Fprintf(&lines, `{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`+"\n", i)
	}
	src := &lineSource{line: lines.Bytes(), left: 1, ended: make(chan struct{})}
	f := filterUntilParked(t, src, true)
	f.mu.Lock()
	held := len(f.queue) + len(f.pending)
	f.mu.Unlock()
	if held > maxOutstanding {
		t.Errorf("%d requests held, bound %d", held, maxOutstanding)
	}
	if taken := src.taken(); taken > 64<<10+maxOutstanding*64 {
		t.Errorf("read %d bytes of stdin while nothing was answered", taken)
	}
}

// Lines nobody takes (a tool call waits behind the one in flight) stop the
// reading once maxQueuedBytes of them wait.
func TestQueuedBytesStopTheReading(t *testing.T) {
	big := strings.Repeat("x", 4<<20)
	src := newLineSource(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"pad":"`+big+`"}}`, 40)
	f := filterUntilParked(t, src, false)
	f.mu.Lock()
	queued := f.queuedBytes
	f.mu.Unlock()
	if queued > maxQueuedBytes+len(src.line) {
		t.Errorf("%d bytes queued, bound %d", queued, maxQueuedBytes)
	}
	if taken := src.taken(); taken > maxQueuedBytes+2*len(src.line) {
		t.Errorf("read %d bytes of stdin while nothing was taken", taken)
	}
}
