package sessions

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/replay"
)

// Following a live agent that edits the explored tree: its edit is shown
// as already applied on disk, not as a refusal or a difference.
func TestSessionsLiveEditIsAlreadyApplied(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript[4:5]) // a full read of src/main.go
	m := sessionsModel(t, 120, 40, log, "s1")
	drive(t, m, m.Init(), settled(m, 1))
	writeFiles(t, m.Repo.Dir(), map[string]string{"src/main.go": strings.Replace(
		"package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, needle\")\n}\n", "hello, needle", "hello, world", 1)})
	panetest.AppendLog(t, log, panetest.AgentLog(t, panetest.AgentScript[4:6], 1))
	drive(t, m, nil, settled(m, 3))
	st := m.sessions.calls[2].step
	if st == nil || st.Call.AgentTool != "repo_edit" {
		t.Fatalf("call 3: %+v", st)
	}
	if !hasFlag(st.Flags, replay.FlagAlreadyApplied) || hasFlag(st.Flags, replay.FlagDiffers) || hasFlag(st.Flags, replay.FlagNotReplayed) {
		t.Fatalf("the live edit's findings: %+v", st.Flags)
	}
	for _, l := range append(m.sessions.calls[2].then, m.sessions.calls[2].now...) {
		if l.Changed {
			t.Errorf("then/now marks %q as a difference", l.Text)
		}
	}
	out := ansi.Strip(m.Render())
	if !strings.Contains(out, "already applied on disk") || strings.Contains(out, "refuses") {
		t.Errorf("the pane words the live edit as:\n%s", out)
	}
}

// Once replayed, the calls keep only what the pane shows: then/now is laid
// out for the selected call alone (and again when another is selected),
// and neither the parsed agent result nor repox's typed results stay.
func TestSessionsKeepOnlyWhatIsShown(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 120, 40, log, "s1")
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	p := m.sessions
	check := func(sel int) {
		t.Helper()
		for i, sc := range p.calls {
			if sc.step == nil {
				t.Fatalf("call %d not replayed", i)
			}
			if laid := sc.then != nil || sc.now != nil; laid != (i == sel) {
				t.Errorf("selected %d: call %d has then/now laid out: %v", sel, i, laid)
			}
			if sc.call.Saw != nil || sc.step.Call.Saw != nil {
				t.Errorf("call %d keeps the parsed agent result", i)
			}
			for _, o := range sc.step.Now {
				if o.Structured != nil {
					t.Errorf("call %d keeps repox's typed result", i)
				}
			}
		}
	}
	check(panetest.S1Calls - 1)
	press(m, "g", "g")
	drive(t, m, nil, settled(m, panetest.S1Calls))
	if p.cur != 0 {
		t.Fatalf("cursor %d after gg", p.cur)
	}
	check(0)
	if out := ansi.Strip(m.Render()); !strings.Contains(out, "then: what the agent was shown") {
		t.Errorf("no then/now for the selected call:\n%s", out)
	}
}
