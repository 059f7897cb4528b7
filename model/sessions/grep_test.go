package sessions

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
)

// The kept filter (enter) also searches inside the sessions: a session
// whose calls hold the words shows, and opening it lands on its first hit.
func TestSessionsListFilterSearchesInside(t *testing.T) {
	m := listModel(t, 120, 40)
	p := m.sessions
	press(m, "/", "a", "n", "d", " ", "t", "h", "e") // the prompt's second line: not its title
	if n := len(p.listShown()); n != 0 {
		t.Fatalf("typing: %d sessions shown by their titles, want 0", n)
	}
	press(m, "enter") // keep it: the sessions are searched
	frame := ansi.Strip(m.Render())
	if !strings.Contains(frame, "fix the login bug") || len(p.listShown()) != 1 {
		t.Fatalf("the session whose prompt has the words is not listed:\n%s", frame)
	}
	_, cmd := m.Update(panetest.Key("enter"))
	drive(t, m, cmd, settled(m, 1))
	if p.chosen == nil || p.chosen.ID != "c1" || p.cur != 0 || p.follow {
		t.Fatalf("opened %+v at call %d (follow %v)", p.chosen, p.cur, p.follow)
	}
	// a word in no session
	press(m, "q")
	m = listModel(t, 120, 40)
	press(m, "/", "z", "z", "z", "q", "enter")
	if frame := ansi.Strip(m.Render()); !strings.Contains(frame, "no session's title, transcript, agent, id, prompts, texts or calls have") {
		t.Errorf("no match is not said:\n%s", frame)
	}
}
