package model

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Update routes a message: sizes and colours to the layout, keys and the
// mouse to the focused pane, load results to the pane that asked.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		return m, m.ensureLoaded()
	case tea.BackgroundColorMsg:
		m.styles = ui.NewStyles(msg.IsDark(), m.cfg.NoColor)
		m.viewer.styled = nil
		return m, nil
	case tea.KeyPressMsg:
		cmd := m.onKey(msg)
		m.layout()
		return m, cmd
	case tea.MouseClickMsg:
		cmd := m.onClick(msg.Mouse())
		m.layout()
		return m, cmd
	case tea.MouseWheelMsg:
		return m, m.onWheel(msg.Mouse())
	case dirLoadedMsg:
		return m, m.onDirLoaded(msg)
	case horizonMsg:
		if msg.gen == m.tree.gen && msg.err == nil {
			m.tree.horizon = msg.h
		}
		return m, nil
	case windowMsg:
		return m, m.onWindow(msg)
	case agentMsg:
		m.onAgent(msg)
		if msg.pane == paneViewer {
			return m, m.checkGate() // the agent view's read is a read too
		}
		return m, nil
	case gateMsg:
		m.onGate(msg)
		return m, nil
	case reloadedMsg:
		return m, tea.Batch(m.reloadTree(), m.reloadFile(), m.refreshAgent(paneTree), m.flash("reloaded"))
	case editorDoneMsg:
		if msg.err != nil {
			return m, m.flash("editor: " + msg.err.Error())
		}
		return m, tea.Batch(m.reloadFile(), m.flash("back from the editor; file reloaded"))
	case spinMsg:
		return m, m.onSpin()
	case clearMsg:
		if msg.gen == m.msgGen {
			m.message = ""
		}
		return m, nil
	}
	return m, nil
}

// resize lays the panes out for a new terminal size.
func (m *Model) resize(w, h int) {
	m.width, m.height = w, h
	m.layout()
}

// layout sizes the panes. The tree's agent view, whose lines are whole
// paths, takes the wide side while it has focus.
func (m *Model) layout() {
	treeW, viewW := ui.Layout(m.width)
	if m.focus == paneTree && m.tree.agent.on {
		treeW, viewW = viewW, treeW
	}
	body := max(m.height-2, 1)
	if treeW != m.tree.width || body != m.tree.height {
		m.tree.SetSize(treeW, body)
	}
	if viewW != m.viewer.width || body != m.viewer.height {
		m.viewer.SetSize(viewW, body)
	}
}

// onKey handles one key press: help first, then the search prompt, then
// global keys, then the focused pane.
func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	g := m.keys.Global
	if m.help {
		// Movement scrolls the help on a small terminal; anything else closes it.
		switch d, top, _ := navStep(m.keys.Tree.Nav, msg, m.height-2); {
		case d != 0:
			limit := m.styles.HelpScrollMax(m.helpSections(), ui.HelpLegend(), m.width, m.height-2)
			m.helpTop = min(max(m.helpTop+d, 0), limit)
			return nil
		case top:
			m.helpTop = 0
			return nil
		}
		m.help = false
		if msg.String() == "ctrl+c" {
			return tea.Quit
		}
		return nil
	}
	if m.viewer.search.typing {
		cmd := m.typeSearch(msg)
		m.viewer.styled = nil
		return tea.Batch(cmd, m.ensureLoaded())
	}
	gg := m.pendingG
	m.pendingG = false
	switch {
	case key.Matches(msg, g.Quit):
		m.viewer.cancelRead()
		return tea.Quit
	case key.Matches(msg, g.Help):
		m.help, m.helpTop = true, 0
		return nil
	case key.Matches(msg, g.Focus):
		m.focus = 1 - m.focus
		return nil
	case key.Matches(msg, g.Agent):
		return m.toggleAgent()
	case key.Matches(msg, g.Editor):
		return m.openEditor()
	case key.Matches(msg, g.Copy):
		return m.copyPath()
	case key.Matches(msg, g.Reload):
		return m.reload()
	case key.Matches(msg, g.Reserved()...):
		return m.flash(msg.String() + ": " + bindingDesc(msg, g.Reserved()))
	}
	if msg.String() == "g" && !gg {
		m.pendingG = true
		return nil
	}
	if a := m.focusedAgent(); a.on {
		m.navAgent(a, msg)
		return nil
	}
	if m.focus == paneViewer {
		return m.viewerKey(msg)
	}
	return m.treeKey(msg)
}

// bindingDesc is the help text of the binding a key matched.
func bindingDesc(msg tea.KeyPressMsg, bs []key.Binding) string {
	for _, b := range bs {
		if key.Matches(msg, b) {
			return b.Help().Desc
		}
	}
	return ""
}

func (m *Model) focusedAgent() *agentState {
	if m.focus == paneViewer {
		return &m.viewer.agent
	}
	return &m.tree.agent
}

// navStep turns a movement key into a step for a pane of body rows: lines
// for up/down and pages, or a jump to an end (top/bottom set).
func navStep(n keymap.Nav, msg tea.KeyPressMsg, body int) (d int, top, bottom bool) {
	switch {
	case key.Matches(msg, n.Up):
		return -1, false, false
	case key.Matches(msg, n.Down):
		return 1, false, false
	case key.Matches(msg, n.HalfDown):
		return max(body/2, 1), false, false
	case key.Matches(msg, n.HalfUp):
		return -max(body/2, 1), false, false
	case key.Matches(msg, n.PageDown):
		return max(body-1, 1), false, false
	case key.Matches(msg, n.PageUp):
		return -max(body-1, 1), false, false
	case key.Matches(msg, n.Top):
		return 0, true, false
	case key.Matches(msg, n.Bottom):
		return 0, false, true
	}
	return 0, false, false
}

func (m *Model) navAgent(a *agentState, msg tea.KeyPressMsg) {
	body := max(m.tree.height-2, 1)
	if a == &m.viewer.agent {
		body = max(m.viewer.height-2, 1)
	}
	switch {
	case key.Matches(msg, m.keys.Viewer.Left):
		a.hscroll = max(a.hscroll-8, 0)
		return
	case key.Matches(msg, m.keys.Viewer.Right):
		a.hscroll += 8
		return
	}
	d, top, bottom := navStep(m.keys.Tree.Nav, msg, body)
	switch {
	case top:
		a.top = 0
	case bottom:
		a.scroll(len(a.lines), body)
	default:
		a.scroll(d, body)
	}
}

func (m *Model) treeKey(msg tea.KeyPressMsg) tea.Cmd {
	t := &m.tree
	k := m.keys.Tree
	switch {
	case key.Matches(msg, k.Expand):
		return m.activate(t.selected())
	case key.Matches(msg, k.Collapse):
		if n := t.selected(); n != nil {
			m.collapse(n)
		}
		return nil
	}
	d, top, bottom := navStep(k.Nav, msg, t.visible())
	switch {
	case top:
		t.cursor = 0
		t.clamp()
	case bottom:
		t.cursor = len(t.rows) - 1
		t.clamp()
	default:
		t.move(d)
	}
	return nil
}

// activate expands a folder or opens a file.
func (m *Model) activate(n *node) tea.Cmd {
	if n == nil {
		return nil
	}
	if n.kind == repoops.KindDir {
		if n.expanded && n.loaded && n.parent != nil {
			return nil
		}
		return m.expand(n)
	}
	if n.path == m.viewer.path {
		return nil
	}
	return m.openFile(n.path, 1)
}

func (m *Model) viewerKey(msg tea.KeyPressMsg) tea.Cmd {
	v := &m.viewer
	k := m.keys.Viewer
	switch {
	case key.Matches(msg, k.Search):
		if v.path != "" {
			v.search.typing = true
			v.search.input = ""
			v.clampTop()
		}
		return nil
	case key.Matches(msg, k.Next):
		return m.nextMatch(true)
	case key.Matches(msg, k.Prev):
		return m.nextMatch(false)
	case key.Matches(msg, k.Cancel):
		v.search.reset()
		v.styled = nil
		return nil
	case key.Matches(msg, k.Left):
		v.hscroll = max(v.hscroll-8, 0)
		return nil
	case key.Matches(msg, k.Right):
		v.hscroll += 8
		return nil
	}
	d, top, bottom := navStep(k.Nav, msg, v.body())
	switch {
	case top:
		v.cursor = 1
		v.showCursor()
	case bottom:
		v.cursor = v.total
		v.showCursor()
	case d == 1 || d == -1:
		v.moveCursor(d)
	case d != 0:
		// Pages move the view and the cursor together, like a pager.
		v.top += d
		v.cursor += d
		v.cursor = min(max(v.cursor, 1), max(v.total, 1))
		v.clampTop()
		v.showCursor()
	}
	return m.ensureLoaded()
}
