package model

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func pressSpecial(t *testing.T, m *Model, code rune) {
	t.Helper()
	_, cmd := m.Update(tea.KeyPressMsg{Code: code})
	drive(t, m, cmd, func() bool { return !m.sessions.stepping })
}

func typeCalls(t *testing.T, m *Model, s string) {
	t.Helper()
	for _, r := range s {
		pressKey(t, m, string(r))
	}
}

// / in the calls view searches the chosen session: only the calls whose
// tool, arguments, result or findings have every word stay listed, letters
// go into the prompt (q does not quit), enter keeps the search, esc clears
// it without closing the pane.
func TestSessionsSearchWithinOneSession(t *testing.T) {
	m := sessionsModel(t, 120, 40, "", "")
	dir := m.Repo.Dir()
	writeFiles(t, dir, map[string]string{"a.txt": "alpha\n", "b.txt": "retry budget\n"})
	m.cfg.Transcript = claudeCalls(t, dir,
		[3]any{"Read", map[string]any{"file_path": dir + "/a.txt"}, "     1→alpha\n"},
		[3]any{"Grep", map[string]any{"pattern": "Retry"}, "b.txt\n"},
		[3]any{"Read", map[string]any{"file_path": dir + "/b.txt"}, "     1→retry budget\n"})
	drive(t, m, m.Init(), settled(m, 3))
	p := m.sessions
	p.cur, p.follow = 0, false

	pressKey(t, m, "/")
	if !p.ctyping {
		t.Fatal("/ in the calls view did not open the search prompt")
	}
	typeCalls(t, m, "RETRY")
	if got := p.visible(); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf(`"RETRY" shows calls %v, want [1 2] (the Grep by its pattern, b.txt's Read by its text)`, got)
	}
	if p.cur != 1 {
		t.Errorf("the cursor is on call %d, want the first match, 1", p.cur)
	}
	text := paneText(m)
	for _, want := range []string{"/ RETRY▏", "search: 2 of 3"} {
		if !strings.Contains(text, want) {
			t.Errorf("the pane lacks %q:\n%s", want, text)
		}
	}
	typeCalls(t, m, " budget")
	if got := p.visible(); len(got) != 1 || got[0] != 2 {
		t.Errorf(`"RETRY budget" shows calls %v, want [2]: every word must be there`, got)
	}
	typeCalls(t, m, "q")
	if p.cquery != "RETRY budgetq" || len(p.visible()) != 0 {
		t.Errorf("q went to %q (visible %v); it must be typed, not quit", p.cquery, p.visible())
	}
	if text := paneText(m); !strings.Contains(text, `no call has "RETRY budgetq"`) {
		t.Errorf("no match is not said:\n%s", text)
	}
	pressSpecial(t, m, tea.KeyBackspace)
	pressSpecial(t, m, tea.KeyEnter)
	if p.ctyping || p.cquery != "RETRY budget" {
		t.Errorf("enter: typing %v, query %q", p.ctyping, p.cquery)
	}
	pressKey(t, m, "k") // the keys move again, among the shown calls only
	if p.cur != 2 {
		t.Errorf("k with one call shown moved the cursor to %d", p.cur)
	}
	pressSpecial(t, m, tea.KeyEscape)
	if p.cquery != "" || len(p.visible()) != 3 {
		t.Errorf("esc: query %q, visible %v; want every call again", p.cquery, p.visible())
	}
	if m.Overlays.Top() != p || p.chosen == nil {
		t.Error("esc that cleared the search also closed the pane or left the session")
	}
}
