package sessions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/discover"
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
	if !m.shown || p.chosen == nil {
		t.Error("esc that cleared the search also closed the pane or left the session")
	}
}

// The list's findings cell says what the report would find, kinds in
// order, notes apart; while a session is replayed it says so; a live
// session gets none.
func TestSessionsListFindingsCell(t *testing.T) {
	p := &Pane{}
	s := discover.SessionInfo{Path: "/t/a.jsonl", Calls: 9}
	if got := p.tallyText(s); got != "" {
		t.Errorf("not counted yet: %q", got)
	}
	p.tallying = tallyKey(s)
	if got := p.tallyText(s); got != "replaying…" {
		t.Errorf("being counted: %q", got)
	}
	p.tallying = ""
	p.tallies = map[string]sessionTally{tallyKey(s): {tally: replay.Tally{Counts: replay.Counts{Calls: 9, Notes: map[replay.FlagKind]int{replay.FlagDiffers: 1},
		Findings: map[replay.FlagKind]int{replay.FlagEditUnread: 2, replay.FlagDiffers: 1}}}}}
	if got, want := p.tallyText(s), "3 findings (1 differs, 2 edit-unread); 1 note (1 differs)"; got != want {
		t.Errorf("counted: %q, want %q", got, want)
	}
	s.Calls++ // the transcript grew: the count is of another state
	if got := p.tallyText(s); got != "" {
		t.Errorf("a grown session kept its old count: %q", got)
	}
	s.Live = true
	p.tallying = tallyKey(s)
	if got := p.tallyText(s); got != "" {
		t.Errorf("a live session: %q", got)
	}
}

// D in the calls view shows what the session changed, as repox replay
// --changes prints it, in place of the call; y copies the patch; D again
// goes back to the call. The working tree is not changed.
func TestSessionsChangesView(t *testing.T) {
	t.Setenv("TERM", "xterm")
	m := sessionsModel(t, 120, 40, "", "")
	dir := m.Repo.Dir()
	writeFiles(t, dir, map[string]string{"a.txt": "one\ntwo\n"})
	m.cfg.Transcript = claudeCalls(t, dir,
		[3]any{"Read", map[string]any{"file_path": dir + "/a.txt"}, "     1→one\n     2→two\n"},
		[3]any{"Edit", map[string]any{"file_path": dir + "/a.txt", "old_string": "two", "new_string": "TWO"}, "The file " + dir + "/a.txt has been updated."})
	drive(t, m, m.Init(), settled(m, 2))
	p := m.sessions
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'D', Text: "D"})
	drive(t, m, cmd, func() bool { return p.changes != nil && !p.changes.loading })
	text := paneText(m)
	for _, want := range []string{"what this session changed", "1 file, ", "--- a/a.txt", "-two", "+TWO"} {
		if !strings.Contains(text, want) {
			t.Errorf("the changes view lacks %q:\n%s", want, text)
		}
	}
	pressKey(t, m, "y")
	if !strings.Contains(m.copying.text, "+++ b/a.txt") || !strings.Contains(m.copying.text, "+TWO") {
		t.Errorf("y copied %q, want the patch", m.copying.text)
	}
	pressKey(t, m, "D")
	if p.changes != nil || !strings.Contains(paneText(m), "then: what the agent was shown") {
		t.Errorf("D again did not go back to the call:\n%s", paneText(m))
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(data) != "one\ntwo\n" {
		t.Errorf("the working tree changed: %q", data)
	}
}
