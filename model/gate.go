package model

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// gateMsg is the read-before-edit gate's verdict on the open file; it
// travels in a paneMsg stamped with the check's sequence number, so only
// the newest check lands.
type gateMsg struct {
	verdict repoops.GateVerdict
}

// checkGate asks the core's own gate (the one repo_edit consults) about
// path. It stats, reads (at most 8 MiB) and hashes the file, so it runs
// as a command, after every read this TUI makes of the file.
func (v *viewerPane) checkGate() tea.Cmd {
	if v.path == "" {
		return nil
	}
	v.gateSeq++
	path, s := v.path, v.c.session
	return envelop(paneViewer, jobGate, v.gateSeq, func() tea.Msg {
		return gateMsg{verdict: s.GateCheck(repoops.DisplayPath(path))}
	})
}

func (v *viewerPane) onGate(msg gateMsg) {
	verdict := msg.verdict
	v.gate = &verdict
}

// gateStatus words the gate for the status line: the core's verdict once
// it is in, else what the session's last read implies.
func (v *viewerPane) gateStatus() (ui.GateState, string, string) {
	if v.path == "" {
		return ui.GateNone, "", ""
	}
	if v.gate == nil {
		g, text := gateOf(v.c.session, v.path)
		return g, text, tinyGate[g]
	}
	switch v.gate.Cause {
	case repoops.GateAllowed:
		return ui.GateFull, "edit gate: open (full read, unchanged)", tinyGate[ui.GateFull]
	case repoops.GateNeverRead:
		return ui.GateNotRead, "edit gate: not read", tinyGate[ui.GateNotRead]
	case repoops.GatePartialRead:
		_, text := gateOf(v.c.session, v.path)
		return ui.GatePartial, text, tinyGate[ui.GatePartial]
	}
	return ui.GatePartial, "edit gate: shut (" + v.gate.Cause.String() + ")", tinyGate[ui.GatePartial]
}

var tinyGate = map[ui.GateState]string{ui.GateNotRead: "gate: not read", ui.GatePartial: "gate: shut", ui.GateFull: "gate: open"}
