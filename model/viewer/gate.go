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

// GateStatus words the gate for the status line: whose gate it is, and
// which lines of the file as it is now the session has seen (all: open;
// some: edits of those only; none, or changed since: shut), from the
// core's verdict once it is in, else from what the session has seen.
func (v *Pane) GateStatus() (ui.GateState, string, string) {
	if v.path == "" {
		return ui.GateNone, "", ""
	}
	if v.gate == nil {
		g, text := gateOf(v.c.Session, v.path)
		return g, text, TinyGate[g]
	}
	head := "edit gate (" + GateOwner + "): "
	seen := ""
	if r := v.gate.Seen; r != nil {
		seen = r.Summary() + " seen"
	}
	switch c := v.gate.Cause; c {
	case repoops.GateAllowed:
		return ui.GateFull, head + "open — " + seen + ", unchanged", TinyGate[ui.GateFull]
	case repoops.GateNeverRead:
		return ui.GateNotRead, head + "shut — " + c.String(), TinyGate[ui.GateNotRead]
	case repoops.GatePartialRead, repoops.GateUnreadable:
		tiny := "gate: " + tinySeen(v.gate.Seen)
		if v.gate.Seen != nil && v.gate.Seen.Count() == 0 {
			return ui.GatePartial, head + "shut — " + seen, tiny
		}
		text := head + seen + " — edits of those allowed"
		if c == repoops.GateUnreadable {
			text += "; a line is too long to be seen whole"
		}
		return ui.GatePartial, text, tiny
	case repoops.GateChanged:
		why := c.String()
		if r := v.gate.Seen; r != nil {
			why = "changed on disk since " + r.At.Format("15:04:05") // the read the seen lines came from
		}
		return ui.GatePartial, head + "shut — " + why, "gate: shut (changed on disk)"
	}
	return ui.GatePartial, head + "shut — " + v.gate.Cause.String(), TinyGate[ui.GatePartial]
}

// tinySeen is what was seen in a few characters: "2,000/4,073 seen".
func tinySeen(r *repoops.SeenLines) string {
	if r == nil {
		return "shut"
	}
	return repoops.Commas(r.Count()) + "/" + repoops.Commas(r.Lines) + " seen"
}

// TinyGate is each gate state in the short form of a narrow status line.
var TinyGate = map[ui.GateState]string{ui.GateNotRead: "gate: not read", ui.GatePartial: "gate: shut", ui.GateFull: "gate: open"}
