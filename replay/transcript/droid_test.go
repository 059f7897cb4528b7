package transcript

import (
	"os"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// droidSample is the hand-made Factory Droid session kept in testdata.
const (
	droidSampleID = "7e1b3c5d-2f4a-4b6c-8d9e-0a1b2c3d4e5f"
	droidSample   = "droid/hand-made/" + droidSampleID + ".jsonl"
)

// The sample: its header's id and folder, every call paired with its
// result by id and mapped as its tool maps, Execute's exit line read (a
// code other than 0 is an error), the conversation with the system
// reminders left out, thinking (redacted too) and the compaction.
func TestDroidSample(t *testing.T) {
	f, err := os.Open(repotest.Transcript(t, droidSample))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	calls, msgs, st := readConversation(t, NewReader(f))
	if st.Format != AgentDroid || st.SessionID != droidSampleID || st.Cwd != "/home/u/proj" || st.Started.IsZero() || st.Passed["todo_state"] != 1 || st.Orphans != 0 {
		t.Fatalf("stats %+v", st)
	}
	want := []struct{ tool, repox string }{
		{"LS", "repo_tree"}, {"Read", "repo_read_file"}, {"Grep", "repo_grep"}, {"Glob", "repo_find"},
		{"Edit", "repo_edit"}, {"Create", "repo_write"}, {"Execute", "repo_read_file"}, {"Execute", ""},
		{"TodoWrite", ""}, {"WebSearch", ""}, {"mcp__github__search_issues", ""}, {"Task", ""}, {"Execute", ""}, {"Read", ""},
	}
	if len(calls) != len(want) || st.FileCalls != 7 {
		t.Fatalf("%d calls (%d with an equivalent), want %d", len(calls), st.FileCalls, len(want))
	}
	for i, w := range want {
		c := calls[i]
		got := ""
		if len(c.Repox) > 0 {
			got = c.Repox[0].Tool
		}
		if c.AgentTool != w.tool || got != w.repox || (got == "" && c.NoEquivalent == "") || c.NoResult || c.Time.IsZero() {
			t.Errorf("call %d: %s → %q (%q), no result %v, want %s → %q", i+1, c.AgentTool, got, c.NoEquivalent, c.NoResult, w.tool, w.repox)
		}
	}
	if a := repoxArgs(t, calls[4], 0); a["path"] != "src/greet.go" || a["old_string"] != "func Greet(name string) string {" {
		t.Errorf("Edit: %v", a)
	}
	if s := calls[1].Saw; s == nil || len(s.Lines) != 5 || s.Lines[2] != (SawLine{N: 3, Text: "func Greet(name string) string {"}) {
		t.Errorf("Read saw %+v", s)
	}
	numbered := Call{AgentTool: "Read", Repox: []ToolCall{{Tool: "repo_read_file", Args: RawJSON(map[string]any{"path": "a.go", "offset": 7})}}}
	if s := droidReadSaw(&numbered, "     7→x\n     8→\ty\n"); s == nil || len(s.Lines) != 2 || s.Lines[1] != (SawLine{N: 8, Text: "\ty"}) {
		t.Errorf("a numbered Read saw %+v", s)
	}
	if s := calls[6].Saw; s == nil || len(s.Lines) != 9 || s.Lines[2].Text != "func Hello() string {" || calls[6].IsError {
		t.Errorf("Execute cat: saw %+v", s)
	}
	if !calls[12].IsError || !calls[13].IsError || !strings.Contains(calls[13].NoEquivalent, "outside the session's folder") {
		t.Errorf("rm exit 1 %+v; Read outside %+v", calls[12], calls[13])
	}
	if !strings.Contains(calls[10].NoEquivalent, `server "github"`) || !strings.Contains(calls[11].NoEquivalent, "subagent") {
		t.Errorf("mcp %q, Task %q", calls[10].NoEquivalent, calls[11].NoEquivalent)
	}
	var kinds []string
	for _, m := range msgs {
		kinds = append(kinds, string(m.Kind))
	}
	if got := strings.Join(kinds, " "); got != "user thinking assistant thinking assistant compaction user assistant" {
		t.Errorf("messages %s", got)
	}
	if msgs[0].Text != "Add a Hello helper beside Greet in src/greet.go, with a test" || msgs[3].Text != "" || !strings.HasPrefix(msgs[5].Text, "Hello was added") {
		t.Errorf("prompt %q, redacted %q, compaction %q", msgs[0].Text, msgs[3].Text, msgs[5].Text)
	}
	b, _ := os.ReadFile(repotest.Transcript(t, droidSample))
	if got := SessionTitle(AgentDroid, b); got != "Add a Hello helper beside Greet" {
		t.Errorf("title %q", got)
	}
}

// Each tool Droid has, on hand-made calls.
func TestDroidToolMapping(t *testing.T) {
	cwd := "/w/p"
	checkMappings(t, AgentDroid, mapDroid, cwd, []mappingCase{
		{"Read", `{"file_path":"/w/p/a.go","offset":10,"limit":5}`, `repo_read_file {"limit":5,"offset":10,"path":"a.go"}`, ""},
		{"LS", `{"directory_path":"/w/p/src","ignorePatterns":["*.tmp"]}`, `repo_tree {"path":"src"}`, ""},
		{"Create", `{"file_path":"/w/p/n.go","content":"x"}`, `repo_write {"content":"x","path":"n.go"}`, ""},
		{"Edit", `{"file_path":"/w/p/a.go","old_str":"a","new_str":"b"}`, `repo_edit {"new_string":"b","old_string":"a","path":"a.go"}`, ""},
		{"MultiEdit", `{"file_path":"/w/p/a.go","edits":[{"old_str":"a","new_str":"b"},{"old_string":"c","new_string":"d"}]}`, `repo_edit {"new_string":"b","old_string":"a","path":"a.go"}`, ""},
		{"ApplyPatch", `{"input":"*** Begin Patch\n*** Add File: n.go\n+x\n*** End Patch"}`, `repo_write`, ""},
		{"Grep", `{"pattern":"foo","path":"/w/p/src","output_mode":"content"}`, `repo_grep {"path":"src","pattern":"foo"}`, ""},
		{"Grep", `{"pattern":"fo+"}`, "", "is a regular expression"},
		{"Glob", `{"patterns":["*.go","*.md"],"folder":"/w/p/src"}`, `repo_find {"limit":200,"path":"src","query":"*.go"}`, ""},
		{"Glob", `{"glob_pattern":"/elsewhere/*.go"}`, "", "outside the session's folder"},
		{"Execute", `{"command":"cat a.go","riskLevel":"low"}`, `repo_read_file`, ""},
		{"Execute", `{"command":"make"}`, "", "not a plain read"},
		{"Read", `{"file_path":"/etc/hosts"}`, "", "outside the session's folder"},
		{"TodoWrite", `{"todos":"- a"}`, "", "task-list"},
		{"WebSearch", `{"query":"q"}`, "", "web tool"},
		{"FetchUrl", `{"url":"https://x"}`, "", "web tool"},
		{"Task", `{"prompt":"p"}`, "", "subagent"},
		{"mcp__repox__repo_tree", `{}`, `repo_tree {}`, ""},
		{"mcp__github__get_issue", `{}`, "", `server "github"`},
		{"Frobnicate", `{}`, "", `Droid's tool "Frobnicate"`},
	})
}

// The format is one registration: discoverable, detected, read, and no
// longer read (refused as no transcript repox reads) once removed.
func TestDroidRegistration(t *testing.T) {
	body := `{"type":"session_start","id":"d-1","title":"read a.go","owner":"u","version":2,"cwd":"/home/u/proj"}
{"type":"message","id":"m1","timestamp":"2026-01-02T03:04:06.000Z","message":{"role":"user","content":[{"type":"text","text":"read a.go"}]}}
{"type":"message","id":"m2","timestamp":"2026-01-02T03:04:07.000Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"tu1","name":"Read","input":{"file_path":"/home/u/proj/a.go"}}]},"parentId":"m1"}
{"type":"message","id":"m3","timestamp":"2026-01-02T03:04:08.000Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"tu1","content":"package a"}]},"parentId":"m2"}
`
	// without its header, a message with a tool block is Droid's alone
	headless := body[strings.Index(body, "\n")+1:]
	if _, st, err := ReadAll(strings.NewReader(headless)); err != nil || st.Format != AgentDroid {
		t.Errorf("headless: %v %+v", err, st)
	}
	checkOneRegistration(t, AgentDroid, "d-1.jsonl", body, "Factory Droid", 1)
}
