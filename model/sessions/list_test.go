package sessions

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/replay/discover"
)

// listModel is the explorer on the fixture with the sessions list open: a
// repox log of two sessions and a Claude Code session whose first prompt
// is "fix the login bug", its calls ten minutes apart.
func listModel(t *testing.T, w, h int) *Model {
	t.Helper()
	dir := panetest.FixtureRepo(t)
	m := newTestModel(t, dir, w, h)
	t.Cleanup(m.Shutdown)
	run(m, m.Init())
	home := t.TempDir()
	env := panetest.FakeEnv(home)
	logDir := env().RepoxLogDir()
	os.MkdirAll(logDir, 0o755)
	os.WriteFile(filepath.Join(logDir, "mcp.jsonl"), []byte(panetest.AgentLog(t, panetest.AgentScript, 0)), 0o644)
	line := func(v map[string]any) string {
		v["cwd"], v["sessionId"] = m.common.Repo.Dir(), "c1"
		b, _ := json.Marshal(v)
		return string(b) + "\n"
	}
	claude := line(map[string]any{"type": "user", "timestamp": "2026-01-30T18:00:00Z", "message": map[string]any{"role": "user", "content": "fix the login bug\nand the tests"}}) +
		line(map[string]any{"type": "assistant", "timestamp": "2026-01-30T18:10:00Z", "message": map[string]any{"id": "m1", "role": "assistant",
			"content": []any{map[string]any{"type": "tool_use", "id": "r1", "name": "Read", "input": map[string]any{"file_path": m.common.Repo.Dir() + "/README.md"}}}}}) +
		line(map[string]any{"type": "user", "timestamp": "2026-01-30T18:10:01Z", "message": map[string]any{"role": "user",
			"content": []any{map[string]any{"type": "tool_result", "tool_use_id": "r1", "content": "     1→x"}}}})
	proj := filepath.Join(env().Home, ".claude", "projects", strings.NewReplacer("/", "-", ".", "-", "_", "-").Replace(m.common.Repo.Dir()))
	os.MkdirAll(proj, 0o755)
	if err := os.WriteFile(filepath.Join(proj, "c1.jsonl"), []byte(claude), 0o644); err != nil {
		t.Fatal(err)
	}
	m.sessions = New(m.common, env)
	_, cmd := m.Update(panetest.Key("c"))
	drive(t, m, cmd, func() bool { return !m.sessions.loading })
	if len(m.sessions.list) != 3 {
		t.Fatalf("sessions %+v, want c1, s1 and s2", m.sessions.list)
	}
	return m
}

// Each row says what the session was about, how long it ran and how much
// it did.
func TestSessionsListRowsHelpChoosing(t *testing.T) {
	m := listModel(t, 120, 40)
	frame := ansi.Strip(m.Render())
	for _, want := range []string{" fix the login bug ", "claude-code · 2026-01-30 18:00 · 10m · 1 call · done", "session s1 (repox logs record no prompt)", "repox · "} {
		if !strings.Contains(frame, want) {
			t.Errorf("the list lacks %q:\n%s", want, frame)
		}
	}
	if strings.Contains(frame, "and the tests") {
		t.Errorf("the title is more than its first line:\n%s", frame)
	}
}

// / filters the list by text as it is typed (q is typed, not quit); enter
// keeps the filter, esc clears it and only a second esc closes the pane.
func TestSessionsListFilter(t *testing.T) {
	m := listModel(t, 120, 40)
	p := m.sessions
	press(m, "/", "l", "o", "g", "i", "n")
	frame := ansi.Strip(m.Render())
	if !strings.Contains(frame, "/ login") || !strings.Contains(frame, "fix the login bug") || strings.Contains(frame, "session s1") || !strings.Contains(frame, "1 of 3") {
		t.Fatalf("filtered on login:\n%s", frame)
	}
	// esc is the filter's now: the root's hint line shows the pane's own.
	if hint := helpText(p.ShortHelp()); !p.OwnsEsc() || !strings.Contains(hint, "esc clear filter") {
		t.Errorf("the hint does not say what esc does now: owns esc %v, %q", p.OwnsEsc(), hint)
	}
	press(m, "enter") // keeps the filter; enter again follows the one shown
	if p.ltyping || p.lquery != "login" {
		t.Fatalf("enter: typing %v query %q", p.ltyping, p.lquery)
	}
	press(m, "esc")
	if p.lquery != "" || !m.shown {
		t.Fatalf("esc did not clear the filter, or closed the pane")
	}
	press(m, "/", "s", "2", "q")
	if p.lquery != "s2q" || len(p.listShown()) != 0 {
		t.Fatalf("typed %q, shown %v", p.lquery, p.listShown())
	}
	if frame := ansi.Strip(m.Render()); !strings.Contains(frame, `no session's title, transcript, agent or id has`) {
		t.Errorf("no match is not said:\n%s", frame)
	}
	press(m, "backspace", "enter")
	_, cmd := m.Update(panetest.Key("enter"))
	drive(t, m, cmd, settled(m, 1))
	if p.chosen == nil || p.chosen.ID != "s2" {
		t.Fatalf("enter on the filtered list chose %+v", p.chosen)
	}
	if sessionMatches(discover.SessionInfo{Title: "Fix Login"}, []string{"login", "fix"}) != true {
		t.Errorf("words in any order, any case")
	}
}

// The list takes the whole pane: as many sessions as fit under the title.
func TestSessionsListFillsThePane(t *testing.T) {
	m := listModel(t, 80, 24)
	p := m.sessions
	for len(p.list) < 40 {
		p.list = append(p.list, p.list[len(p.list)%3])
	}
	lines := strings.Split(ansi.Strip(p.View(p.width, p.height, true)), "\n")
	if got := strings.Count(strings.Join(lines, "\n"), "(repox logs record no prompt)") + strings.Count(strings.Join(lines, "\n"), "login"); got != (p.height-1)/2 {
		t.Errorf("%d sessions on %d lines:\n%s", got, p.height, strings.Join(lines, "\n"))
	}
}

// helpText is bindings as the hint line words them: "key desc" apart.
func helpText(bs []key.Binding) string {
	var parts []string
	for _, b := range bs {
		parts = append(parts, b.Help().Key+" "+b.Help().Desc)
	}
	return strings.Join(parts, " · ")
}
