package sessions

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/replay"
)

// ccSession writes Claude Code records for a session on dir.
type ccSession struct {
	t    *testing.T
	dir  string
	b    strings.Builder
	n    int
	side map[string]any // extra fields on every record (a subagent's)
}

func (s *ccSession) line(v map[string]any) *ccSession {
	s.n++
	v["cwd"], v["sessionId"], v["timestamp"] = s.dir, "cc-talk", fmt.Sprintf("2026-12-01T09:30:%02d.000Z", s.n)
	for k, x := range s.side {
		v[k] = x
	}
	j, err := json.Marshal(v)
	if err != nil {
		s.t.Fatal(err)
	}
	s.b.Write(append(j, '\n'))
	return s
}

func (s *ccSession) say(role string, content any) *ccSession {
	return s.line(map[string]any{"type": role, "message": map[string]any{"role": role, "content": content}})
}

func (s *ccSession) call(id, name string, input map[string]any, text string, result map[string]any) *ccSession {
	s.line(map[string]any{"type": "assistant", "message": map[string]any{"id": "m" + id, "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}})
	rec := map[string]any{"type": "user", "message": map[string]any{"role": "user",
		"content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": text}}}}
	if result != nil {
		rec["toolUseResult"] = result
	}
	return s.line(rec)
}

func shownLines(content string) string {
	var s strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(content, "\n"), "\n") {
		fmt.Fprintf(&s, "%6d→%s\n", i+1, l)
	}
	return s.String()
}

func block(typ, field, text string) []any { return []any{map[string]any{"type": typ, field: text}} }

// claudeTalk is a session on dir with its conversation and a subagent: a
// prompt, thinking, text, a Read, a Task whose subagent (ab12, beside the
// session's file) reads src/main.go, and the agent's last words.
func claudeTalk(t *testing.T, dir string) string {
	s := &ccSession{t: t, dir: dir}
	s.say("user", "Fix the readme, please.")
	s.say("assistant", block("thinking", "thinking", "the secret plan: read it first"))
	s.say("assistant", block("text", "text", "I will read README.md first."))
	s.call("r1", "Read", map[string]any{"file_path": dir + "/README.md"}, shownLines("# fixture\n\nA small repository, changed since.\n"), nil)
	s.call("t1", "Task", map[string]any{"prompt": "look at main.go", "subagent_type": "general-purpose"}, "main.go says hello",
		map[string]any{"status": "completed", "agentId": "ab12", "content": []any{}})
	s.say("assistant", block("text", "text", "Done: nothing to fix."))
	folder := t.TempDir()
	sub := &ccSession{t: t, dir: dir, side: map[string]any{"isSidechain": true, "agentId": "ab12"}}
	sub.call("x1", "Read", map[string]any{"file_path": dir + "/src/main.go", "offset": 2, "limit": 3}, "     2→\n     3→import \"fmt\"\n     4→\n", nil)
	if err := os.WriteFile(filepath.Join(folder, "agent-ab12.jsonl"), []byte(sub.b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(folder, "cc-talk.jsonl")
	if err := os.WriteFile(p, []byte(s.b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func paneText(m *Model) string {
	return ansi.Strip(m.sessions.View(m.sessions.width, m.sessions.height, true))
}

func pressKey(t *testing.T, m *Model, k string) {
	t.Helper()
	r := []rune(k)
	_, cmd := m.Update(tea.KeyPressMsg{Code: r[0], Text: k})
	drive(t, m, cmd, func() bool { return !m.sessions.stepping })
}

// The calls come with the conversation around them, as the report has
// it: the turn's prompt, the agent's words, its thinking folded until t,
// and a subagent's call merged under its Task, marked with its agent.
func TestSessionsShowConversationAndSubagents(t *testing.T) {
	m := sessionsModel(t, 160, 45, "", "")
	m.cfg.Transcript = claudeTalk(t, m.Repo.Dir())
	drive(t, m, m.Init(), settled(m, 3))
	got := paneText(m)
	inOrderText(t, got, "turn 1 · Fix the readme, please.", "thinks · 30 characters (t unfolds)", "says I will read README.md first.",
		"#1 ", "Read", "README.md", "#2 ", "Task", "#3 ", "↳ Read", "src/main.go  offset 2  limit 3  (subagent ab12)", "says Done: nothing to fix.")
	if strings.Contains(got, "the secret plan") {
		t.Errorf("the thinking is shown before t unfolds it:\n%s", got)
	}
	pressKey(t, m, "t")
	if got := paneText(m); !strings.Contains(got, "thinks the secret plan: read it first") {
		t.Errorf("t did not unfold the thinking:\n%s", got)
	}
}

func inOrderText(t *testing.T, out string, want ...string) {
	t.Helper()
	rest := out
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("%q is not where it belongs (after %q) in:\n%s", w, out[:len(out)-len(rest)], out)
		}
		rest = rest[i+len(w):]
	}
}

// claudeEdited is a session that read README.md and then changed it, its
// Edit recording the file before: the tree after the session holds its
// change.
func claudeEdited(t *testing.T, dir string) string {
	before := "# fixture\n\nA small repository for repox tests.\n"
	s := &ccSession{t: t, dir: dir}
	s.say("user", "Change the readme.")
	s.call("r1", "Read", map[string]any{"file_path": dir + "/README.md"}, shownLines(before), nil)
	s.call("e1", "Edit", map[string]any{"file_path": dir + "/README.md", "old_string": "A small repository for repox tests.", "new_string": "A small repository, changed since."},
		"The file README.md has been updated.", map[string]any{"filePath": dir + "/README.md", "oldString": "A small repository for repox tests.",
			"newString": "A small repository, changed since.", "originalFile": before})
	p := filepath.Join(t.TempDir(), "cc-edit.jsonl")
	if err := os.WriteFile(p, []byte(s.b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A finished session is replayed from its start state, as the report
// does: on the tree after it, its own Edit does not turn its read into a
// changed-since-read. A session still being written is replayed against
// the tree now. The title says which, and whether it is live. Live is
// judged from the records' times, never the file's mtime (issue 39 item
// 5): both transcripts here are written now, one of them copied 90 days
// after its last record.
func TestSessionsAgainstStartOrNow(t *testing.T) {
	for _, tc := range []struct {
		clock    time.Time
		against  string
		state    string
		findings bool
	}{
		{panetest.AgentT0.Add(90 * 24 * time.Hour), "against: start state", "· done ·", false},
		{panetest.LiveNow, "against: the tree now", "· following ·", true},
	} {
		t.Run(tc.against, func(t *testing.T) {
			m := sessionsModel(t, 160, 45, "", "") // README.md as the session left it
			m.sessions = New(m.common, panetest.FakeEnvAt(t.TempDir(), tc.clock))
			path := claudeEdited(t, m.Repo.Dir()) // written now: its mtime says nothing
			m.cfg.Transcript = path
			drive(t, m, m.Init(), settled(m, 2))
			got := paneText(m)
			if !strings.Contains(got, tc.against) || !strings.Contains(got, tc.state) {
				t.Errorf("the title does not say %q and %q:\n%s", tc.state, tc.against, got)
			}
			read := m.sessions.calls[0].step
			if has := hasFlag(read.Flags, replay.FlagChangedSinceRead); has != tc.findings {
				t.Errorf("%s: the read's findings %+v", tc.against, read.Flags)
			}
		})
	}
}

// f filters the calls by finding: all, those with any, each kind; the
// title counts them.
func TestSessionsFilterByFinding(t *testing.T) {
	m := sessionsModel(t, 240, 45, panetest.WriteLog(t, panetest.AgentScript), "s1")
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	p := m.sessions
	if got := paneText(m); !strings.Contains(got, "f: all · 1 finding (1 changed-since-read)") {
		t.Fatalf("the title does not count the findings:\n%s", got)
	}
	pressKey(t, m, "f")
	got := paneText(m)
	if !strings.Contains(got, "f: with findings") || strings.Contains(got, "#2 ") || !strings.Contains(got, "#1 ") || p.cur != 0 {
		t.Errorf("f did not keep only the call with a finding (cursor %d):\n%s", p.cur, got)
	}
	pressKey(t, m, "j") // the only call shown: the cursor stays on it
	if p.cur != 0 {
		t.Errorf("j moved to hidden call %d", p.cur)
	}
	pressKey(t, m, "f")
	pressKey(t, m, "f")
	if got := paneText(m); !strings.Contains(got, "f: all") || !strings.Contains(got, "#6 ") {
		t.Errorf("f did not come back to all the calls:\n%s", got)
	}
}
