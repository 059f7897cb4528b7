package model

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/help"
	"github.com/repoxhq/repox/model/panetest"
)

// ? opens the help over the sessions pane, with the pane's keys first;
// any other key closes it and the pane is on top again, still following.
func TestSessionsHelpOpensOverThePane(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	press(m, "?")
	h, ok := m.Overlays.Top().(*help.Pane)
	if !ok {
		t.Fatalf("? over the sessions pane opened no help; on top: %T", m.Overlays.Top())
	}
	if len(h.Sections()) == 0 || h.Sections()[0].Title != "Sessions" {
		t.Fatalf("the help does not start with the sessions pane's keys: %+v", h.Sections())
	}
	out := ansi.Strip(m.Render())
	if !strings.Contains(out, "follow newest") {
		t.Errorf("the help does not show the sessions pane's keys:\n%s", out)
	}
	press(m, "x")
	if m.Overlays.Top() != overlay(m.sessions) {
		t.Fatalf("closing the help left %T on top, not the sessions pane", m.Overlays.Top())
	}
	if !m.sessions.Progress().Following {
		t.Error("opening the help stopped following the session")
	}
}
