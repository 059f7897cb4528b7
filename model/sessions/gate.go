package sessions

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// The agent's gate for the viewer's open file, from the chosen session.

// SyncViewer follows the viewer's open file: the agent's gate and its
// marks on the file on disk are asked for whenever the file changes, and
// the marks again when the viewer reads it anew (version: its load
// generation; the file may have changed on disk).
func (p *Pane) SyncViewer(path string, version int) tea.Cmd {
	if p.run == nil || (path == p.gatePath && version == p.viewVersion) {
		return nil
	}
	if path != p.gatePath {
		p.gate = nil
	}
	p.gatePath, p.viewVersion = path, version
	if path == "" || p.stepping {
		return nil // the step in flight is followed by a new ask (onStep)
	}
	return p.askGate()
}

func (p *Pane) askGate() tea.Cmd {
	p.gateGen++
	return p.run.agentGate(p.gateGen, p.sessionKey(), p.view())
}

// GateStatus words the agent's gate for the open file, labelled with the
// session it is from.
func (p *Pane) GateStatus(path string) (text, tiny string) {
	if p == nil || p.marks == nil || path == "" || path != p.gatePath {
		return "", ""
	}
	if p.gate == nil {
		return p.marks.Label + ": edit gate …", "agent gate …"
	}
	var word string
	switch v := p.gate.verdict; v.Cause {
	case repoops.GateAllowed:
		word = "open (all lines seen, unchanged)"
	case repoops.GateNeverRead:
		word = "shut (never read)"
	case repoops.GatePartialRead:
		word = "shut (no lines seen)"
		if v.Seen != nil && v.Seen.Count() > 0 {
			word = "partly open (" + v.Seen.Summary() + " seen)"
		}
	default:
		word = "shut (" + v.Cause.String() + ")"
	}
	tinyWord, _, _ := strings.Cut(word, " ")
	return p.marks.Label + ": edit gate " + word, "agent gate " + tinyWord
}
