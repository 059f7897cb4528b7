package model

import (
	"charm.land/bubbles/v2/key"
	"github.com/repoxhq/repox/model/viewer"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// helpSections is the full help from the bindings in force: the focused
// pane's keys first (its agent view's when that is on), then the keys that
// work everywhere — the first helpFirst sections, what the help shows
// until its all key or its filter asks for more — then the help's own, the
// other panes, the overlays, the mouse, and every mark the panes and the
// status line draw.
func (m *Model) helpSections() []ui.HelpSection {
	agent := ui.HelpSection{Title: "Agent view (" + m.Keys.Global.Agent.Help().Key + ")", Bindings: m.Keys.Agent.FullHelp()}
	var secs []ui.HelpSection
	p := m.focused()
	agentFirst := p.Agent() != nil && p.Agent().On
	if agentFirst {
		secs = append(secs, agent)
	}
	secs = append(secs, ui.HelpSection{Title: p.Title() + " (this pane)", Bindings: p.FullHelp()})
	secs = append(secs, ui.HelpSection{Title: "Everywhere", Bindings: m.Keys.Global.FullHelp()})
	secs = append(secs, m.helpOwnSection())
	return append(secs, m.helpRest(p, agentFirst, agent)...)
}

// helpFirst is how many sections of helpSections the help shows first.
func (m *Model) helpFirst() int {
	if a := m.focused().Agent(); a != nil && a.On {
		return 3
	}
	return 2
}

// helpOwnSection is the help's own keys.
func (m *Model) helpOwnSection() ui.HelpSection {
	return ui.HelpSection{Title: "Help (" + m.Keys.Global.Help.Help().Key + ")", Bindings: m.Keys.Help.FullHelp(),
		Rows: [][2]string{{"others", "close the help"}}}
}

// helpRest are the sections after the first: the other panes, the
// overlays, the mouse and the marks.
func (m *Model) helpRest(p pane, agentFirst bool, agent ui.HelpSection) []ui.HelpSection {
	var secs []ui.HelpSection
	g, close := m.Keys.Global, m.Keys.Overlay.Close.Help().Key
	for _, q := range m.panes() {
		if q != p {
			secs = append(secs, ui.HelpSection{Title: q.Title(), Bindings: q.FullHelp()})
		}
	}
	if m.sessions == nil {
		secs = append(secs, ui.HelpSection{Title: "Sessions (" + g.Sessions.Help().Key + ")", Bindings: m.Keys.Sessions.FullHelp()})
	}
	if !agentFirst {
		secs = append(secs, agent)
	}
	if m.tours.tour != nil {
		secs = append(secs, ui.HelpSection{Title: "Tour", Bindings: m.Keys.Tour.FullHelp()})
	}
	secs = append(secs,
		ui.HelpSection{Title: "Tree filter (" + m.Keys.Tree.Filter.Help().Key + " in the tree)", Bindings: m.Keys.TreeFilter.FullHelp(),
			Rows: [][2]string{{"letters", "are typed: the whole file set is filtered as you type"}}},
		ui.HelpSection{Title: "Search prompt (" + m.Keys.Viewer.Search.Help().Key + " in the viewer)", Bindings: m.Keys.Prompt.FullHelp(),
			Rows: [][2]string{{"letters", "are typed: the file is searched as you type (smart case)"}}},
		ui.HelpSection{Title: "Find (" + g.Find.Help().Key + ")", Bindings: m.Keys.Find.FullHelp(),
			Rows: [][2]string{{"letters", "are typed into the query"}}},
		ui.HelpSection{Title: "Search (" + g.Search.Help().Key + ")", Bindings: m.Keys.Search.FullHelp(),
			Rows: [][2]string{{"letters", "are typed into the pattern (or the path field)"}}},
		ui.HelpSection{Title: "Text fields (find, search, filters)", Bindings: m.Keys.Typing.FullHelp()},
		ui.HelpSection{Title: "Edit preview (" + g.Edit.Help().Key + ")", Bindings: m.Keys.Preview.FullHelp(),
			Rows: [][2]string{{close, "close; nothing is written unless you confirm with " + m.Keys.Preview.Confirm.Help().Key}}},
		ui.HelpSection{Title: "Write log (" + g.Writes.Help().Key + ")", Bindings: [][]key.Binding{{m.Keys.Writes.Close}},
			Rows: [][2]string{{g.Undo.Help().Key, "undo the newest write"}}},
		ui.HelpSection{Title: "Tool console (" + g.Console.Help().Key + ")", Bindings: m.Keys.Console.FullHelp(),
			Rows: [][2]string{{close, "close (the history stays)"}}},
		ui.HelpSection{Title: "Over the panes", Rows: [][2]string{{close, "closes what is open over the panes: find, search, preview, console, help, a prompt"}}},
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
