package model

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/replay"
)

// Following a live agent that edits the explored tree: its edit is shown
// as already applied on disk, not as a refusal or a difference.
func TestSessionsLiveEditIsAlreadyApplied(t *testing.T) {
	log := writeLog(t, agentScript[4:5]) // a full read of src/main.go
	m := sessionsModel(t, 120, 40, log, "s1")
	drive(t, m, m.Init(), settled(m, 1))
	writeFiles(t, m.repo.Dir(), map[string]string{"src/main.go": strings.Replace(
		"package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, needle\")\n}\n", "hello, needle", "hello, world", 1)})
	appendLog(t, log, agentLog(t, agentScript[4:6], 1))
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
