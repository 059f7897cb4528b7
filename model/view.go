package model

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/results"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// View draws the frame: alt screen, mouse on.
func (m *Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "repox — " + m.name
	return v
}

func (m *Model) tooSmall() bool {
	return m.width < ui.MinWidth || m.height < ui.MinHeight
}

// Render is the frame as a string, exactly width×height cells: the tree and
// the viewer (or the overlay over it), or an overlay over the whole body,
// then the status and hint lines.
func (m *Model) Render() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.tooSmall() {
		return m.Styles.TooSmall(m.width, m.height)
	}
	body := m.height - 2
	status, below := m.Styles.StatusLines(m.status(), m.width)
	hint := m.Styles.RenderHint(m.hintBindings(), m.width)
	if bar, ok := m.tourBar(); ok {
		hint = bar
	}
	if below != "" {
		hint = below // a long message, until the next key
	}
	if o := m.Overlays.TopIn(areaBody); o != nil {
		return o.View(m.width, body, true) + "\n" + status + "\n" + hint
	}
	left := m.TreeView(m.treeWidth(), body)
	if panel, ok := m.tourPanel(m.treeWidth(), body); ok {
		left = panel
	}
	right := m.ViewerView(m.viewerWidth(), body)
	if o := m.Overlays.TopIn(areaViewer); o != nil {
		right = o.View(m.viewerWidth(), body, true)
	}
	return m.Styles.Frame(left, right, body, status, hint)
}

// TreeView draws the tree pane (or its agent view) at w×h.
func (m *Model) TreeView(w, h int) string { return m.paneView(m.tree, w, h) }

// treeWidth is the tree's share of the width, as laid out.
func (m *Model) treeWidth() int {
	w, _ := m.tree.Size()
	return w
}

// treeSelects reports a row under the tree's cursor.
func (m *Model) treeSelects() bool {
	_, _, ok := m.tree.Selected()
	return ok
}

// ViewerView draws the viewer pane (or its agent view) at w×h.
func (m *Model) ViewerView(w, h int) string { return m.paneView(m.viewer, w, h) }

// viewerWidth is the viewer's share of the width, as laid out.
func (m *Model) viewerWidth() int {
	w, _ := m.viewer.Size()
	return w
}

// paneView draws p, or its agent view when that is on.
func (m *Model) paneView(p pane, w, h int) string {
	focused := m.focus == p.ID()
	if a := p.Agent(); a != nil && a.On {
		return m.agentView(a, "agent view · "+a.Tool, focused, w, h)
	}
	return p.View(w, h, focused)
}

func (m *Model) agentView(a *agentState, title string, focused bool, w, h int) string {
	body := max(h-2, 0)
	rows := a.Display(w, m.agentWrap())
	a.Top = max(min(a.Top, len(rows)-body), 0)
	end := min(a.Top+body, len(rows))
	var lines []string
	if a.Top < end {
		lines = rows[a.Top:end]
	}
	if s := a.Size(); s != "" {
		title += " · " + s
	}
	if len(rows) > body {
		title += "  rows " + repoops.Commas(a.Top+1) + "-" + repoops.Commas(end) + "/" + repoops.Commas(len(rows))
	}
	hs := a.HScroll
	if m.agentWrap() {
		hs = 0
	}
	return m.Styles.RenderAgent(ui.AgentView{Title: title, Call: a.Call, Lines: lines, Loading: a.Loading, IsError: a.IsError, Focused: focused, Spinner: m.SpinFrame(), HScroll: hs}, w, h)
}

// statusPanes are the panes the status line asks, in order: the top
// overlay (unless it is inline), the focused pane, then the ring.
func (m *Model) statusPanes() []pane {
	var ps []pane
	if o := m.Overlays.Top(); o != nil && o.Area() != areaInline {
		ps = append(ps, o)
	}
	return append(append(ps, m.focused()), m.panes()...)
}

// status gathers the status line: the path from the first pane that has
// one, the gate from the first that holds a file.
func (m *Model) status() ui.Status {
	st := ui.Status{Repo: m.name, Branch: m.branch, Message: m.message}
	var pathFrom, gateFrom pane
	for _, p := range m.statusPanes() {
		f := p.Status()
		if pathFrom == nil && f.Path != "" {
			st.Path, st.Beyond, st.Reach, pathFrom = f.Path, f.Beyond, f.Reach, p
		}
		if gateFrom == nil && f.Gate != ui.GateNone {
			st.Gate, st.GateText, st.GateTiny, gateFrom = f.Gate, f.GateText, f.GateTiny, p
			if pathFrom != p && f.GateFile != "" && f.GateFile != st.Path {
				// The path is another pane's: the gate names its own file.
				name := f.GateFile
				if i := strings.LastIndexByte(name, '/'); i >= 0 {
					name = name[i+1:]
				}
				st.GateText = f.GateFile + ": " + st.GateText
				st.GateTiny = name + " " + st.GateTiny
			}
		}
	}
	if a := m.focused().Agent(); a != nil {
		st.Agent = a.On
	}
	if o, ok := m.Overlays.Top().(ownAgentView); ok {
		st.Agent = o.AgentViewOn()
	}
	if o, ok := m.Overlays.Top().(results.TextOverlay); ok {
		st.Agent = o.Agent().On // the overlay's own agent view is what is on screen
	}
	st.AgentGate, st.AgentGateTiny = m.sessions.GateStatus(m.viewer.Path())
	return st
}

// hintBindings are the global keys, then the short help of the top overlay
// (unless it is inline) or of the focused pane or its agent view.
func (m *Model) hintBindings() []key.Binding {
	if o, ok := m.Overlays.Top().(results.TextOverlay); ok {
		return o.ShortHelp() // letters are typed there: no global key applies
	}
	var bs []key.Binding
	p := m.focused()
	switch o := m.Overlays.Top(); {
	case o != nil && o.Area() == areaInline && len(o.ShortHelp()) > 0:
		return o.ShortHelp() // a prompt takes letters: no global key applies
	case o != nil && o.Area() != areaInline:
		bs = o.ShortHelp()
		if e, ok := o.(escOwner); ok && e.OwnsEsc() {
			return bs // esc is the overlay's own now (its hint says what it does)
		}
		if len(bs) > 0 {
			// Keys go to the overlay: the global ones do not apply.
			return append([]key.Binding{m.Keys.Overlay.Close}, bs...)
		}
	case p.Agent() != nil && p.Agent().On:
		bs = append([]key.Binding{m.Keys.Tree.Down, m.Keys.Tree.Up}, m.Keys.Agent.ShortHelp()...)
	default:
		bs = p.ShortHelp()
		if pp, ok := p.(pendingPane); ok && pp.Pending() != "" {
			// A count or a z typed: say so first, and what can follow.
			pend := key.NewBinding(key.WithKeys(pp.Pending()), key.WithHelp(pp.Pending()+"…", pp.PendingHint()))
			return append([]key.Binding{pend}, append(m.Keys.Global.ShortHelp(), bs...)...)
		}
	}
	// Global keys first: "? help" must survive a narrow terminal.
	return append(m.Keys.Global.ShortHelp(), bs...)
}
