package sessions

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
)

// The pane goes on past a call that has no result and says so in its row.
func TestSessionsInterruptedCallListsTheRest(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := newTestModel(t, dir, 140, 40)
	t.Cleanup(m.Shutdown)
	m.sessions = New(m.common, panetest.FakeEnv(t.TempDir()))
	m.cfg.Transcript = panetest.ClaudeInterrupted(t, dir)
	drive(t, m, m.Init(), settled(m, 4))
	p := m.sessions
	if len(p.calls) != 4 {
		t.Fatalf("%d calls listed, want 4", len(p.calls))
	}
	got := ansi.Strip(p.View(140, 38, true))
	var bash string
	for _, l := range strings.Split(got, "\n") {
		if strings.Contains(l, "#2 ") {
			bash = l
		}
	}
	if !strings.Contains(bash, "Bash") || !strings.Contains(bash, "interrupted (no repox equivalent)") {
		t.Errorf("the Bash row does not say it has no result: %q\n%s", bash, got)
	}
	if strings.Count(got, "interrupted (no repox equivalent)") != 1 || !strings.Contains(got, "4 calls") {
		t.Errorf("want 4 calls and only the Bash one marked:\n%s", got)
	}
}
