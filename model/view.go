package model

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
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

// Render is the frame as a string, exactly width×height cells.
func (m *Model) Render() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.tooSmall() {
		return m.styles.TooSmall(m.width, m.height)
	}
	body := m.height - 2
	var left, right string
	if m.help {
		full := m.styles.RenderHelp(m.helpSections(), ui.HelpLegend(), m.helpTop, m.width, body)
		return full + "\n" + m.styles.RenderStatus(m.status(), m.width) + "\n" + m.styles.RenderHint(m.hintBindings(), m.width)
	}
	left = m.TreeView(m.tree.width, body)
	right = m.ViewerView(m.viewer.width, body)
	return m.styles.Frame(left, right, body, m.styles.RenderStatus(m.status(), m.width), m.styles.RenderHint(m.hintBindings(), m.width))
}

// TreeView draws the tree pane (or its agent view) at w×h.
func (m *Model) TreeView(w, h int) string {
	t := &m.tree
	focused := m.focus == paneTree
	if t.agent.on {
		return m.agentView(&t.agent, "agent view · repo_tree", focused, w, h)
	}
	rows, cur := t.rowsView()
	title := "tree"
	if len(t.rows) > 1 {
		title += "  " + ui.Commas(t.cursor+1) + "/" + ui.Commas(len(t.rows))
	}
	return m.styles.RenderTree(ui.TreeView{Title: title, Rows: rows, Cursor: cur, Focused: focused, Spinner: m.spinFrame()}, w, h)
}

// ViewerView draws the viewer pane (or its agent view) at w×h.
func (m *Model) ViewerView(w, h int) string {
	v := &m.viewer
	focused := m.focus == paneViewer
	if v.agent.on {
		return m.agentView(&v.agent, "agent view · repo_read_file", focused, w, h)
	}
	vv := ui.ViewerView{Focused: focused, HScroll: v.hscroll, Footer: v.search.footer()}
	shown := repoops.DisplayPath(v.path)
	switch {
	case v.path == "":
		vv.Title = "viewer"
		vv.Message = "Select a file in the tree and press enter (or l) to read it the way repo_read_file shows it."
	case v.refusal != "":
		vv.Title = shown
		vv.Message, vv.IsRefusal = v.refusal, true
	case v.empty != "":
		vv.Title = shown
		vv.Message = v.empty
	case v.total < 0:
		vv.Title = shown + "  " + m.spinFrame() + " reading…"
	default:
		first, last := v.visibleRange()
		vv.Title = shown + "  lines " + ui.Commas(first) + "-" + ui.Commas(last) + " of " + ui.Commas(v.total)
		if v.req != nil {
			vv.Title += "  " + m.spinFrame()
		}
		vv.Gutter = ui.GutterWidth(v.total)
		vv.RuleText = "a default repo_read_file stops here (limit " + ui.Commas(defaultLimit) + " of " + ui.Commas(v.total) + ")"
		vv.RuleShort = "default read stops (" + ui.Commas(defaultLimit) + " of " + ui.Commas(v.total) + ")"
		vv.PendingMsg = "reading…"
		vv.Rows = m.viewerRows()
	}
	return m.styles.RenderViewer(vv, w, h)
}

// viewerRows describes the on-screen rows, styling each line once per
// styles, search and match change (the cache), not per frame.
func (m *Model) viewerRows() []ui.ViewerRow {
	v := &m.viewer
	if v.styled == nil {
		v.styled = map[int]string{}
	}
	body := v.body()
	rows := make([]ui.ViewerRow, 0, body)
	for r := v.top; r < v.top+body && r < v.rows(); r++ {
		n := v.lineAt(r)
		if n == 0 {
			rows = append(rows, ui.ViewerRow{Kind: ui.RowRule})
			continue
		}
		l, ok := v.find(n)
		if !ok {
			rows = append(rows, ui.ViewerRow{Kind: ui.RowPending, N: n})
			continue
		}
		s, ok := v.styled[n]
		if !ok {
			cur := -1
			if n == v.search.line {
				cur = v.search.index
			}
			s = m.styles.CodeLine(l.tokens, matchesIn(l.text, v.search.query), cur, l.cut)
			v.styled[n] = s
		}
		rows = append(rows, ui.ViewerRow{Kind: ui.RowLine, N: n, Styled: s, Cursor: n == v.cursor})
	}
	return rows
}

func (m *Model) agentView(a *agentState, title string, focused bool, w, h int) string {
	body := max(h-2, 0)
	end := min(a.top+body, len(a.lines))
	var lines []string
	if a.top < end {
		lines = a.lines[a.top:end]
	}
	if len(a.lines) > body {
		title += "  " + ui.Commas(a.top+1) + "-" + ui.Commas(end) + "/" + ui.Commas(len(a.lines))
	}
	return m.styles.RenderAgent(ui.AgentView{Title: title, Call: a.call, Lines: lines, Loading: a.loading, IsError: a.isError, Focused: focused, Spinner: m.spinFrame(), HScroll: a.hscroll}, w, h)
}

// status gathers the status line.
func (m *Model) status() ui.Status {
	st := ui.Status{Repo: m.name, Branch: m.branch, Message: m.message}
	if m.focus == paneViewer && m.viewer.path != "" {
		st.Path = repoops.DisplayPath(m.viewer.path)
		if m.viewer.total > 0 {
			st.Path += ":" + ui.Commas(m.viewer.cursor)
		}
	} else if n := m.tree.selected(); n != nil {
		st.Path = repoops.DisplayPath(n.path)
		if n.kind == repoops.KindDir && n.path != "" {
			st.Path += "/"
		}
		st.Beyond, _ = m.tree.horizon.mark(n.path)
	}
	st.Gate, st.GateText, st.GateTiny = m.gateStatus()
	st.Agent = m.focusedAgent().on
	return st
}

// hintBindings are the focused pane's short help and the global keys.
func (m *Model) hintBindings() []key.Binding {
	var bs []key.Binding
	switch {
	case m.help:
		return m.keys.Global.ShortHelp()
	case m.focus == paneViewer && !m.viewer.agent.on:
		bs = m.keys.Viewer.ShortHelp()
	case m.focusedAgent().on:
		bs = []key.Binding{m.keys.Tree.Down, m.keys.Tree.Up, m.keys.Viewer.Left, m.keys.Viewer.Right}
	default:
		bs = m.keys.Tree.ShortHelp()
	}
	// Global keys first: "? help" must survive a narrow terminal.
	return append(m.keys.Global.ShortHelp(), bs...)
}

// helpSections is the full help from the bindings in force.
func (m *Model) helpSections() []ui.HelpSection {
	return []ui.HelpSection{
		{Title: "Everywhere", Bindings: m.keys.Global.FullHelp()},
		{Title: "Tree", Bindings: m.keys.Tree.FullHelp()},
		{Title: "Viewer", Bindings: m.keys.Viewer.FullHelp()},
	}
}
