package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// The real Pi sessions kept in testdata (version 1), and the hand-made
// one of version 3.
const (
	piBeforeCompaction = "pi/badlogic-pi-mono/before-compaction.EXCERPT.jsonl"
	piLargeSession     = "pi/badlogic-pi-mono/large-session.EXCERPT.jsonl"
	piHandMade         = "pi/hand-made/2026-01-02T03-04-05-000Z_0b6d5f2e-3c1a-4e8f-9d27-5a4c3b2e1f00.jsonl"
)

// The mapping of each tool Pi has, on hand-made calls.
func TestPiToolMapping(t *testing.T) {
	for _, c := range []struct{ tool, args, repox, no string }{
		{"read", `{"path":"/w/p/a.go"}`, `repo_read_file {"limit":2000,"offset":1,"path":"a.go"}`, ""},
		{"read", `{"path":"a.go","offset":10,"limit":5}`, `repo_read_file {"limit":5,"offset":10,"path":"a.go"}`, ""},
		{"read", `{"path":"@src/a.go"}`, `repo_read_file {"limit":2000,"offset":1,"path":"src/a.go"}`, ""},
		{"read", `{"path":"~/notes.md"}`, ``, "home folder"},
		{"read", `{"path":"../other/a.go"}`, ``, "outside"},
		{"edit", `{"path":"a.go","oldText":"x","newText":"y"}`, `repo_edit {"path":"a.go","old_string":"x","new_string":"y"}`, ""},
		{"edit", `{"path":"a.go","edits":[{"oldText":"x","newText":"y"},{"oldText":"z","newText":"w"}]}`, `repo_edit {"path":"a.go","old_string":"x","new_string":"y"}`, ""},
		{"edit", `{"path":"a.go"}`, ``, "without oldText"},
		{"write", `{"path":"b.go","content":"package b\n"}`, `repo_write {"content":"package b\n","path":"b.go"}`, ""},
		{"write", `{"path":"b.go"}`, ``, "without content"},
		{"grep", `{"pattern":"func main","path":"cmd"}`, `repo_grep {"path":"cmd","pattern":"func main"}`, ""},
		{"grep", `{"pattern":"a.*b"}`, ``, "regular expression"},
		{"grep", `{"pattern":"a.*b","literal":true,"ignoreCase":true}`, `repo_grep {"case_sensitive":false,"pattern":"a.*b"}`, ""},
		{"find", `{"pattern":"*.go","path":"src"}`, `repo_find {"limit":200,"path":"src","query":"*.go"}`, ""},
		{"ls", `{"path":"src"}`, `repo_tree {"max_depth":1,"path":"src"}`, ""},
		{"ls", `{}`, `repo_tree {"max_depth":1}`, ""},
		{"bash", `{"command":"cat a.go"}`, `repo_read_file`, ""},
		{"bash", `{"command":"npm test"}`, ``, "not a plain read"},
		{"subagent", `{"task":"x"}`, ``, "not a file tool"},
		{"mcp__repox__repo_tree", `{}`, `repo_tree {}`, ""},
	} {
		call := Call{AgentTool: c.tool, AgentArgs: json.RawMessage(c.args)}
		mapPi(&call, "/w/p")
		got := ""
		if len(call.Repox) > 0 {
			got = call.Repox[0].Tool + " " + string(call.Repox[0].Args)
		}
		if c.repox != "" && !strings.HasPrefix(got, c.repox) || c.repox == "" && (got != "" || !strings.Contains(call.NoEquivalent, c.no)) {
			t.Errorf("%s %s: %q (no equivalent: %q), want %q %q", c.tool, c.args, got, call.NoEquivalent, c.repox, c.no)
		}
		if c.tool == "edit" && strings.Contains(c.args, "edits") && (len(call.Repox) != 2 || call.Approx == "") {
			t.Errorf("edits[]: %+v", call)
		}
	}
}

// piCounted is what a Pi session holds, counted without the reader: the
// toolCall blocks (and of those, the built-in file tools' and the ones
// of replies that ended in an error or were aborted, which never ran),
// the person's commands and the results.
type piCounted struct {
	calls, fileTools, neverRan, bash, results int
	tools                                     map[string]int
	firstPrompt                               string
}

func countPi(t *testing.T, b []byte) piCounted {
	t.Helper()
	n := piCounted{tools: map[string]int{}}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		var e struct {
			Type    string `json:"type"`
			Message struct {
				Role       string          `json:"role"`
				StopReason string          `json:"stopReason"`
				Content    json.RawMessage `json:"content"`
			} `json:"message"`
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		if e.Type != "message" {
			continue
		}
		var blocks []struct{ Type, Name, Text string }
		json.Unmarshal(e.Message.Content, &blocks)
		switch e.Message.Role {
		case "user":
			if n.firstPrompt == "" && len(blocks) > 0 {
				n.firstPrompt = blocks[0].Text
			}
		case "toolResult":
			n.results++
		case "bashExecution":
			n.bash++
		}
		for _, bl := range blocks {
			if bl.Type != "toolCall" {
				continue
			}
			n.calls++
			n.tools[bl.Name]++
			switch bl.Name {
			case "read", "edit", "write", "grep", "find", "ls":
				n.fileTools++
			}
			if e.Message.StopReason == "error" || e.Message.StopReason == "aborted" {
				n.neverRan++
			}
		}
	}
	return n
}

// The real sessions: every call counted, each file tool mapped, each
// result paired with its call, the calls that never ran said so.
func TestPiSampleCalls(t *testing.T) {
	for _, c := range []struct {
		file, cwd, title string
		compactions      int
	}{
		{piBeforeCompaction, "/Users/badlogic/workspaces/pi-mono", "alright, read @packages/coding-agent/src/main.ts @packages/coding-agent/src/tui/tui-renderer.ts in full.", 2},
		{piLargeSession, "/Users/badlogic/workspaces/pi-mono", "/mode", 0},
	} {
		b, err := os.ReadFile(repotest.Transcript(t, c.file))
		if err != nil {
			t.Fatal(err)
		}
		want := countPi(t, b)
		calls, said, st := readWithTalk(t, b)
		if st.Format != AgentPi || st.Calls != want.calls+want.bash || len(calls) != st.Calls || st.Cwd != c.cwd ||
			st.Skipped != 0 || st.Unknown != 0 || st.Pending != 0 {
			t.Fatalf("%s: stats %+v, %d calls; counted %+v", c.file, st, len(calls), want)
		}
		tools, noResult, paired := map[string]int{}, 0, 0
		for _, call := range calls {
			if call.AgentTool == "bashExecution" {
				continue
			}
			tools[call.AgentTool]++
			switch {
			case call.NoResult:
				noResult++
			default:
				paired++
			}
			switch call.AgentTool {
			case "read", "edit", "write":
				if !call.IsFileTool() {
					t.Errorf("%s: %s not mapped: %s", c.file, call.AgentTool, call.NoEquivalent)
				}
			}
			if call.AgentTool == "read" && !call.NoResult && !call.IsError && call.Saw == nil {
				t.Errorf("%s: a read with no lines seen: %+v", c.file, call)
			}
		}
		for tool, n := range want.tools {
			if tools[tool] != n {
				t.Errorf("%s: %d %s calls, counted %d", c.file, tools[tool], tool, n)
			}
		}
		// the excerpts cut some pairs apart: a result whose call was left
		// out is an orphan, a call whose result was is given up
		if noResult < want.neverRan || paired+st.Orphans != want.results || st.FileCalls < want.fileTools {
			t.Errorf("%s: %d without a result (%d never ran), %d paired, %d orphans of %d results; %d file calls, %d file tools",
				c.file, noResult, want.neverRan, paired, st.Orphans, want.results, st.FileCalls, want.fileTools)
		}
		kinds := map[MessageKind]int{}
		for _, m := range said {
			kinds[m.Kind]++
		}
		if kinds[MessageCompaction] != c.compactions || kinds[MessageUser] == 0 || said[0].Kind != MessageUser || !strings.HasPrefix(said[0].Text, want.firstPrompt[:min(20, len(want.firstPrompt))]) {
			t.Errorf("%s: conversation %v, first %+v", c.file, kinds, said[0])
		}
		if got := SessionTitle(AgentPi, b[:min(len(b), titleHeadMax)]); !strings.HasPrefix(got, c.title) {
			t.Errorf("%s: title %q, want %q…", c.file, got, c.title)
		}
	}
}

// The first read of before-compaction was cut at 50 KB: Pi said so, and
// where to go on; the reply with 16 calls that ended in an error never ran
// them.
func TestPiSampleDetails(t *testing.T) {
	b, _ := os.ReadFile(repotest.Transcript(t, piBeforeCompaction))
	calls, said, st := readWithTalk(t, b)
	s := calls[1].Saw
	if s == nil || !s.Cut || !s.Counted || s.TotalLines != 2377 || len(s.Lines) != 1603 || s.Lines[0].N != 1 || s.Path != "packages/coding-agent/src/tui/tui-renderer.ts" {
		t.Errorf("the cut read saw %+v", s)
	}
	if s := calls[2].Saw; s == nil || s.Lines[0].N != 1604 || s.Cut {
		t.Errorf("the read from offset 1604 saw %+v", s)
	}
	if st.Passed["model_change"] != 5 || st.Passed["thinking_level_change"] != 5 {
		t.Errorf("passed %v", st.Passed)
	}
	bash := 0
	for _, c := range calls {
		if c.AgentTool == "bashExecution" {
			bash++
			if c.NoResult || c.Text == "" {
				t.Errorf("the person's command %+v", c)
			}
		}
	}
	interrupted := 0
	for _, m := range said {
		if m.Kind == MessageInterrupted {
			interrupted++
		}
	}
	if bash != 3 || interrupted == 0 {
		t.Errorf("%d commands of the person, %d interruptions", bash, interrupted)
	}
	b, _ = os.ReadFile(repotest.Transcript(t, piLargeSession))
	calls, _, _ = readWithTalk(t, b)
	never := 0
	for _, c := range calls {
		if c.NoResult {
			never++
		}
	}
	if never != 16 {
		t.Errorf("%d calls without a result, want the 16 of the reply that ended in an error", never)
	}
}

// The hand-made session of version 3: the branch it goes back on is said
// where it happens, compactions and branch summaries are compaction
// messages, the records that hold no call are counted by type.
func TestPiVersion3Session(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, piHandMade))
	if err != nil {
		t.Fatal(err)
	}
	calls, said, st := readWithTalk(t, b)
	var tools []string
	for _, c := range calls {
		tools = append(tools, c.AgentTool)
	}
	if st.Format != AgentPi || st.SessionID != "0b6d5f2e-3c1a-4e8f-9d27-5a4c3b2e1f00" || st.Cwd != "/home/u/proj" ||
		strings.Join(tools, " ") != "grep read edit ls find read edit write bashExecution bash read read" || st.Orphans != 0 || st.Unknown != 0 {
		t.Fatalf("stats %+v, calls %v", st, tools)
	}
	if want := map[string]int{"model_change": 1, "thinking_level_change": 1, "session_info": 1, "label": 1, "custom": 1}; !mapsEqual(st.Passed, want) {
		t.Errorf("passed %v, want %v", st.Passed, want)
	}
	if a := repoxArgs(t, calls[2], 0); a["path"] != "src/greet.go" || a["old_string"] != "func Greet(" {
		t.Errorf("edit of @src/greet.go: %v", a)
	}
	if s := calls[1].Saw; s == nil || !s.Cut || s.TotalLines != 5 || len(s.Lines) != 3 || s.Lines[2] != (SawLine{N: 3, Text: "func Greet(name string) string {"}) {
		t.Errorf("read saw %+v", s)
	}
	if c := calls[6]; len(c.Repox) != 2 || c.Approx == "" {
		t.Errorf("an edit of two edits: %+v", c)
	}
	if c := calls[8]; c.Repox[0].Tool != "repo_read_file" || c.Saw == nil || len(c.Saw.Lines) != 7 || c.NoResult {
		t.Errorf("the person's cat: %+v", c)
	}
	if c := calls[9]; !c.IsError || c.IsFileTool() {
		t.Errorf("go test: %+v", c)
	}
	if c := calls[10]; !strings.Contains(c.NoEquivalent, "home folder") {
		t.Errorf("~/notes.md: %+v", c)
	}
	if c := calls[11]; !c.NoResult || c.Text != "" {
		t.Errorf("the call of an aborted reply: %+v", c)
	}
	var notes []string
	for _, m := range said {
		if m.Kind == MessageCompaction || m.Kind == MessageInterrupted {
			notes = append(notes, string(m.Kind)+" after "+strconv.Itoa(m.After)+": "+m.Text)
		}
	}
	want := []string{
		`compaction after 3: the session went back to entry a0000003 (a branch: Pi's /tree); the branch it leaves holds the 6 entries after it, no longer in the agent's context (their calls ran all the same and stay listed)`,
		"compaction after 3: Renamed Greet to Hello in src/greet.go; the test still calls Greet.",
		"compaction after 8: Hello added beside Greet; NOTES.md written.",
		"interrupted after 12: Request was aborted",
	}
	if !slices.Equal(notes, want) {
		t.Errorf("notes:\n%s\nwant\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}
	if got := SessionTitle(AgentPi, b); got != "Hello beside Greet" {
		t.Errorf("title %q", got)
	}
}

// Pi's files were refused by name before it had a reader (issue 40's
// "misread as legacy Codex", then "refused"): its one registration makes
// them detected, read, opened as every face opens them and named in the
// refusals; without it the same file is refused again.
func TestPiIsOneRegistration(t *testing.T) {
	body := `{"type":"session","version":3,"id":"pi-1","timestamp":"2026-01-02T03:04:05.000Z","cwd":"/home/u/proj"}
{"type":"model_change","id":"e1","parentId":null,"timestamp":"2026-01-02T03:04:05.100Z","provider":"anthropic","modelId":"claude-sonnet-4-5"}
{"type":"message","id":"e2","parentId":"e1","timestamp":"2026-01-02T03:04:06.000Z","message":{"role":"user","content":[{"type":"text","text":"read a.go"}],"timestamp":1767323046000}}
{"type":"message","id":"e3","parentId":"e2","timestamp":"2026-01-02T03:04:07.000Z","message":{"role":"assistant","content":[{"type":"toolCall","id":"t1","name":"read","arguments":{"path":"a.go"}}],"stopReason":"toolUse"}}
{"type":"message","id":"e4","parentId":"e3","timestamp":"2026-01-02T03:04:08.000Z","message":{"role":"toolResult","toolCallId":"t1","toolName":"read","content":[{"type":"text","text":"package a"}],"isError":false}}
`
	checkOneRegistration(t, AgentPi, "2026-01-02T03-04-05-000Z_pi-1.jsonl", body, "Pi", 1)
}

// checkOneRegistration: the file is read as agent's, through a file as
// the faces open it; the registry lists the agent by title; and without
// its registration the same file is no transcript repox reads.
func checkOneRegistration(t *testing.T, agent Agent, name, body, title string, calls int) {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	os.WriteFile(p, []byte(body), 0o644)
	f, err := OpenTranscript(p)
	if err != nil {
		t.Fatal(err)
	}
	got, st, err := ReadAll(f)
	f.Close()
	if err != nil || st.Format != agent || len(got) != calls {
		t.Errorf("read: %v %+v %d calls", err, st, len(got))
	}
	if !strings.Contains(Readers(), title) {
		t.Errorf("Readers() %q lacks %s", Readers(), title)
	}
	saved := slices.Clone(formats())
	t.Cleanup(func() { registry = saved })
	registry = slices.DeleteFunc(slices.Clone(saved), func(f format) bool { return f.agent == agent })
	_, st, err = ReadAll(strings.NewReader(body))
	if err == nil || st.Format != "" || !strings.Contains(err.Error(), "not a transcript repox reads") || strings.Contains(Readers(), title) {
		t.Errorf("unregistered: %v %+v", err, st)
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
