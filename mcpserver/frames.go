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
// so the SDK's messages and this package's error answers never interleave.
type lockedWriter struct {
	mu       sync.Mutex
	w        io.Writer
	inflight *inflight
}

func (lw *lockedWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	n, err := lw.w.Write(p)
	lw.inflight.outgoing(p)
	if err != nil {
		lw.inflight.clientGone()
	}
	return n, err
}

func (lw *lockedWriter) Close() error { return nil }

// frameFilter sits between stdin and the SDK's newline-delimited transport.
// The SDK ends the whole connection on one line that is not a JSON-RPC
// message; JSON-RPC asks for an error answer instead. So each line is checked
// here: a good message passes through unchanged, a bad one is answered with
// a parse error (-32700) or an invalid-request error (-32600) and dropped,
// and the server goes on.
type frameFilter struct {
	br       *bufio.Reader
	out      io.Writer
	inflight *inflight
	pending  []byte
	err      error // deferred read error, returned once pending is drained
}

func newFrameFilter(in io.Reader, out io.Writer, fl *inflight) *frameFilter {
	return &frameFilter{br: bufio.NewReaderSize(in, 64<<10), out: out, inflight: fl}
}

func (f *frameFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		if f.err != nil {
			f.inflight.drain()
			return 0, f.err
		}
		line, tooLong, err := readFrame(f.br)
		switch {
		case tooLong:
			f.answer(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("message is over %d bytes; nothing was done", maxFrame))
		case len(bytes.TrimSpace(line)) > 0:
			if msg, id, code, why := checkFrame(line); code != 0 {
				f.answer(id, code, why)
			} else {
				f.inflight.incoming(msg)
				f.pending = append(line, '\n')
			}
		}
		if err != nil {
			f.err = err
		}
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

func (f *frameFilter) Close() error { return nil }

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
