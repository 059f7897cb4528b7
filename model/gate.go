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
	path, s := v.path, v.c.Session
	return envelop(paneViewer, jobGate, v.gateSeq, func() tea.Msg {
		return gateMsg{verdict: s.GateCheck(repoops.DisplayPath(path))}
	})
}

func (v *viewerPane) onGate(msg gateMsg) {
	verdict := msg.verdict
	v.gate = &verdict
}

// gateOwner names whose gate the status line shows: the explorer's own
// session (an agent's, once the sessions pane exists).
const gateOwner = "explorer session"

// gateStatus words the gate for the status line: whose gate it is, open or
// shut, and why in the gate's own words (repoops.GateCause), from the
// core's verdict once it is in, else from the session's last read.
func (v *viewerPane) gateStatus() (ui.GateState, string, string) {
	if v.path == "" {
		return ui.GateNone, "", ""
	}
	if v.gate == nil {
		g, text := gateOf(v.c.Session, v.path)
		return g, text, tinyGate[g]
	}
	head := "edit gate (" + gateOwner + "): "
	switch c := v.gate.Cause; c {
	case repoops.GateAllowed:
		return ui.GateFull, head + "open — " + c.String(), tinyGate[ui.GateFull]
	case repoops.GateNeverRead:
		return ui.GateNotRead, head + "shut — " + c.String(), tinyGate[ui.GateNotRead]
	case repoops.GatePartialRead:
		_, text := gateOf(v.c.Session, v.path)
		return ui.GatePartial, text, tinyGate[ui.GatePartial]
	case repoops.GateChanged:
		why := c.String()
		if r := v.gate.LastRead; r != nil {
			why = "changed on disk since " + r.At.Format("15:04:05") // the read the grant came from
		}
		return ui.GatePartial, head + "shut — " + why, "gate: shut (changed on disk)"
	}
	return ui.GatePartial, head + "shut — " + v.gate.Cause.String(), tinyGate[ui.GatePartial]
}

var tinyGate = map[ui.GateState]string{ui.GateNotRead: "gate: not read", ui.GatePartial: "gate: shut", ui.GateFull: "gate: open"}
