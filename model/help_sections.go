package model

import (
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/viewer"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// helpSections is the full help from the bindings in force: the focused
// pane's keys first (its agent view's when that is on), then the keys that
// work everywhere, the other panes, the overlays, the mouse, and every
// mark the panes and the status line draw.
func (m *Model) helpSections() []ui.HelpSection {
	agent := ui.HelpSection{Title: "Agent view (a)", Bindings: m.Keys.Agent.FullHelp()}
	var secs []ui.HelpSection
	p := m.focused()
	agentFirst := p.Agent() != nil && p.Agent().On
	if agentFirst {
		secs = append(secs, agent)
	}
	secs = append(secs, ui.HelpSection{Title: p.Title() + " (this pane)", Bindings: p.FullHelp()})
	secs = append(secs, ui.HelpSection{Title: "Everywhere", Bindings: m.Keys.Global.FullHelp()})
	for _, q := range m.panes() {
		if q != p {
			secs = append(secs, ui.HelpSection{Title: q.Title(), Bindings: q.FullHelp()})
		}
	}
	if m.sessions == nil {
		secs = append(secs, ui.HelpSection{Title: "Sessions (c)", Bindings: m.Keys.Sessions.FullHelp()})
	}
	if !agentFirst {
		secs = append(secs, agent)
	}
	secs = append(secs,
		ui.HelpSection{Title: "Search prompt (/ in the viewer)", Bindings: m.Keys.Prompt.FullHelp(),
			Rows: [][2]string{{"letters", "are typed: the file is searched as you type (smart case)"}}},
		ui.HelpSection{Title: "Find (f)", Bindings: keymap.NewFind().FullHelp(),
			Rows: [][2]string{{"letters", "are typed into the query"}}},
		ui.HelpSection{Title: "Search (s)", Bindings: keymap.NewSearch().FullHelp(),
			Rows: [][2]string{{"letters", "are typed into the pattern (or the path field)"}}},
		ui.HelpSection{Title: "Edit preview (e)", Bindings: keymap.NewPreview().FullHelp(),
			Rows: [][2]string{{"esc", "close; nothing is written unless you confirm with y"}}},
		ui.HelpSection{Title: "Tool console (:)", Bindings: keymap.NewConsole().FullHelp(),
			Rows: [][2]string{{"esc", "close (the history stays)"}}},
		ui.HelpSection{Title: "Help (?)", Rows: [][2]string{{"j/k ↑/↓", "scroll (ctrl+d/u, pgdn/pgup: by pages)"}, {"g G", "top, end"}, {"other keys", "close the help"}}},
		ui.HelpSection{Title: "Mouse", Rows: mouseHelp()},
	)
	return append(append(secs, ui.HelpMarks()...), ui.HelpSection{Title: "Gate (status line, " + viewer.GateOwner + ")", Rows: gateHelp()})
}

// mouseHelp says what the mouse does (mouse.go and the panes' clicks).
func mouseHelp() [][2]string {
	return [][2]string{
		{"click", "focus the pane under the pointer"},
		{"click row", "tree: select it; again: open it, like enter"},
		{"click line", "viewer: put the cursor on it (a wrapped line's rows too)"},
		{"wheel", "scroll the pane under the pointer; focus stays"},
		{"drag │", "move the split between the tree and the viewer (remembered)"},
		{"agent view", "a click only focuses; the wheel scrolls the text"},
	}
}

// gateHelp words the gate the status line shows, from the core's causes.
func gateHelp() [][2]string {
	return [][2]string{
		{"open", "all N lines seen, unchanged: any change would be allowed"},
		{"lines a-b of N seen", "edits of the seen lines would be allowed, of the others refused (" + repoops.GatePartialRead.String() + "); windows of one version add up"},
		{"shut", repoops.GateNeverRead.String() + " / no lines seen / " + repoops.GateUnreadable.String() + " (a line over the read's character cap)"},
		{"shut", "changed on disk since HH:MM:SS: what was seen is of an older version"},
		{viewer.TinyGate[ui.GateNotRead], "the short form on a narrow line; also gate: K/N seen / open"},
		{"agent: …", "the gate in the followed agent's session (sessions pane)"},
		{"looking", "scrolling, searching and agent views record no read: only an explicit call (console, ctrl+r in the preview) opens the gate"},
	}
}
