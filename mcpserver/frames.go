package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// maxFrame bounds one incoming JSON-RPC line: well above the 16 MiB of
// arguments the registry accepts (a repo_write of a big file), so that the
// registry, not the transport, refuses those with its own sentence.
const maxFrame = 32 << 20

// Back-pressure: how much the filter holds for a client before it stops
// reading stdin. A client that sends and never reads answers fills the
// pipe to stdout; every answer then waits to be written, and without a
// bound the server would go on reading (and holding) whatever the client
// sends. At most maxOutstanding requests are read and unanswered, and at
// most maxQueuedBytes of lines wait (plus the one line being read).
const (
	maxOutstanding = 16
	maxQueuedBytes = 8 << 20
)

// lockedWriter makes every Write one whole write to the underlying writer,
// so the SDK's messages and the frame filter's error answers never
// interleave. Write is the SDK's door and tells the filter which requests
// are answered; writeOwn is the filter's, and tells it nothing: only the
// SDK's answers answer the requests given to the SDK.
type lockedWriter struct {
	mu     sync.Mutex
	w      io.Writer
	filter *frameFilter
}

func (lw *lockedWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	n, err := lw.w.Write(p)
	lw.filter.outgoing(p, err)
	return n, err
}

func (lw *lockedWriter) writeOwn(p []byte) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if _, err := lw.w.Write(p); err != nil {
		lw.filter.clientGone()
	}
}

func (lw *lockedWriter) Close() error { return nil }

// frameFilter sits between stdin and the SDK's newline-delimited transport.
// It does what the SDK does not:
//
//   - A line that is not one JSON-RPC message gets an error answer (-32700
//     parse error, -32600 invalid request) and the server goes on; the SDK
//     alone ends the whole connection on such a line.
//   - A request whose id is that of a request not answered yet is refused
//     (with id null, so the refusal is not taken for the other's answer),
//     and only the SDK's answers count as answers: a client's reused id can
//     neither answer a call in flight nor start the next one early.
//   - Tool calls run one at a time, in the order they arrived: the next one
//     goes to the SDK when the one before is answered. The SDK runs
//     requests concurrently, so a read sent just before an edit could reach
//     the session after it; one connection is one session, and its calls,
//     its gate and its log follow the order the client sent them. Other
//     messages (pings, cancellations, lists) are not held back.
//   - The end of input waits until every request passed on is answered:
//     the SDK cancels whatever is still running when its input ends and
//     drops the answers, so a client that sends calls and closes stdin would
//     lose them, and a call in flight would be cut short.
//   - Reading stops while the client has maxOutstanding requests
//     unanswered or maxQueuedBytes of lines queued (back-pressure).
type frameFilter struct {
	out *lockedWriter // for the filter's own error answers

	mu          sync.Mutex
	cond        *sync.Cond
	queue       []frame             // checked lines not yet given to the SDK
	queuedBytes int                 // their size
	pending     map[jsonrpc.ID]bool // requests given to the SDK, not yet answered
	callBusy    bool                // a tools/call is given to the SDK and unanswered
	callID      jsonrpc.ID          // its id
	eof         error               // why input ended (nil while it goes on)
	gone        bool                // a write to the client failed: nobody reads answers
	buf         []byte              // the part of a frame the SDK has not read yet

	// parked, when set (tests), is told each time reading waits for room.
	parked func()
}

type frame struct {
	line   []byte
	id     jsonrpc.ID // a request's id (invalid for notifications and responses)
	isCall bool       // a tools/call request
}

func newFrameFilter(out *lockedWriter) *frameFilter {
	f := &frameFilter{out: out, pending: map[jsonrpc.ID]bool{}}
	f.cond = sync.NewCond(&f.mu)
	return f
}

// start begins reading in. Call it once everything that writes answers is
// wired up.
func (f *frameFilter) start(in io.Reader) {
	go f.readLoop(bufio.NewReaderSize(in, 64<<10))
}

// readLoop reads and checks lines as they come, so that a cancellation or a
// ping is seen while a call runs.
func (f *frameFilter) readLoop(br *bufio.Reader) {
	for {
		if !f.waitForRoom() {
			return
		}
		line, tooLong, err := readFrame(br)
		switch {
		case tooLong:
			f.answer(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("message is over %d bytes; nothing was done — send a smaller message (repo_write takes up to 16 MiB of content)", maxFrame))
		case len(bytes.TrimSpace(line)) > 0:
			f.take(line)
		}
		if err != nil {
			f.mu.Lock()
			f.eof = err
			f.cond.Broadcast()
			f.mu.Unlock()
			return
		}
	}
}

// waitForRoom waits until the filter may hold one more line. It is false
// when nobody reads answers any more: then reading stops for good.
func (f *frameFilter) waitForRoom() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for !f.gone && f.full() {
		if f.parked != nil {
			f.parked()
		}
		f.cond.Wait()
	}
	return !f.gone
}

func (f *frameFilter) full() bool {
	return len(f.queue)+len(f.pending) >= maxOutstanding || f.queuedBytes >= maxQueuedBytes
}

// take checks one line and queues it, or answers why not.
func (f *frameFilter) take(line []byte) {
	msg, id, code, why := checkFrame(line)
	if code != 0 {
		if reqID, err := jsonrpc.MakeID(id); err == nil && reqID.IsValid() && f.inUse(reqID) {
			why += fmt.Sprintf(" (its id %s is that of a request not answered yet, so this answer has id null)", idText(reqID))
			id = nil
		}
		f.answer(id, code, why)
		return
	}
	fr := frame{line: append(line, '\n')}
	req, _ := msg.(*jsonrpc.Request)
	if req != nil && req.ID.IsValid() {
		if f.inUse(req.ID) {
			f.answer(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("id %s is already used by a request not answered yet — give each request its own id (this answer has id null, so that it is not taken for that request's)", idText(req.ID)))
			return
		}
		fr.id, fr.isCall = req.ID, req.Method == "tools/call"
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if req != nil && req.Method == "notifications/cancelled" {
		f.dropQueuedCall(req.Params)
	}
	f.queue = append(f.queue, fr)
	f.queuedBytes += len(fr.line)
	f.cond.Broadcast()
}

// inUse reports whether a request with this id is queued or given to the
// SDK and not answered.
func (f *frameFilter) inUse(id jsonrpc.ID) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.pending[id] {
		return true
	}
	for _, q := range f.queue {
		if q.id == id {
			return true
		}
	}
	return false
}

// dropQueuedCall removes a call the client cancelled before it started (a
// cancelled request needs no answer). A call already running is left to
// the SDK: it cancels the call's context and still answers it, and the
// next call waits for that answer.
func (f *frameFilter) dropQueuedCall(params json.RawMessage) {
	var p struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(params, &p) != nil {
		return
	}
	id, err := jsonrpc.MakeID(p.RequestID)
	if err != nil || !id.IsValid() {
		return
	}
	for i, q := range f.queue {
		if q.isCall && q.id == id {
			f.queue = append(f.queue[:i], f.queue[i+1:]...)
			f.queuedBytes -= len(q.line)
			return
		}
	}
}

// next takes the first frame that may go to the SDK now: any frame but a
// tool call, or a tool call when none is running. ok is false when there is
// none.
func (f *frameFilter) next() (frame, bool) {
	for i, q := range f.queue {
		if q.isCall && f.callBusy {
			continue
		}
		f.queue = append(f.queue[:i], f.queue[i+1:]...)
		f.queuedBytes -= len(q.line)
		if q.id.IsValid() {
			f.pending[q.id] = true
		}
		if q.isCall {
			f.callBusy, f.callID = true, q.id
		}
		f.cond.Broadcast() // room for the reader
		return q, true
	}
	return frame{}, false
}

// Read gives the SDK the next frame, and io.EOF (or the read error) once
// input has ended and every request has been answered.
func (f *frameFilter) Read(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for len(f.buf) == 0 {
		if f.gone && len(f.pending) == 0 {
			return 0, io.EOF
		}
		if !f.gone {
			if fr, ok := f.next(); ok {
				f.buf = fr.line
				break
			}
		}
		if f.eof != nil && len(f.queue) == 0 && len(f.pending) == 0 {
			return 0, f.eof
		}
		f.cond.Wait()
	}
	n := copy(p, f.buf)
	f.buf = f.buf[n:]
	if len(f.buf) == 0 {
		f.buf = nil // let the line go
	}
	return n, nil
}

func (f *frameFilter) Close() error { return nil }

// outgoing notes a message the SDK wrote (or failed to write). Requests
// have unique ids among those unanswered (take refuses a reused one), so
// an answer with an id answers exactly that request.
func (f *frameFilter) outgoing(data []byte, writeErr error) {
	id, isResponse := responseID(data)
	f.mu.Lock()
	defer f.mu.Unlock()
	if writeErr != nil {
		f.gone = true
	}
	if isResponse && id.IsValid() {
		delete(f.pending, id)
		if f.callBusy && f.callID == id {
			f.callBusy = false
		}
	}
	f.cond.Broadcast()
}

// clientGone notes that a write of the filter's own failed.
func (f *frameFilter) clientGone() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.gone = true
	f.cond.Broadcast()
}

// answer writes a JSON-RPC error response with one write.
func (f *frameFilter) answer(id any, code int64, msg string) {
	resp := struct {
		JSONRPC string `json:"jsonrpc"`
		ID      any    `json:"id"`
		Error   struct {
			Code    int64  `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id}
	resp.Error.Code, resp.Error.Message = code, msg
	b, _ := json.Marshal(resp)
	f.out.writeOwn(append(b, '\n'))
}
