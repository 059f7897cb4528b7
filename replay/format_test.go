package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
)

// Every transcript the repository's tests keep under a testdata folder is
// detected as its own agent, on evidence, and no other format claims it.
// A transcript added to a testdata folder without a row here fails.
func TestDetectEveryTranscriptInTestdata(t *testing.T) {
	want := map[string]Agent{
		"testdata/transcripts/claude-code/moredip-session-share/4b2030ed-5563-49ea-b703-6a002f2d3cc8.jsonl":                         AgentClaude,
		"testdata/transcripts/claude-code/moredip-session-share/4b2030ed-5563-49ea-b703-6a002f2d3cc8/subagents/agent-a2018e5.jsonl": AgentClaude,
		"testdata/transcripts/claude-code/moredip-session-share/edit-tool-variants.jsonl":                                           AgentClaude,
		"testdata/transcripts/claude-code/moredip-session-share/general-tool-calls.EXCERPT.jsonl":                                   AgentClaude,
		"testdata/transcripts/claude-code/moredip-session-share/read-tool-variants.jsonl":                                           AgentClaude,
		"testdata/transcripts/codex/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl":                         AgentCodex,
		"testdata/transcripts/copilot-cli/qiaolei81-copilot-session-viewer/events.EXCERPT.jsonl":                                    AgentCopilot,
		"testdata/transcripts/qwen-code/hand-made/5f0c2a1e-7b3d-4c8e-9a61-2d4e8f0b1c37.jsonl":                                       AgentQwen,
	}
	root := filepath.Dir(filepath.Dir(repotest.Shared(t, "transcripts")))
	found := 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "fuzz") {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() || !strings.Contains("/"+rel, "/testdata/") || !(strings.HasSuffix(p, ".jsonl") || strings.HasSuffix(p, ".json")) {
			return nil
		}
		found++
		agent, ok := want[rel]
		if !ok {
			t.Errorf("%s: a transcript with no row in this table", rel)
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		checkDetected(t, rel, b, agent)
		return nil
	})
	if found != len(want) {
		t.Errorf("found %d transcripts under testdata, the table has %d", found, len(want))
	}
}

// checkDetected: the head of b is claimed by agent's format alone, and
// the reader reads it as that agent.
func checkDetected(t *testing.T, name string, b []byte, agent Agent) {
	t.Helper()
	h, f, a := headOf(b)
	if f == nil || f.agent != agent || a.Evidence == "" {
		t.Errorf("%s: detected as %+v (%+v), want %s with evidence", name, f, a, agent)
		return
	}
	if got := claims(h); len(got) != 1 {
		t.Errorf("%s: claimed by %v, want %s alone", name, got, f.shape)
	}
	_, st, err := ReadAll(bytes.NewReader(b))
	if err != nil || st.Format != agent || st.NotTranscript != "" {
		t.Errorf("%s: read as %q (%v, %q), want %s", name, st.Format, err, st.NotTranscript, agent)
	}
}

// The hand-made transcripts of the readable shapes the testdata folder
// has no file of: each is its own format alone.
func TestDetectHandMadeTranscripts(t *testing.T) {
	root := "/home/u/proj"
	geminiDoc, _ := json.MarshalIndent(map[string]any{"sessionId": "gs-1", "projectHash": projectHash(root),
		"startTime": "2026-01-02T03:04:05.000Z", "messages": geminiMessages(root)}, "", "  ")
	// the keys in the order Gemini CLI writes them
	geminiOrdered := "{\n  \"sessionId\": \"gs-1\",\n  \"projectHash\": \"" + projectHash(root) + "\",\n  \"startTime\": \"2026-01-02T03:04:05.000Z\",\n  \"messages\": []\n}"
	oneLine, _ := json.Marshal(map[string]any{"sessionId": "gs-1", "projectHash": projectHash(root), "messages": geminiMessages(root)})
	for _, c := range []struct {
		name, body string
		agent      Agent
		shape      string
	}{
		{"gemini session-*.json (keys sorted)", string(geminiDoc), AgentGemini, "a Gemini CLI session document"},
		{"gemini session-*.json (Gemini's order)", geminiOrdered, AgentGemini, "a Gemini CLI session document"},
		{"gemini document on one line", string(oneLine), AgentGemini, "a Gemini CLI session document"},
		{"gemini session-*.jsonl", `{"sessionId":"gs-1","projectHash":"` + projectHash(root) + `","startTime":"2026-01-02T03:04:05.000Z"}` + "\n" +
			`{"id":"u1","timestamp":"2026-01-02T03:04:05.000Z","type":"user","content":"hi"}` + "\n", AgentGemini, "a Gemini CLI session log"},
		{"codex 2025 rollout", `{"id":"lg-1","timestamp":"2025-05-20T10:00:00.000Z","instructions":null,"git":{"branch":"main"}}` + "\n" +
			`{"record_type":"state"}` + "\n" + `{"type":"message","role":"user","content":[]}` + "\n", AgentCodex, "a 2025 Codex rollout"},
		{"codex 2025 items without the header", `{"type":"function_call","name":"shell","arguments":"{}","call_id":"c1"}` + "\n", AgentCodex, "a 2025 Codex rollout"},
		{"repox call log", `{"v":1,"time":"2026-01-02T03:04:05Z","session":"s1","tool":"repo_tree","args":{},"isError":false,"text":"a.go"}` + "\n", AgentRepox, "a repox call log"},
		{"copilot cli events.jsonl", `{"type":"session.start","data":{"sessionId":"c-1","version":1,"producer":"copilot-agent","copilotVersion":"0.0.369","startTime":"2026-01-02T03:04:05.000Z","context":{"cwd":"/home/u/proj"}},"id":"ev1","timestamp":"2026-01-02T03:04:05.000Z","parentId":null}
{"type":"user.message","data":{"content":"read a.go","attachments":[]},"id":"ev2","timestamp":"2026-01-02T03:04:06.000Z","parentId":"ev1"}
{"type":"assistant.message","data":{"messageId":"am1","content":"","toolRequests":[{"toolCallId":"tc1","name":"view","arguments":{"path":"/home/u/proj/a.go"}}]},"id":"ev3","timestamp":"2026-01-02T03:04:07.000Z","parentId":"ev2"}
{"type":"tool.execution_complete","data":{"toolCallId":"tc1","success":true,"result":{"content":"package a"}},"id":"ev4","timestamp":"2026-01-02T03:04:08.000Z","parentId":"ev3"}
`, AgentCopilot, "a GitHub Copilot CLI events log"},
		{"qwen code session", `{"uuid":"q1","parentUuid":null,"sessionId":"qs-1","timestamp":"2026-01-02T03:04:05.000Z","type":"user","cwd":"/home/u/proj","version":"0.6.0","gitBranch":"main","message":{"role":"user","parts":[{"text":"read a.go"}]}}
{"uuid":"q2","parentUuid":"q1","sessionId":"qs-1","timestamp":"2026-01-02T03:04:06.000Z","type":"assistant","cwd":"/home/u/proj","version":"0.6.0","model":"qwen3-coder-plus","message":{"role":"model","parts":[{"functionCall":{"id":"call_1","name":"read_file","args":{"absolute_path":"/home/u/proj/a.go"}}}]}}
{"uuid":"q3","parentUuid":"q2","sessionId":"qs-1","timestamp":"2026-01-02T03:04:07.000Z","type":"tool_result","cwd":"/home/u/proj","version":"0.6.0","message":{"role":"user","parts":[{"functionResponse":{"id":"call_1","name":"read_file","response":{"output":"package a"}}}]},"toolCallResult":{"callId":"call_1","status":"success"}}
`, AgentQwen, "a Qwen Code session"},
		{"claude code, minimal records", (&cc{t: t, cwd: root}).use("m1", "a", "Read", map[string]any{"file_path": root + "/a.go"}).String(), AgentClaude, "a Claude Code session"},
	} {
		h, f, _ := headOf([]byte(c.body))
		if f == nil || f.shape != c.shape {
			t.Errorf("%s: detected as %+v, want %s", c.name, f, c.shape)
			continue
		}
		checkDetected(t, c.name, []byte(c.body), c.agent)
		_ = h
	}
}

// foreign is a hand-made file of each agent repox does not read, in the
// shape its own files have, and the evidence its refusal quotes.
var foreign = []struct {
	name, file, body string
	what, evidence   string
}{
	{"Pi", "2026-01-02T03-04-05-000Z_pi-1.jsonl",
		`{"type":"session","version":3,"id":"pi-1","timestamp":"2026-01-02T03:04:05.000Z","cwd":"/home/u/proj"}
{"type":"model_change","id":"e1","parentId":null,"timestamp":"2026-01-02T03:04:05.100Z","provider":"anthropic","modelId":"claude-sonnet-4-5"}
{"type":"message","id":"e2","parentId":"e1","timestamp":"2026-01-02T03:04:06.000Z","message":{"role":"user","content":[{"type":"text","text":"read a.go"}],"timestamp":1767323046000}}
{"type":"message","id":"e3","parentId":"e2","timestamp":"2026-01-02T03:04:07.000Z","message":{"role":"assistant","content":[{"type":"toolCall","id":"t1","name":"read","arguments":{"path":"a.go"}}],"stopReason":"toolUse"}}
{"type":"message","id":"e4","parentId":"e3","timestamp":"2026-01-02T03:04:08.000Z","message":{"role":"toolResult","toolCallId":"t1","toolName":"read","content":[{"type":"text","text":"package a"}],"isError":false}}
`, "a Pi session", `line 1 is a "session" header with "id" and "cwd"`},
	{"Factory Droid", "d-1.jsonl",
		`{"type":"session_start","id":"d-1","title":"read a.go","sessionTitle":"read a.go","owner":"u","version":2,"cwd":"/home/u/proj"}
{"type":"message","id":"m1","timestamp":"2026-01-02T03:04:06.000Z","message":{"role":"user","content":[{"type":"text","text":"read a.go"}]}}
{"type":"message","id":"m2","timestamp":"2026-01-02T03:04:07.000Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"tu1","name":"Read","input":{"file_path":"/home/u/proj/a.go"}}]},"parentId":"m1"}
{"type":"message","id":"m3","timestamp":"2026-01-02T03:04:08.000Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"tu1","content":"package a"}]},"parentId":"m2"}
`, "a Factory Droid session", `line 1 is a "session_start" record with "id"`},
	{"VS Code Copilot Chat", "0f1e2d3c.json", `{
  "version": 3,
  "requesterUsername": "u",
  "requesterAvatarIconUri": {
    "$mid": 1,
    "path": "/u/1",
    "scheme": "https"
  },
  "responderUsername": "GitHub Copilot",
  "initialLocation": "panel",
  "requests": [
    {
      "requestId": "request_1",
      "message": {
        "text": "read a.go",
        "parts": []
      },
      "response": [
        {
          "value": "a.go is a small package."
        }
      ],
      "timestamp": 1767323046000
    }
  ],
  "sessionId": "0f1e2d3c",
  "creationDate": 1767323045000,
  "lastMessageDate": 1767323046000
}`, "a VS Code Copilot Chat session", `a JSON document with "requesterUsername" and "requesterAvatarIconUri"`},
	{"VS Code Copilot Chat, operation log", "0f1e2d3c.jsonl",
		`{"kind":0,"v":{"version":3,"sessionId":"0f1e2d3c","creationDate":1767323045000,"requesterUsername":"u","responderUsername":"GitHub Copilot","initialLocation":"panel","requests":[]}}
{"kind":2,"k":["requests"],"v":[{"requestId":"request_1","message":{"text":"read a.go","parts":[]}}]}
`, "a VS Code Copilot Chat session", `line 1 is a "kind": 0 record whose "v" holds a chat session ("requesterUsername")`},
	{"Aider", ".aider.chat.history.md", `
# aider chat started at 2026-01-02 03:04:05

> /home/u/.local/bin/aider a.go
> Aider v0.86.1

#### read a.go

a.go is a small package.
`, "an Aider chat history", `line 2 is "# aider chat started at …"`},
}

// Before the registry these were read as another agent with a confident
// "0 calls" (Qwen Code as Claude Code, Pi and Factory Droid as a 2025
// Codex rollout, VS Code's chat as Gemini CLI) or refused without a name.
// Each is refused by name, with its evidence, on every face that reads a
// transcript: the report, --json, --changes (and its --json), the counts
// of the sessions list and the reader itself.
func TestForeignTranscriptsAreRefused(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	for _, c := range foreign {
		p := filepath.Join(t.TempDir(), c.file)
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		sentence := c.what + " (" + c.evidence + "): not a transcript repox reads — repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code and repox call logs"
		_, st, err := ReadAll(strings.NewReader(c.body))
		if err == nil || err.Error() != sentence || st.NotTranscript != sentence || st.Format != "" || st.Calls != 0 {
			t.Errorf("%s: read: %v, stats %+v\nwant %s", c.name, err, st, sentence)
		}
		whole := p + ": " + sentence
		for _, face := range []struct {
			name string
			run  func(out *bytes.Buffer) error
		}{
			{"--report", func(out *bytes.Buffer) error { return Report(ctx, ReportOptions{Transcript: p, Root: dir}, out) }},
			{"--report --json", func(out *bytes.Buffer) error {
				return Report(ctx, ReportOptions{Transcript: p, Root: dir, JSON: true}, out)
			}},
			{"--changes", func(out *bytes.Buffer) error {
				return WriteChanges(ctx, ChangesOptions{Transcript: p, Root: dir}, out, out)
			}},
			{"--changes --json", func(out *bytes.Buffer) error {
				return WriteChanges(ctx, ChangesOptions{Transcript: p, Root: dir, JSON: true}, out, out)
			}},
			{"the list's counts", func(out *bytes.Buffer) error {
				_, err := CountFindings(ctx, RunOptions{Transcript: p, Root: dir})
				return err
			}},
			{"the pane's first pass", func(out *bytes.Buffer) error { _, err := PlanStart(ctx, p); return err }},
		} {
			var out bytes.Buffer
			err := face.run(&out)
			want := whole
			if face.name == "the pane's first pass" {
				want = sentence
			}
			if err == nil || err.Error() != want || out.Len() != 0 {
				t.Errorf("%s, %s: %v, output %q\nwant %s", c.name, face.name, err, out.String(), want)
			}
		}
	}
}

// A file being written is followed until its head shows what it is; then
// the follower says so once, in the stats, and reads no more of it.
func TestFollowRefusesForeignTranscripts(t *testing.T) {
	for _, c := range foreign {
		p := filepath.Join(t.TempDir(), c.file)
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		fol, err := Follow(ctx, p, FollowOptions{Poll: 10 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		var got Update
		select {
		case got = <-fol.Updates():
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no update", c.name)
		}
		cancel()
		for range fol.Updates() {
		}
		if !strings.HasPrefix(got.Stats.NotTranscript, c.what+" (") || len(got.Calls) != 0 {
			t.Errorf("%s: first update %+v", c.name, got)
		}
	}
}

// Discovery passes them over with the sentence, in the folders where
// they would have been listed as another agent.
func TestDiscoverPassesForeignTranscriptsOver(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	env := Env{Home: home, StateHome: filepath.Join(home, "state"), Now: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)}
	body := func(name string) string {
		for _, c := range foreign {
			if c.name == name {
				return strings.ReplaceAll(c.body, "/home/u/proj", root)
			}
		}
		t.Fatal(name)
		return ""
	}
	put := func(p, b string) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	vscode := filepath.Join(home, ".gemini", "tmp", projectHash(root), "chats", "session-2026-01-02T03-04-0f1e2d3c.json")
	put(vscode, body("VS Code Copilot Chat"))
	d, err := DiscoverAll(context.Background(), root, env)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sessions) != 0 {
		t.Errorf("listed %+v", d.Sessions)
	}
	for _, w := range []string{
		quoted(vscode) + " was not read: a VS Code Copilot Chat session (a JSON document",
	} {
		if !slices.ContainsFunc(d.Passed, func(s string) bool { return strings.HasPrefix(s, w) }) {
			t.Errorf("passed over %q, want a sentence starting %q", d.Passed, w)
		}
	}
}

// The probes answer with evidence and keep to their own: a foreign head
// is claimed by its own entry alone, never by a readable format.
func TestForeignHeadsAreClaimedOnce(t *testing.T) {
	for _, c := range foreign {
		h, f, a := headOf([]byte(c.body))
		if f == nil || f.shape != c.what || f.reader != nil || a.Evidence != c.evidence {
			t.Errorf("%s: decided %+v on %+v", c.name, f, a)
			continue
		}
		if got := claims(h); len(got) != 1 {
			t.Errorf("%s: claimed by %v", c.name, got)
		}
	}
}

// A shape no format knows is refused once the head ends or fills up,
// describing its first line; before that it is held (a file being
// written may still show what it is).
func TestUnknownShapeRefusedAtTheHeadsEnd(t *testing.T) {
	var sb strings.Builder
	for range headMaxLines + 10 {
		sb.WriteString(`{"zeta":1,"alpha":2}` + "\n")
	}
	sb.WriteString(`{"type":"assistant","sessionId":"s","message":{"content":[]}}` + "\n") // after the head: never read
	calls, st, err := ReadAll(strings.NewReader(sb.String()))
	want := `not a transcript repox reads: its first line is a JSON object with keys "alpha", "zeta" — repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code and repox call logs`
	if err == nil || err.Error() != want || st.Format != "" || len(calls) != 0 {
		t.Errorf("%v, stats %+v", err, st)
	}
	s := newStream()
	s.feed([]byte(`{"zeta":1}`))
	if s.refused != nil || s.dec != nil || s.head == nil {
		t.Errorf("a head of one unknown line is held, not refused: %+v", s.refused)
	}
	// the comment lines before a Claude Code session do not stop it
	_, st, err = ReadAll(strings.NewReader("// a comment\n// another\n" + (&cc{t: t, cwd: cwd}).use("m1", "a", "Read", map[string]any{"file_path": cwd + "/a.go"}).String()))
	if err != nil || st.Format != AgentClaude || st.Skipped != 2 {
		t.Errorf("%v %+v", err, st)
	}
}

// toyDecoder reads the toy format: each line {"toy": tool, "path": p}
// is one complete call of tool on p, mapped to a read of p.
type toyDecoder struct{ s *stream }

func (d *toyDecoder) line(b []byte, n int, st *Stats) {
	var l struct{ Toy, Path string }
	if json.Unmarshal(b, &l) != nil || l.Toy == "" {
		st.skip("line %d is no toy record", n)
		return
	}
	c := Call{Agent: "toy", AgentTool: l.Toy, AgentArgs: rawJSON(map[string]string{"path": l.Path}),
		Repox: []ToolCall{{Tool: "repo_read_file", Args: rawJSON(map[string]string{"path": l.Path})}}}
	d.s.add(c, true)
}

// withFormats runs the test with fs registered as well, as their
// register functions would be.
func withFormats(t *testing.T, fs ...format) {
	saved := slices.Clone(formats())
	t.Cleanup(func() { registry = saved })
	for _, f := range fs {
		registerFormat(f)
	}
}

// Registering a format is all it takes: its files are detected, read,
// reported and named in the refusals; one registered without a reader
// is refused by name.
func TestRegisteringAFormatIsAllItTakes(t *testing.T) {
	body := `{"toy":"peek","path":"a.go"}` + "\n" + `{"toy":"peek","path":"b.go"}` + "\n"
	if _, st, err := ReadAll(strings.NewReader(body)); err == nil || st.Format != "" {
		t.Fatalf("before registration: %v %+v", err, st)
	}
	withFormats(t,
		format{agent: "toy", shape: "a toy log", title: "Toy", order: 35, reader: func(s *stream) decoder { return &toyDecoder{s: s} },
			probe: func(h *Head) Answer {
				return h.objects(func(l *headLine) Answer {
					if l.str("toy") == "" {
						return Answer{}
					}
					return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a toy record")}
				})
			}},
		format{shape: "a toy's diary", order: 60, probe: func(h *Head) Answer {
			if l := h.first(); l != nil && bytes.HasPrefix(l.raw, []byte("DEAR DIARY")) {
				return Answer{Verdict: Yes, Line: l.n, Evidence: "it starts \"DEAR DIARY\""}
			}
			return Answer{}
		}})
	calls, st, err := ReadAll(strings.NewReader(body))
	if err != nil || st.Format != "toy" || len(calls) != 2 || calls[1].Repox[0].Tool != "repo_read_file" {
		t.Fatalf("%v %+v %+v", err, st, calls)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.go": "package a\n", "b.go": "package b\n"})
	p := filepath.Join(t.TempDir(), "toy.log")
	os.WriteFile(p, []byte(body), 0o644)
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: p, Root: dir}, &out); err != nil || !strings.Contains(out.String(), "peek") {
		t.Errorf("report: %v\n%s", err, out.String())
	}
	_, _, err = ReadAll(strings.NewReader("DEAR DIARY\ntoday I read a.go\n"))
	want := "a toy's diary (it starts \"DEAR DIARY\"): not a transcript repox reads — repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code, Toy and repox call logs"
	if err == nil || err.Error() != want {
		t.Errorf("the diary: %v\nwant %s", err, want)
	}
}

// Without its header a Pi or Factory Droid session is no longer taken
// for a 2025 Codex rollout on its first "message" line: both say unsure,
// and at the end of the file it is refused for what its first line is.
func TestHeaderlessMessageLinesAreNotCodex(t *testing.T) {
	body := `{"type":"message","id":"m1","timestamp":"2026-01-02T03:04:06.000Z","message":{"role":"user","content":[{"type":"text","text":"read a.go"}]}}` + "\n"
	_, st, err := ReadAll(strings.NewReader(body))
	want := `not a transcript repox reads: its first line is a JSON object with keys "id", "message", "timestamp", "type" — repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code and repox call logs`
	if err == nil || err.Error() != want || st.Format != "" {
		t.Errorf("%v %+v", err, st)
	}
}
