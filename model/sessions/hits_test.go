package sessions

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
)

// A session opened from the list's search lands on its first hit; n and
// N walk the others without hiding the calls between them, wrapping at
// the ends and saying so.
func TestHitsWalkFromTheListsSearch(t *testing.T) {
	m := listModel(t, 120, 40)
	p := m.sessions
	press(m, "/")
	for _, r := range "old_string" {
		press(m, string(r))
	}
	press(m, "enter")
	at := -1
	for i, li := range p.listShown() {
		if p.list[li].ID == "s1" {
			at = i
		}
	}
	if at < 0 {
		t.Fatalf("session s1 (two edits) is not among the hits: %+v", p.list)
	}
	p.lcur = at
	_, cmd := m.Update(panetest.Key("enter"))
	drive(t, m, cmd, settled(m, panetest.S1Calls))
	// s1's edits are calls 4 and 6: the only ones whose arguments hold the word
	if p.cur != 3 || len(p.visible()) != panetest.S1Calls {
		t.Fatalf("opened at call index %d with %d calls shown, want the first hit (3) and every call", p.cur, len(p.visible()))
	}
	if frame := ansi.Strip(m.Render()); !strings.Contains(frame, `hits for "old_string": 2 (n/N)`) {
		t.Errorf("the title does not count the hits:\n%s", frame)
	}
	steps := []struct {
		key     string
		cur     int
		notice  string
		wrapped bool
	}{
		{"n", 5, `hit 2 of 2 for "old_string"`, false},
		{"n", 3, `hit 1 of 2 for "old_string" (wrapped to the first)`, true},
		{"N", 5, `hit 2 of 2 for "old_string" (wrapped to the last)`, true},
		{"N", 3, `hit 1 of 2 for "old_string"`, false},
	}
	for _, s := range steps {
		press(m, s.key)
		if p.cur != s.cur || m.notice != s.notice {
			t.Errorf("%s: at call index %d saying %q, want %d saying %q", s.key, p.cur, m.notice, s.cur, s.notice)
		}
	}
}

// With no search, n says how to start one; the calls' own search, when
// kept, is what n walks.
func TestHitsWalkTheCallsSearch(t *testing.T) {
	m := listModel(t, 120, 40)
	p := m.sessions
	for i, li := range p.listShown() {
		if p.list[li].ID == "s1" {
			p.lcur = i
		}
	}
	_, cmd := m.Update(panetest.Key("enter"))
	drive(t, m, cmd, settled(m, panetest.S1Calls))
	press(m, "n")
	if !strings.Contains(m.notice, "no search to walk: / searches this session's calls") {
		t.Errorf("n with no search says %q", m.notice)
	}
	pressKey(t, m, "/")
	typeCalls(t, m, "src/main.go")
	pressSpecial(t, m, 0x0d) // enter: kept
	// the calls holding it: 3 to 6 (indexes 2-5); the cursor stayed on the last
	for _, want := range []struct {
		cur    int
		notice string
	}{{2, `hit 1 of 4 for "src/main.go" (wrapped to the first)`}, {3, `hit 2 of 4 for "src/main.go"`}} {
		press(m, "n")
		if p.cur != want.cur || m.notice != want.notice {
			t.Errorf("n: at call index %d saying %q, want %d saying %q", p.cur, m.notice, want.cur, want.notice)
		}
	}
}
