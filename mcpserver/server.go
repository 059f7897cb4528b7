package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/repoxhq/repox/repoops"
)

// serveOptions configures one server.
type serveOptions struct {
	readOnly bool
	// structured adds each result's typed value as structuredContent. It is
	// off by default: clients that see structuredContent (Claude Code, VS
	// Code) pass its JSON to the model instead of the text, and then the
	// model no longer sees what repox shows.
	structured bool
	log        *callLog
	stderr     io.Writer
	version    string
}

// server serves one repoops session over MCP.
type server struct {
	session *repoops.Session
	opts    serveOptions
	mcp     *mcp.Server
	calls   sync.WaitGroup // calls in flight, waited for before exit
}

func newServer(session *repoops.Session, opts serveOptions) *server {
	s := &server{session: session, opts: opts}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "repox", Title: "repox", Version: opts.version}, &mcp.ServerOptions{
		Instructions: instructions(opts.readOnly),
		// Tools only; the list never changes while the server runs.
		Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}},
	})
	for _, t := range repoops.Tools() {
		if opts.readOnly && !t.ReadOnly {
			continue
		}
		s.mcp.AddTool(mcpTool(t), s.handler(t.Name))
	}
	return s
}

// handler runs one registry tool. The arguments go to the registry as they
// were sent: its strict decoding refuses what is wrong with a sentence, and
// that refusal is an isError result with the same text as `repox call`.
// Only arguments that are not a JSON object at all break the MCP contract;
// those get a protocol error (invalid params) carrying the registry's
// sentence.
func (s *server) handler(name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		s.calls.Add(1)
		defer s.calls.Done()
		raw := []byte(req.Params.Arguments)
		rec, res := s.session.CallRecorded(ctx, name, raw)
		if s.opts.log != nil {
			if err := s.opts.log.write(rec); err != nil {
				fmt.Fprintf(s.opts.stderr, "repox mcp: call log %s: %v\n", s.opts.log.path, err)
			}
		}
		if !isObjectOrAbsent(raw) {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: res.Text}
		}
		out := &mcp.CallToolResult{
			Content: []mcp.Content{&mcp.TextContent{Text: res.Text}},
			IsError: res.IsError,
		}
		if s.opts.structured {
			out.StructuredContent = structuredObject(res.Structured)
		}
		return out, nil
	}
}

// isObjectOrAbsent reports whether raw arguments are a JSON object, or not
// given (absent or null, which the registry reads as no arguments).
func isObjectOrAbsent(raw []byte) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) == 0 || bytes.Equal(raw, []byte("null")) || raw[0] == '{'
}

// structuredObject returns v when it encodes as a JSON object (MCP's
// structuredContent must be one), or wraps it as {"result": v}.
func structuredObject(v any) any {
	b, err := json.Marshal(v)
	if err == nil && len(b) > 0 && b[0] == '{' {
		return json.RawMessage(b)
	}
	return map[string]any{"result": v}
}

// instructions tells the model how the caps and the gate work.
func instructions(readOnly bool) string {
	s := `repox serves file tools for one repository. Paths are relative to its root ("" is the root).
Every cap is stated and counted: when a listing, search or read is cut, the text says so, counts what was left out, and names the call that shows the rest. Something missing from a cut result may still exist.
repo_tree stops at a depth: a folder marked [contents not listed] has more inside — call repo_tree with that path. repo_grep's "searched N files; skipped ..." line makes "no match" a complete answer.
`
	if readOnly {
		return s + "This server is read-only: it serves no tool that changes files.\n"
	}
	return s + `Edits change only lines you have seen in this connection: repo_edit, repo_insert and an overwriting repo_write are refused when a line they change was not shown whole by your repo_read_file windows of the file as it is now (windows of one version add up, so read a long file in windows; your own edits keep what you saw; anyone else's change means reading again). Each refusal names the unseen lines and the read that shows them.
`
}
