package transcript

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// The hand-made Cursor chat kept in testdata, and its subagent's.
const (
	cursorChat     = "3f9a1c2e-5b7d-4e8a-9c61-0d2e4f6a8b10"
	cursorSample   = "cursor/hand-made/" + cursorChat + "/" + cursorChat + ".jsonl"
	cursorSubagent = "cursor/hand-made/" + cursorChat + "/subagents/8c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f.jsonl"
)

// cursorPlaced writes the sample where Cursor keeps it, for a project
// folder that exists: <home>/.cursor/projects/<slug>/agent-transcripts/
// <chat>/<chat>.jsonl, its paths moved from /home/u/proj to the folder.
func cursorPlaced(t *testing.T, rel string) (path, root string) {
	t.Helper()
	b, err := os.ReadFile(repotest.Transcript(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	root = filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	path = filepath.Join(t.TempDir(), ".cursor", "projects", CursorSlug(root), "agent-transcripts", cursorChat, cursorChat+".jsonl")
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(root)), 0o644)
	return path, root
}

// The sample read where Cursor keeps it: the folder from the projects
// folder's name, the chat's id from the file's, every call mapped as its
// tool maps, none with a result (Cursor records none) and none said to
// be interrupted but the two of the turn that was stopped; the prompts
// from <user_query>, the local time kept as text, the redacted reasoning
// a thinking line with no text.
func TestCursorSample(t *testing.T) {
	path, root := cursorPlaced(t, cursorSample)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	calls, msgs, st := readConversation(t, NewMergingReader(f, path))
	if st.Format != AgentCursor || st.SessionID != cursorChat || st.Cwd != filepath.ToSlash(root) || !st.Started.IsZero() || st.Passed["metadata"] != 1 {
		t.Fatalf("stats %+v", st)
	}
	want := []struct{ tool, repox string }{
		{"LS", "repo_tree"}, {"Read", "repo_read_file"}, {"Grep", "repo_grep"}, {"Glob", "repo_find"},
		{"StrReplace", "repo_edit"}, {"Write", "repo_write"}, {"Shell", "repo_read_file"}, {"Shell", ""},
		{"SemanticSearch", ""}, {"TodoWrite", ""}, {"Task", ""}, {"Delete", ""}, {"Read", ""},
	}
	if len(calls) != len(want) || st.Calls != len(want) || st.FileCalls != 7 {
		t.Fatalf("%d calls (%d with an equivalent), want %d", len(calls), st.FileCalls, len(want))
	}
	for i, w := range want {
		c := calls[i]
		got := ""
		if len(c.Repox) > 0 {
			got = c.Repox[0].Tool
		}
		if c.AgentTool != w.tool || got != w.repox || (got == "" && c.NoEquivalent == "") || c.Seq != i+1 || !c.Time.IsZero() {
			t.Errorf("call %d: %s → %q (%q), want %s → %q", i+1, c.AgentTool, got, c.NoEquivalent, w.tool, w.repox)
		}
		why := cursorNoResults
		if i >= 11 {
			why = "the turn was stopped"
		}
		if !c.NoResult || c.NoResultWhy != why {
			t.Errorf("call %d: no result %v, why %q, want %q", i+1, c.NoResult, c.NoResultWhy, why)
		}
	}
	if a := repoxArgs(t, calls[1], 0); a["path"] != "src/greet.go" || a["offset"] != 1.0 || a["limit"] != 2000.0 {
		t.Errorf("Read: %v", a)
	}
	if a := repoxArgs(t, calls[4], 0); a["path"] != "src/greet.go" || a["old_string"] != "func Greet(name string) string {" {
		t.Errorf("StrReplace: %v", a)
	}
	if a := repoxArgs(t, calls[3], 0); a["query"] != "**/*_test.go" {
		t.Errorf("Glob: %v", a)
	}
	if !strings.Contains(calls[12].NoEquivalent, "/etc/hosts is outside the session's folder") || !strings.Contains(calls[11].NoEquivalent, "deletes a file") {
		t.Errorf("Delete %q, Read outside %q", calls[11].NoEquivalent, calls[12].NoEquivalent)
	}
	var kinds []string
	for _, m := range msgs {
		kinds = append(kinds, string(m.Kind))
	}
	if got := strings.Join(kinds, " "); got != "user assistant thinking assistant thinking assistant user interrupted" {
		t.Errorf("messages %s", got)
	}
	if p := msgs[0].Text; !strings.HasPrefix(p, "Add a Hello helper beside Greet in src/greet.go, with a test\n(sent Friday, Jan 2, 2026, 3:04 AM (UTC+0), the machine's local time") || !msgs[0].Time.IsZero() {
		t.Errorf("prompt %q", p)
	}
	if msgs[2].Text != "" || msgs[3].Text != "Greet is the only function; adding Hello above it." {
		t.Errorf("redacted reasoning: %+v %+v", msgs[2], msgs[3])
	}
}

// A build that writes tool_result blocks: each answers the oldest call
// not yet answered; one left over is an orphan. Without the file's path
// the folder is the one <user_info> names.
func TestCursorResultsPairByOrder(t *testing.T) {
	body := `{"role":"user","message":{"content":[{"type":"text","text":"<user_info>\nOS: linux\nWorkspace Path: /w/p\n</user_info>\n<user_query>read both</user_query>"}]}}
{"role":"assistant","message":{"content":[{"type":"tool_use","name":"Read","input":{"path":"/w/p/a.go"}},{"type":"tool_use","name":"Read","input":{"path":"b.go","offset":3,"limit":2}}]}}
{"role":"user","message":{"content":[{"type":"tool_result","content":"package a"},{"type":"tool_result","content":[{"type":"text","text":"no such file"}],"is_error":true},{"type":"tool_result","content":"extra"}]}}
{"type":"turn_ended","status":"error","error":"rate limited"}
`
	calls, st := readAllString(t, body)
	if st.Format != AgentCursor || st.Cwd != "/w/p" || st.Orphans != 1 || len(calls) != 2 {
		t.Fatalf("%+v %+v", st, calls)
	}
	if calls[0].Text != "package a" || calls[0].NoResult || calls[0].IsError || calls[0].NoResultWhy != "" {
		t.Errorf("first: %+v", calls[0])
	}
	if calls[1].Text != "no such file" || !calls[1].IsError || repoxArgs(t, calls[1], 0)["offset"] != 3.0 {
		t.Errorf("second: %+v", calls[1])
	}
	if cursorTitle([]byte(body)) != "read both" {
		t.Errorf("title %q", cursorTitle([]byte(body)))
	}
}

// Each tool, by its name of the CLI and its older name of the IDE.
func TestCursorToolMapping(t *testing.T) {
	cwd := "/w/p"
	checkMappings(t, AgentCursor, mapCursor, cwd, []mappingCase{
		{"Read", `{"path":"/w/p/a.go","offset":10,"limit":5}`, `repo_read_file {"limit":5,"offset":10,"path":"a.go"}`, ""},
		{"read_file", `{"target_file":"a.go"}`, `repo_read_file {"limit":2000,"offset":1,"path":"a.go"}`, ""},
		{"Write", `{"path":"/w/p/n.go","contents":"x"}`, `repo_write {"content":"x","path":"n.go"}`, ""},
		{"write", `{"file_path":"n.go","contents":"x"}`, `repo_write {"content":"x","path":"n.go"}`, ""},
		{"StrReplace", `{"file_path":"/w/p/a.go","old_string":"a","new_string":"b","replace_all":true}`, `repo_edit {"new_string":"b","old_string":"a","path":"a.go"}`, ""},
		{"search_replace", `{"file_path":"a.go","old_string":"a","new_string":"b"}`, `repo_edit {"new_string":"b","old_string":"a","path":"a.go"}`, ""},
		{"edit_file", `{"target_file":"a.go","code_edit":"// ... existing code ..."}`, "", "an instruction edit"},
		{"Grep", `{"pattern":"foo","path":"/w/p/src","output_mode":"content"}`, `repo_grep {"path":"src","pattern":"foo"}`, ""},
		{"grep_search", `{"query":"foo"}`, `repo_grep {"pattern":"foo"}`, ""},
		{"Grep", `{"pattern":"fo+"}`, "", "is a regular expression"},
		{"Glob", `{"glob_pattern":"*.go","target_directory":"/w/p/src"}`, `repo_find {"limit":200,"path":"src","query":"*.go"}`, ""},
		{"glob_file_search", `{"glob_pattern":"**/*.md"}`, `repo_find {"limit":200,"query":"**/*.md"}`, ""},
		{"LS", `{"target_directory":"/w/p/src"}`, `repo_tree {"path":"src"}`, ""},
		{"list_dir", `{"target_directory":"."}`, `repo_tree {}`, ""},
		{"Shell", `{"command":"cat a.go"}`, `repo_read_file`, ""},
		{"run_terminal_cmd", `{"command":"cat a.go","is_background":false}`, `repo_read_file`, ""},
		{"Shell", `{"command":"ls","working_directory":"/elsewhere"}`, "", "outside the session's folder"},
		{"Delete", `{"path":"/w/p/a.go"}`, "", "deletes a file"},
		{"delete_file", `{"target_file":"a.go"}`, "", "deletes a file"},
		{"SemanticSearch", `{"query":"q"}`, "", "semantic search"},
		{"ReadLints", `{"paths":["a.go"]}`, "", "lint"},
		{"WebSearch", `{"search_term":"q"}`, "", "web tool"},
		{"WebFetch", `{"url":"https://x"}`, "", "web tool"},
		{"TodoWrite", `{"todos":[]}`, "", "task-list"},
		{"Task", `{"prompt":"p"}`, "", "subagent"},
		{"MCP:fetch", `{}`, "", "MCP tool"},
		{"CallMcpTool", `{}`, "", "MCP tool"},
		{"mcp__repox__repo_tree", `{}`, `repo_tree {}`, ""},
		{"Frobnicate", `{}`, "", "not a file tool"},
	})
}

// The folder comes from the projects folder's name only when one
// existing folder fits it; else from an absolute path a call names.
func TestCursorFolderFromItsName(t *testing.T) {
	base := t.TempDir()
	for _, d := range []string{"a-b", "a/b", "only/one.x"} {
		os.MkdirAll(filepath.Join(base, d), 0o755)
	}
	if got := cursorSlugFolder(CursorSlug(base + "/only/one.x")); got != filepath.ToSlash(base+"/only/one.x") {
		t.Errorf("one folder fits: %q", got)
	}
	if got := cursorSlugFolder(CursorSlug(base + "/a-b")); got != "" {
		t.Errorf("two folders fit (a-b, a/b): %q", got)
	}
	if got := cursorCwdFromArgs([]byte(`{"path":"/Users/me/my.proj/src/a.go"}`), "Users-me-my-proj"); got != "/Users/me/my.proj" {
		t.Errorf("from a call's path: %q", got)
	}
	if s, c := cursorPlace("/h/.cursor/projects/Users-me-proj/agent-transcripts/c1/subagents/s2.jsonl"); s != "Users-me-proj" || c != "s2" {
		t.Errorf("place %q %q", s, c)
	}
	if s, c := cursorPlace("/h/.cursor/projects/e-Projects-x/agent-transcripts/c1.jsonl"); s != "e-Projects-x" || c != "c1" {
		t.Errorf("flat place %q %q", s, c)
	}
	if CursorSlug(`e:\Projects\x`) != "e-Projects-x" || CursorSlug("/Users/me/proj") != "Users-me-proj" {
		t.Errorf("slugs %q %q", CursorSlug(`e:\Projects\x`), CursorSlug("/Users/me/proj"))
	}
}

// The format is one registration: discoverable (its title listed),
// detected, read, and refused once it is removed.
func TestCursorRegistration(t *testing.T) {
	body := `{"role":"user","message":{"content":[{"type":"text","text":"<user_query>read a.go</user_query>"}]}}
{"role":"assistant","message":{"content":[{"type":"tool_use","name":"Read","input":{"path":"a.go"}}]}}
{"type":"turn_ended","status":"success"}
`
	checkOneRegistration(t, AgentCursor, "c1.jsonl", body, "Cursor CLI", 1)
}

// compactJSON is raw with its keys sorted, for comparing.
func compactJSON(raw []byte) []byte {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	b, _ := json.Marshal(v)
	return b
}

// mappingCase is a call of tool with args, and what it maps to: a repox
// call starting repox (its arguments with their keys sorted), or, when
// repox is "", no equivalent with a reason holding why.
type mappingCase struct{ tool, args, repox, why string }

// checkMappings maps each case's call with mapFn in the folder cwd.
func checkMappings(t *testing.T, agent Agent, mapFn func(*Call, string), cwd string, cases []mappingCase) {
	t.Helper()
	for _, c := range cases {
		call := Call{Agent: agent, AgentTool: c.tool, AgentArgs: []byte(c.args)}
		mapFn(&call, cwd)
		got := ""
		if len(call.Repox) > 0 {
			got = call.Repox[0].Tool + " " + string(compactJSON(call.Repox[0].Args))
		}
		switch {
		case c.repox != "" && !strings.HasPrefix(got, c.repox):
			t.Errorf("%s %s → %q (%q), want %s", c.tool, c.args, got, call.NoEquivalent, c.repox)
		case c.repox == "" && (got != "" || !strings.Contains(call.NoEquivalent, c.why)):
			t.Errorf("%s %s → %q, no equivalent %q, want one saying %q", c.tool, c.args, got, call.NoEquivalent, c.why)
		}
	}
}

// readConversation reads every call of rd and the messages around them.
func readConversation(t *testing.T, rd *Reader) ([]Call, []Message, Stats) {
	t.Helper()
	rd.WithConversation()
	var calls []Call
	var msgs []Message
	for {
		c, err := rd.Next()
		msgs = append(msgs, rd.Messages(c)...)
		if errors.Is(err, io.EOF) {
			return calls, msgs, rd.Stats()
		}
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls, c)
	}
}
