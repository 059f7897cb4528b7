package mcpserver

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// drainLimit bounds how long the end of input waits for unanswered requests.
// Tools bound their own work far below this; it only keeps a request the SDK
// never answers from holding the process forever.
const drainLimit = 2 * time.Minute

// inflight tracks the client's requests that have not been answered yet.
// When the client closes its end (end of input), the SDK cancels whatever is
// still running and drops the answers; so the frame filter holds the end of
// input back until every request it passed on has its answer written (or was
// cancelled by the client). A script that sends its calls and closes stdin
// gets every answer, and a call in flight when the client leaves finishes
// whole and is logged.
type inflight struct {
	mu      sync.Mutex
	cond    *sync.Cond
	pending map[jsonrpc.ID]bool
	gone    bool // a write to the client failed: no answer can reach it
}

func newInflight() *inflight {
	f := &inflight{pending: map[jsonrpc.ID]bool{}}
	f.cond = sync.NewCond(&f.mu)
	return f
}

// incoming notes a message the client sent.
func (f *inflight) incoming(msg jsonrpc.Message) {
	req, ok := msg.(*jsonrpc.Request)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if req.ID.IsValid() {
		f.pending[req.ID] = true
		return
	}
	if req.Method == "notifications/cancelled" {
		var p struct {
			RequestID any `json:"requestId"`
		}
		if json.Unmarshal(req.Params, &p) == nil {
			if id, err := jsonrpc.MakeID(p.RequestID); err == nil {
				delete(f.pending, id)
				f.cond.Broadcast()
			}
		}
	}
}

// outgoing notes a message the server is writing.
func (f *inflight) outgoing(data []byte) {
	msg, err := jsonrpc.DecodeMessage(data)
	if err != nil {
		return
	}
	if resp, ok := msg.(*jsonrpc.Response); ok {
		f.mu.Lock()
		delete(f.pending, resp.ID)
		f.cond.Broadcast()
		f.mu.Unlock()
	}
}

// clientGone notes that the client no longer reads our output.
func (f *inflight) clientGone() {
	f.mu.Lock()
	f.gone = true
	f.cond.Broadcast()
	f.mu.Unlock()
}

// drain waits until every request has been answered (or the client is gone),
// at most drainLimit. Calls still running are waited for by the server.
func (f *inflight) drain() {
	timedOut := false
	t := time.AfterFunc(drainLimit, func() {
		f.mu.Lock()
		timedOut = true
		f.cond.Broadcast()
		f.mu.Unlock()
	})
	defer t.Stop()
	f.mu.Lock()
	for len(f.pending) > 0 && !timedOut && !f.gone {
		f.cond.Wait()
	}
	f.mu.Unlock()
}
