package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// maxFrame bounds one incoming JSON-RPC line: well above the 16 MiB of
// arguments the registry accepts (a repo_write of a big file), so that the
// registry, not the transport, refuses those with its own sentence.
const maxFrame = 32 << 20

// lockedWriter makes every Write one whole write to the underlying writer,
// so the SDK's messages and the frame filter's error answers never
// interleave, and tells the filter which requests are answered.
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

func (lw *lockedWriter) Close() error { return nil }

// frameFilter sits between stdin and the SDK's newline-delimited transport.
// It does three things the SDK does not:
//
//   - A line that is not one JSON-RPC message gets an error answer (-32700
//     parse error, -32600 invalid request) and the server goes on; the SDK
//     alone ends the whole connection on such a line.
//   - Tool calls run one at a time, in the order they arrived. The SDK runs
//     requests concurrently, so a read sent just before an edit could reach
//     the session after it; one connection is one session, and its calls,
//     its gate and its log follow the order the client sent them. Other
//     messages (pings, cancellations, lists) are not held back.
//   - The end of input waits until every request passed on is answered:
//     the SDK cancels whatever is still running when its input ends and
//     drops the answers, so a client that sends calls and closes stdin would
//     lose them, and a call in flight would be cut short.
type frameFilter struct {
	out io.Writer // for the filter's own error answers

	mu       sync.Mutex
	cond     *sync.Cond
	queue    []frame             // checked lines not yet given to the SDK
	pending  map[jsonrpc.ID]bool // requests given to the SDK, not yet answered
	callBusy bool                // a tools/call is given to the SDK and unanswered
	callID   jsonrpc.ID          // its id
	eof      error               // why input ended (nil while it goes on)
	gone     bool                // a write to the client failed: nobody reads answers
	buf      []byte              // the part of a frame the SDK has not read yet
}

type frame struct {
	line   []byte
	req    *jsonrpc.Request // nil for responses
	isCall bool             // a tools/call request
}

func newFrameFilter(out io.Writer) *frameFilter {
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
		line, tooLong, err := readFrame(br)
		switch {
		case tooLong:
			f.answer(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("message is over %d bytes; nothing was done", maxFrame))
		case len(bytes.TrimSpace(line)) > 0:
			if msg, id, code, why := checkFrame(line); code != 0 {
				f.answer(id, code, why)
			} else {
				f.enqueue(append(line, '\n'), msg)
			}
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

func (f *frameFilter) enqueue(line []byte, msg jsonrpc.Message) {
	fr := frame{line: line}
	if req, ok := msg.(*jsonrpc.Request); ok {
		fr.req = req
		fr.isCall = req.ID.IsValid() && req.Method == "tools/call"
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if fr.req != nil && fr.req.Method == "notifications/cancelled" {
		f.dropQueuedCall(fr.req.Params)
	}
	f.queue = append(f.queue, fr)
	f.cond.Broadcast()
}

// dropQueuedCall removes a call the client cancelled before it started (a
// cancelled request needs no answer).
func (f *frameFilter) dropQueuedCall(params json.RawMessage) {
	var p struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(params, &p) != nil {
		return
	}
	id, err := jsonrpc.MakeID(p.RequestID)
	if err != nil {
		return
	}
	for i, q := range f.queue {
		if q.isCall && q.req.ID == id {
			f.queue = append(f.queue[:i], f.queue[i+1:]...)
			return
		}
	}
	if f.pending[id] {
		// Running already: the SDK cancels it and does not answer.
		delete(f.pending, id)
		if f.callBusy && f.callID == id {
			f.callBusy = false
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
		if q.req != nil && q.req.ID.IsValid() {
			f.pending[q.req.ID] = true
		}
		if q.isCall {
			f.callBusy, f.callID = true, q.req.ID
		}
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
	return n, nil
}

func (f *frameFilter) Close() error { return nil }

// outgoing notes a message the server wrote (or failed to write).
func (f *frameFilter) outgoing(data []byte, writeErr error) {
	msg, err := jsonrpc.DecodeMessage(bytes.TrimSpace(data))
	f.mu.Lock()
	defer f.mu.Unlock()
	if writeErr != nil {
		f.gone = true
	}
	if resp, ok := msg.(*jsonrpc.Response); ok && err == nil {
		delete(f.pending, resp.ID)
		if f.callBusy && f.callID == resp.ID {
			f.callBusy = false
		}
	}
	f.cond.Broadcast()
}

// readFrame returns the next line without its line break. A line over
// maxFrame is consumed without being held and reported as tooLong.
func readFrame(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > maxFrame {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		return line, tooLong, err
	}
}

// checkFrame reports why a line is not one JSON-RPC message (code 0: it is),
// with the request id when one can be read.
func checkFrame(line []byte) (msg jsonrpc.Message, id any, code int64, why string) {
	if !json.Valid(line) {
		return nil, nil, jsonrpc.CodeParseError, "not valid JSON; each line must be one JSON-RPC message"
	}
	trimmed := bytes.TrimSpace(line)
	if trimmed[0] == '[' {
		return nil, nil, jsonrpc.CodeInvalidRequest, "batches are not supported; send one JSON-RPC message a line"
	}
	msg, err := jsonrpc.DecodeMessage(trimmed)
	if err != nil {
		var probe struct {
			ID any `json:"id"`
		}
		if json.Unmarshal(trimmed, &probe) == nil {
			switch probe.ID.(type) {
			case string, float64:
				id = probe.ID
			}
		}
		return nil, id, jsonrpc.CodeInvalidRequest, "not a JSON-RPC 2.0 message: " + err.Error()
	}
	return msg, nil, 0, ""
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
	f.out.Write(append(b, '\n'))
}
