package viewer

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// gateMsg is the read-before-edit gate's verdict on the open file; it
// travels in a pane.Msg stamped with the check's sequence number, so only
// the newest check lands.
type gateMsg struct {
	verdict repoops.GateVerdict
}

// CheckGate asks the core's own gate (the one repo_edit consults) about
// path. It stats, reads (at most 8 MiB) and hashes the file, so it runs
// as a command, after every read this TUI makes of the file.
func (v *Pane) CheckGate() tea.Cmd {
	if v.path == "" {
		return nil
	}
	v.gateSeq++
	path, s := v.path, v.c.Session
	return pane.Envelop(pane.Viewer, pane.JobGate, v.gateSeq, func() tea.Msg {
		return gateMsg{verdict: s.GateCheck(repoops.DisplayPath(path))}
	})
}

func (v *Pane) onGate(msg gateMsg) {
	verdict := msg.verdict
	v.gate = &verdict
}

// GateOwner names whose gate the status line shows: the explorer's own
// session (an agent's, once the sessions pane exists).
const GateOwner = "explorer session"

// GateStatus words the gate for the status line: whose gate it is, open or
// shut, and why in the gate's own words (repoops.GateCause), from the
// core's verdict once it is in, else from the session's last read.
func (v *Pane) GateStatus() (ui.GateState, string, string) {
	if v.path == "" {
		return ui.GateNone, "", ""
	}
	if v.gate == nil {
		g, text := gateOf(v.c.Session, v.path)
		return g, text, TinyGate[g]
	}
	head := "edit gate (" + GateOwner + "): "
	switch c := v.gate.Cause; c {
	case repoops.GateAllowed:
		return ui.GateFull, head + "open — " + c.String(), TinyGate[ui.GateFull]
	case repoops.GateNeverRead:
		return ui.GateNotRead, head + "shut — " + c.String(), TinyGate[ui.GateNotRead]
	case repoops.GatePartialRead:
		_, text := gateOf(v.c.Session, v.path)
		return ui.GatePartial, text, TinyGate[ui.GatePartial]
	case repoops.GateChanged:
		why := c.String()
		if r := v.gate.LastRead; r != nil {
			why = "changed on disk since " + r.At.Format("15:04:05") // the read the grant came from
		}
		return ui.GatePartial, head + "shut — " + why, "gate: shut (changed on disk)"
	}
	return ui.GatePartial, head + "shut — " + v.gate.Cause.String(), TinyGate[ui.GatePartial]
}

// TinyGate is each gate state in the short form of a narrow status line.
var TinyGate = map[ui.GateState]string{ui.GateNotRead: "gate: not read", ui.GatePartial: "gate: shut", ui.GateFull: "gate: open"}
