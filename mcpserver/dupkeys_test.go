package mcpserver

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// A key given twice in a message or its params is refused before anything
// runs: decoders disagree on which of the two counts, so a proxy, a log
// reader and the server could each see another tool or other arguments.
func TestDuplicateEnvelopeKeysAreRefused(t *testing.T) {
	dir := gitFixture(t)
	r := startRaw(t, "--root", dir)
	r.send(t, initLine, initializedLine,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"repo_write","name":"repo_read_file","arguments":{"path":"two-names.txt","content":"x"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"repo_write","arguments":{"path":"first.txt","content":"a"},"arguments":{"path":"second.txt","content":"b"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"na\u006de":"repo_write","name":"repo_tree","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","method":"ping","params":{"name":"repo_tree"}}`,
		`{"jsonrpc":"2.0","id":6,"id":7,"method":"ping"}`,
		callLine(8, "repo_tree", map[string]any{"max_depth": 1}))
	r.stdin.Close()
	out, _ := io.ReadAll(r.stdout)
	if err := r.cmd.Wait(); err != nil || r.stderr.Len() > 0 {
		t.Fatalf("exit %v, stderr %s", err, r.stderr.String())
	}
	byID := messages(t, out)
	for id, key := range map[string]string{"2": "name", "3": "arguments", "4": "name"} {
		e, ok := byID[id].Error.(*jsonrpc.Error)
		if byID[id] == nil || !ok || e.Code != jsonrpc.CodeInvalidParams || !strings.Contains(e.Message, `"`+key+`" twice`) || !strings.Contains(e.Message, "send each key once") {
			t.Errorf("call %s: %v, want invalid params naming %q", id, byID[id], key)
		}
	}
	var nullRefusals int
	for key, resp := range byID {
		if e, ok := resp.Error.(*jsonrpc.Error); ok && strings.HasPrefix(key, "null#") && e.Code == jsonrpc.CodeInvalidRequest && strings.Contains(e.Message, "twice") {
			nullRefusals++
		}
	}
	if nullRefusals != 2 || byID["5"] != nil || byID["6"] != nil || byID["7"] != nil {
		t.Errorf("a doubled method or id: %d refusals with id null, want 2\n%s", nullRefusals, out)
	}
	if byID["8"] == nil || byID["8"].Error != nil {
		t.Errorf("the call after the refusals: %v", byID["8"])
	}
	for _, name := range []string{"two-names.txt", "first.txt", "second.txt"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s was written", name)
		}
	}
}
