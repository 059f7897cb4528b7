package mcpserver

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// readCalls are calls that change nothing: answers, caps and refusals of
// every read tool, and the argument refusals the registry's decoding gives.
var readCalls = []batchLine{
	{"repo_tree", ""},
	{"repo_tree", `{}`},
	{"repo_tree", `{"max_depth":1}`},
	{"repo_tree", `{"path":"docs","max_depth":2}`},
	{"repo_tree", `{"max_entries":3}`},
	{"repo_tree", `{"max_depth":9}`},
	{"repo_tree", `{"path":"../x"}`},
	{"repo_find", `{"query":"main"}`},
	{"repo_find", `{"query":"*.txt","limit":2}`},
	{"repo_find", `{"query":"nothing-like-this"}`},
	{"repo_find", `{}`},
	{"repo_grep", `{"pattern":"needle"}`},
	{"repo_grep", `{"pattern":"needle","case_sensitive":false}`},
	{"repo_grep", `{"pattern":"x = 1","path":"dup.txt"}`},
	{"repo_grep", `{"pattern":"absent"}`},
	{"repo_grep", `{"pattern":""}`},
	{"repo_read_file", `{"path":"src/main.go"}`},
	{"repo_read_file", `{"path":"src/main.go","offset":2,"limit":2}`},
	{"repo_read_file", `{"path":"crlf.txt"}`},
	{"repo_read_file", `{"path":"src"}`},
	{"repo_read_file", `{"path":"missing.go"}`},
	{"repo_read_file", `{"path":"src/main.go","offset":99}`},
	{"repo_git", `{"cmd":"status"}`},
	{"repo_git", `{"cmd":"log","n":1}`},
	{"repo_git", `{"cmd":"ls-files","path":"src"}`},
	{"repo_git", `{"cmd":"push"}`},
	{"repo_git", `{"cmd":"show"}`},
	{"repo_git", `{"cmd":"show","rev":"HEAD","path":"src"}`},
	{"repo_git", `{"cmd":"show","rev":"--output=/tmp/x"}`},
	{"repo_git", `{"cmd":"blame","path":"src/main.go"}`},
	{"repo_git", `{"cmd":"blame","path":"src/main.go","lines":"2-3"}`},
	{"repo_git", `{"cmd":"blame","path":"src/main.go","lines":"99"}`},
	{"repo_git", `{"cmd":"blame","path":"src"}`},
	// argument refusals
	{"repo_tree", `{"bogus":1}`},
	{"repo_tree", `{"max_depth":"2"}`},
	{"repo_read_file", `{"path":"a","path":"b"}`},
	{"repo_grep", `{"pattern":1}`},
	// writers refused in a fresh session: no read there
	{"repo_edit", `{"path":"dup.txt","old_string":"y = 2","new_string":"y = 3"}`},
	{"repo_insert", `{"path":"dup.txt","after_line":1,"content":"w = 0"}`},
	{"repo_write", `{"path":"dup.txt","content":"all new\n"}`},
	{"repo_edit", `{"path":"dup.txt"}`},
}

// Every text a client gets is byte for byte what `repox call` prints for the
// same call, answers and refusals alike, and isError matches its exit code.
func TestEveryToolTextMatchesRepoxCall(t *testing.T) {
	dir := gitFixture(t)
	c := connect(t, "--root", dir)
	seen := map[string]bool{}
	for _, bc := range readCalls {
		res, err := c.call(t, bc.tool, bc.args)
		if err != nil {
			t.Fatalf("%s %s: protocol error %v", bc.tool, bc.args, err)
		}
		got := text(t, res)
		want, code := repoxCall(t, dir, bc.tool, bc.args)
		if got != want {
			t.Errorf("%s %s:\n mcp: %q\ncall: %q", bc.tool, bc.args, got, want)
		}
		if res.IsError != (code == 1) {
			t.Errorf("%s %s: isError %v, repox call exit %d", bc.tool, bc.args, res.IsError, code)
		}
		if res.StructuredContent != nil {
			t.Errorf("%s %s: structuredContent without --structured", bc.tool, bc.args)
		}
		seen[bc.tool] = true
	}
	for _, tool := range listTools(t, c) {
		if !seen[tool.Name] {
			t.Errorf("no call of %s in this test", tool.Name)
		}
	}
}

// The writers' answers, in one session each, match `repox call --batch`
// running the same calls on an identical repository.
func TestWriterTextsMatchRepoxBatch(t *testing.T) {
	sequences := [][]batchLine{
		{
			{"repo_read_file", `{"path":"dup.txt"}`},
			{"repo_edit", `{"path":"dup.txt","old_string":"x = 1","new_string":"x = 9"}`},
			{"repo_edit", `{"path":"dup.txt","old_string":"x = 1","new_string":"x = 9","expected_count":3}`},
			{"repo_read_file", `{"path":"dup.txt"}`},
		},
		{
			{"repo_read_file", `{"path":"crlf.txt"}`},
			{"repo_insert", `{"path":"crlf.txt","after_line":1,"content":"one and a half"}`},
			{"repo_insert", `{"path":"crlf.txt","after_line":9,"content":"late"}`},
			{"repo_read_file", `{"path":"crlf.txt"}`},
		},
		{
			{"repo_write", `{"path":"new/dir/file.txt","content":"fresh\n"}`},
			{"repo_write", `{"path":"README.md","content":"overwritten\n"}`},
			{"repo_read_file", `{"path":"README.md"}`},
			{"repo_write", `{"path":"README.md","content":"overwritten\n"}`},
			{"repo_read_file", `{"path":"README.md","offset":1,"limit":1}`},
			{"repo_read_file", `{"path":"src/main.go","limit":2}`},
			{"repo_edit", `{"path":"src/main.go","old_string":"needle","new_string":"pin"}`},
		},
	}
	for _, seq := range sequences {
		mcpDir, batchDir := gitFixture(t), gitFixture(t)
		c := connect(t, "--root", mcpDir)
		want, wantErr := repoxBatch(t, batchDir, seq)
		for i, bc := range seq {
			res, err := c.call(t, bc.tool, bc.args)
			if err != nil {
				t.Fatalf("%s %s: %v", bc.tool, bc.args, err)
			}
			got := strings.ReplaceAll(text(t, res), mcpDir, "ROOT")
			w := strings.ReplaceAll(want[i], batchDir, "ROOT")
			if got != w || res.IsError != wantErr[i] {
				t.Errorf("%s %s:\n mcp: %v %q\ncall: %v %q", bc.tool, bc.args, res.IsError, got, wantErr[i], w)
			}
		}
	}
}

// One connection is one session: a full read there lets an edit through;
// the same edit from a second connection, which has read nothing, is refused
// with the same text `repox call` gives, and changes nothing.
func TestGateIsPerConnection(t *testing.T) {
	dir := gitFixture(t)
	a := connect(t, "--root", dir)
	mustText := func(c *conn, tool, args string, wantErr bool) string {
		t.Helper()
		res, err := c.call(t, tool, args)
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		if res.IsError != wantErr {
			t.Fatalf("%s %s: isError %v: %s", tool, args, res.IsError, text(t, res))
		}
		return text(t, res)
	}
	mustText(a, "repo_read_file", `{"path":"src/main.go"}`, false)
	edit := `{"path":"src/main.go","old_string":"// needle here","new_string":"// pin here"}`
	mustText(a, "repo_edit", edit, false)
	if after := mustText(a, "repo_read_file", `{"path":"src/main.go"}`, false); !strings.Contains(after, "3→// pin here") {
		t.Fatalf("read after the edit:\n%s", after)
	}
	// The grant is refreshed by the edit: a second edit needs no new read.
	mustText(a, "repo_edit", `{"path":"src/main.go","old_string":"// pin here","new_string":"// pin there"}`, false)

	b := connect(t, "--root", dir)
	edit2 := `{"path":"src/main.go","old_string":"// pin there","new_string":"// stolen"}`
	refusal := mustText(b, "repo_edit", edit2, true)
	want, code := repoxCall(t, dir, "repo_edit", edit2)
	if refusal != want || code != 1 {
		t.Fatalf("second connection's refusal:\n%q\nrepox call:\n%q (exit %d)", refusal, want, code)
	}
	data, err := os.ReadFile(filepath.Join(dir, "src/main.go"))
	if err != nil || !strings.Contains(string(data), "// pin there") || strings.Contains(string(data), "stolen") {
		t.Fatalf("file after the refused edit: %q %v", data, err)
	}
	// The first connection still holds its grant.
	mustText(a, "repo_edit", `{"path":"src/main.go","old_string":"// pin there","new_string":"// kept"}`, false)
}

// Bad arguments are the tool's own refusals (isError, the registry's text);
// arguments that are not an object break the MCP contract and get invalid
// params with the same sentence; an unknown tool gets invalid params; and
// the connection goes on after each.
func TestBadArgumentsAndUnknownTools(t *testing.T) {
	dir := gitFixture(t)
	c := connect(t, "--root", dir)
	// (How the registry decodes keys is its business; the server passes the
	// arguments through, so its answer is whatever repox call says.)
	for _, args := range []string{`{"path":1}`, `{"path":"dup.txt","limit":0}`, `{"Path":"dup.txt"}`, `{"path":"dup.txt","extra":true}`, `{"path":"dup.txt","limit":null}`} {
		res, err := c.call(t, "repo_read_file", args)
		if err != nil {
			t.Fatalf("%s: protocol error %v", args, err)
		}
		want, code := repoxCall(t, dir, "repo_read_file", args)
		if res.IsError != (code == 1) || text(t, res) != want {
			t.Errorf("%s: isError %v %q, want %q", args, res.IsError, text(t, res), want)
		}
	}
	for _, args := range []string{`[1]`, `"dup.txt"`, `7`} {
		_, err := c.call(t, "repo_read_file", args)
		var je *jsonrpc.Error
		want, _ := repoxCall(t, dir, "repo_read_file", args)
		if !errors.As(err, &je) || je.Code != jsonrpc.CodeInvalidParams || je.Message != want {
			t.Errorf("arguments %s: %v, want invalid params %q", args, err, want)
		}
	}
	_, err := c.call(t, "repo_delete", `{}`)
	var je *jsonrpc.Error
	if !errors.As(err, &je) || je.Code != jsonrpc.CodeInvalidParams || !strings.Contains(je.Message, "repo_delete") {
		t.Fatalf("unknown tool: %v", err)
	}
	res, err := c.call(t, "repo_read_file", `{"path":"dup.txt"}`)
	if err != nil || res.IsError {
		t.Fatalf("the connection did not go on: %v %v", err, res)
	}
}

// With --structured every result carries structuredContent, refusals
// included (a client that requires it never fails a call).
func TestStructuredOnEveryResult(t *testing.T) {
	dir := gitFixture(t)
	c := connect(t, "--root", dir, "--structured")
	plain := connect(t, "--root", dir)
	for _, bc := range readCalls {
		res, err := c.call(t, bc.tool, bc.args)
		if err != nil {
			t.Fatal(err)
		}
		want, err := plain.call(t, bc.tool, bc.args)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := res.StructuredContent.(map[string]any)
		if !ok || len(m) == 0 {
			t.Errorf("%s %s: structuredContent %#v", bc.tool, bc.args, res.StructuredContent)
		}
		if res.IsError && m["error"] != text(t, res) {
			t.Errorf("%s %s: refusal's structured error %v", bc.tool, bc.args, m["error"])
		}
		if text(t, res) != text(t, want) || res.IsError != want.IsError {
			t.Errorf("%s %s: the result differs with --structured", bc.tool, bc.args)
		}
	}
}
