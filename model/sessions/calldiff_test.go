package sessions

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
)

// A selected edit shows its change as a diff under the call, above then
// and now; a read shows none.
func TestSessionsShowEditAsDiff(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 120, 40, log, "s1")
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	p := m.sessions
	p.cur, p.follow = 5, false // the edit that lands
	drive(t, m, p.selectCall(), settled(m, panetest.S1Calls))
	frame := ansi.Strip(m.Render())
	for _, want := range []string{"change: 5 lines of diff", "--- src/main.go", "-", "hello, needle", "+", "hello, world"} {
		if !strings.Contains(frame, want) {
			t.Fatalf("the edit's diff lacks %q:\n%s", want, frame)
		}
	}
	if strings.Index(frame, "change: 5 lines") > strings.Index(frame, "then: what the agent was shown") {
		t.Errorf("the diff is not above then/now:\n%s", frame)
	}
	p.cur = 0 // a read
	drive(t, m, p.selectCall(), settled(m, panetest.S1Calls))
	if frame := ansi.Strip(m.Render()); strings.Contains(frame, "lines of diff") {
		t.Errorf("a read shows a diff:\n%s", frame)
	}
}
