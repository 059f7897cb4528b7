package transcript

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

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops/repotest"
)

// Every transcript the repository's tests keep under a testdata folder is
// detected as its own agent, on evidence, and no other format claims it.
// A transcript added to a testdata folder without a row here fails.
func TestDetectEveryTranscriptInTestdata(t *testing.T) {
	want := map[string]Agent{
		"testdata/transcripts/claude-code/moredip-session-share/4b2030ed-5563-49ea-b703-6a002f2d3cc8.jsonl":                               AgentClaude,
		"testdata/transcripts/claude-code/moredip-session-share/4b2030ed-5563-49ea-b703-6a002f2d3cc8/subagents/agent-a2018e5.jsonl":       AgentClaude,
		"testdata/transcripts/claude-code/moredip-session-share/edit-tool-variants.jsonl":                                                 AgentClaude,
		"testdata/transcripts/claude-code/moredip-session-share/general-tool-calls.EXCERPT.jsonl":                                         AgentClaude,
		"testdata/transcripts/claude-code/moredip-session-share/read-tool-variants.jsonl":                                                 AgentClaude,
		"testdata/transcripts/codex/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl":                               AgentCodex,
		"testdata/transcripts/copilot-cli/qiaolei81-copilot-session-viewer/events.EXCERPT.jsonl":                                          AgentCopilot,
		"testdata/transcripts/qwen-code/hand-made/5f0c2a1e-7b3d-4c8e-9a61-2d4e8f0b1c37.jsonl":                                             AgentQwen,
		"testdata/transcripts/pi/badlogic-pi-mono/before-compaction.EXCERPT.jsonl":                                                        AgentPi,
		"testdata/transcripts/pi/badlogic-pi-mono/large-session.EXCERPT.jsonl":                                                            AgentPi,
		"testdata/transcripts/pi/hand-made/2026-01-02T03-04-05-000Z_0b6d5f2e-3c1a-4e8f-9d27-5a4c3b2e1f00.jsonl":                           AgentPi,
		"testdata/transcripts/cursor/hand-made/3f9a1c2e-5b7d-4e8a-9c61-0d2e4f6a8b10/3f9a1c2e-5b7d-4e8a-9c61-0d2e4f6a8b10.jsonl":           AgentCursor,
		"testdata/transcripts/cursor/hand-made/3f9a1c2e-5b7d-4e8a-9c61-0d2e4f6a8b10/subagents/8c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f.jsonl": AgentCursor,
		"testdata/transcripts/droid/hand-made/7e1b3c5d-2f4a-4b6c-8d9e-0a1b2c3d4e5f.jsonl":                                                 AgentDroid,
		"testdata/transcripts/aider/aider-ai-aider/chat-history.EXCERPT.md":                                                               AgentAider,
		"testdata/transcripts/aider/mozgoslav/aider.chat.history.EXCERPT.md":                                                              AgentAider,
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
		if d.IsDir() || !strings.Contains("/"+rel, "/testdata/") || !(strings.HasSuffix(p, ".jsonl") || strings.HasSuffix(p, ".json") || isChatHistory(d.Name())) {
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

// isChatHistory: a Markdown transcript (Aider's chat history), not a
// README or SOURCES.md.
func isChatHistory(name string) bool {
	return strings.HasSuffix(name, ".md") && (strings.Contains(name, "chat-history") || strings.Contains(name, "chat.history"))
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
	geminiDoc, _ := json.MarshalIndent(map[string]any{"sessionId": "gs-1", "projectHash": replaytest.ProjectHash(root),
		"startTime": "2026-01-02T03:04:05.000Z", "messages": replaytest.GeminiMessages(root)}, "", "  ")
	// the keys in the order Gemini CLI writes them
	geminiOrdered := "{\n  \"sessionId\": \"gs-1\",\n  \"projectHash\": \"" + replaytest.ProjectHash(root) + "\",\n  \"startTime\": \"2026-01-02T03:04:05.000Z\",\n  \"messages\": []\n}"
	oneLine, _ := json.Marshal(map[string]any{"sessionId": "gs-1", "projectHash": replaytest.ProjectHash(root), "messages": replaytest.GeminiMessages(root)})
	for _, c := range []struct {
		name, body string
		agent      Agent
		shape      string
	}{
		{"gemini session-*.json (keys sorted)", string(geminiDoc), AgentGemini, "a Gemini CLI session document"},
		{"gemini session-*.json (Gemini's order)", geminiOrdered, AgentGemini, "a Gemini CLI session document"},
		{"gemini document on one line", string(oneLine), AgentGemini, "a Gemini CLI session document"},
		{"gemini session-*.jsonl", `{"sessionId":"gs-1","projectHash":"` + replaytest.ProjectHash(root) + `","startTime":"2026-01-02T03:04:05.000Z"}` + "\n" +
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
		{"claude code, minimal records", (&replaytest.Claude{T: t, Cwd: root}).Use("m1", "a", "Read", map[string]any{"file_path": root + "/a.go"}).String(), AgentClaude, "a Claude Code session"},
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

// The probes answer with evidence and keep to their own: a foreign head
// is claimed by its own entry alone, never by a readable format.
func TestForeignHeadsAreClaimedOnce(t *testing.T) {
	for _, c := range replaytest.Foreign {
		h, f, a := headOf([]byte(c.Body))
		if f == nil || f.shape != c.What || f.reader != nil || a.Evidence != c.Evidence {
			t.Errorf("%s: decided %+v on %+v", c.Name, f, a)
			continue
		}
		if got := claims(h); len(got) != 1 {
			t.Errorf("%s: claimed by %v", c.Name, got)
		}
	}
}

// A subagent's records carry agentId and isSidechain like Claude Code's,
// but Gemini-shaped messages: Qwen's, its calls the subagent's.
func TestQwenSubagentRecords(t *testing.T) {
	body := `{"uuid":"s1","parentUuid":null,"sessionId":"q1","timestamp":"2026-03-10T09:00:01.000Z","type":"assistant","cwd":"/w/p","version":"0.14.0","agentId":"explore-7f3c","agentName":"Explore","isSidechain":true,"message":{"role":"model","parts":[{"functionCall":{"id":"c1","name":"read_file","args":{"absolute_path":"/w/p/a.go"}}}]}}
{"uuid":"s2","parentUuid":"s1","sessionId":"q1","timestamp":"2026-03-10T09:00:02.000Z","type":"tool_result","cwd":"/w/p","version":"0.14.0","agentId":"explore-7f3c","isSidechain":true,"message":{"role":"user","parts":[{"functionResponse":{"id":"c1","name":"read_file","response":{"output":"package a\n"}}}]},"toolCallResult":{"callId":"c1","status":"success"}}
`
	h, f, _ := headOf([]byte(body))
	if f == nil || f.agent != AgentQwen || len(claims(h)) != 1 {
		t.Fatalf("detected as %+v, claimed by %v", f, claims(h))
	}
	calls, _, err := ReadAll(strings.NewReader(body))
	if err != nil || len(calls) != 1 || calls[0].Subagent != "explore-7f3c" || calls[0].Repox[0].Tool != "repo_read_file" || calls[0].Text != "package a\n" {
		t.Fatalf("%v %+v", err, calls)
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
	c := Call{Agent: "toy", AgentTool: l.Toy, AgentArgs: RawJSON(map[string]string{"path": l.Path}),
		Repox: []ToolCall{{Tool: "repo_read_file", Args: RawJSON(map[string]string{"path": l.Path})}}}
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

// Registering a format is all it takes: its files are detected, read
// (opened as every face opens them) and named in the refusals; one registered without a reader
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
	p := filepath.Join(t.TempDir(), "toy.log") // a file, opened as every face opens one
	os.WriteFile(p, []byte(body), 0o644)
	f, err := OpenTranscript(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if calls, _, err := ReadAll(f); err != nil || len(calls) != 2 || calls[0].AgentTool != "peek" {
		t.Errorf("the file: %v %+v", err, calls)
	}
	_, _, err = ReadAll(strings.NewReader("DEAR DIARY\ntoday I read a.go\n"))
	want := "a toy's diary (it starts \"DEAR DIARY\"): not a transcript repox reads — repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code, Pi, Cursor CLI, Toy, Aider, Factory Droid, OpenCode and repox call logs"
	if err == nil || err.Error() != want {
		t.Errorf("the diary: %v\nwant %s", err, want)
	}
}

// A file being written is followed until its head shows what it is; then
// the follower says so once, in the stats, and reads no more of it.
func TestFollowRefusesForeignTranscripts(t *testing.T) {
	for _, c := range replaytest.Foreign {
		p := filepath.Join(t.TempDir(), c.File)
		if err := os.WriteFile(p, []byte(c.Body), 0o644); err != nil {
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
			t.Fatalf("%s: no update", c.Name)
		}
		cancel()
		for range fol.Updates() {
		}
		if !strings.HasPrefix(got.Stats.NotTranscript, c.What+" (") || len(got.Calls) != 0 {
			t.Errorf("%s: first update %+v", c.Name, got)
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
	want := `not a transcript repox reads: its first line is a JSON object with keys "alpha", "zeta" — repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code, Pi, Cursor CLI, Aider, Factory Droid, OpenCode and repox call logs`
	if err == nil || err.Error() != want || st.Format != "" || len(calls) != 0 {
		t.Errorf("%v, stats %+v", err, st)
	}
	s := newStream()
	s.feed([]byte(`{"zeta":1}`))
	if s.refused != nil || s.dec != nil || s.head == nil {
		t.Errorf("a head of one unknown line is held, not refused: %+v", s.refused)
	}
	// the comment lines before a Claude Code session do not stop it
	_, st, err = ReadAll(strings.NewReader("// a comment\n// another\n" + (&replaytest.Claude{T: t, Cwd: replaytest.Cwd}).Use("m1", "a", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go"}).String()))
	if err != nil || st.Format != AgentClaude || st.Skipped != 2 {
		t.Errorf("%v %+v", err, st)
	}
}

// Without its header a Pi or Factory Droid session is no longer taken
// for a 2025 Codex rollout on its first "message" line: both say unsure,
// and at the end of the file it is refused for what its first line is.
func TestHeaderlessMessageLinesAreNotCodex(t *testing.T) {
	body := `{"type":"message","id":"m1","timestamp":"2026-01-02T03:04:06.000Z","message":{"role":"user","content":[{"type":"text","text":"read a.go"}]}}` + "\n"
	_, st, err := ReadAll(strings.NewReader(body))
	want := `not a transcript repox reads: its first line is a JSON object with keys "id", "message", "timestamp", "type" — repox reads Claude Code, Codex, Gemini CLI, GitHub Copilot CLI, Qwen Code, Pi, Cursor CLI, Aider, Factory Droid, OpenCode and repox call logs`
	if err == nil || err.Error() != want || st.Format != "" {
		t.Errorf("%v %+v", err, st)
	}
}
