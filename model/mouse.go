package model

import (
	tea "charm.land/bubbletea/v2"
)

// wheelStep is how many rows one wheel notch scrolls.
const wheelStep = 3

// onClick selects what is under the pointer and focuses its pane. A click
// on the row already selected activates it, like enter.
func (m *Model) onClick(ev tea.Mouse) tea.Cmd {
	if ev.Button != tea.MouseLeft || m.help || m.tooSmall() {
		return nil
	}
	body := m.height - 2
	if ev.Y >= body {
		return nil
	}
	if ev.X < m.tree.width {
		m.focus = paneTree
		if m.tree.agent.on || ev.Y == 0 {
			return nil
		}
		i := m.tree.offset + ev.Y - 1
		if i >= len(m.tree.rows) {
			return nil
		}
		if i == m.tree.cursor {
			return m.activate(m.tree.selected())
		}
		m.tree.cursor = i
		m.tree.clamp()
		return nil
	}
	if ev.X > m.tree.width {
		m.focus = paneViewer
		v := &m.viewer
		if v.agent.on || ev.Y == 0 || v.total <= 0 {
			return nil
		}
		if n := v.lineAt(v.top + ev.Y - 1); n > 0 && n <= v.total {
			v.cursor = n
		}
	}
	return nil
}

// onWheel scrolls the pane under the pointer without moving focus.
func (m *Model) onWheel(ev tea.Mouse) tea.Cmd {
	if m.help || m.tooSmall() {
		return nil
	}
	d := 0
	switch ev.Button {
	case tea.MouseWheelUp:
		d = -wheelStep
	case tea.MouseWheelDown:
		d = wheelStep
	default:
		return nil
	}
	if ev.X < m.tree.width {
		if a := &m.tree.agent; a.on {
			a.scroll(d, m.tree.height-2)
			return nil
		}
		m.tree.scroll(d)
		return nil
	}
	if a := &m.viewer.agent; a.on {
		a.scroll(d, m.viewer.height-2)
		return nil
	}
	m.viewer.scroll(d)
	return m.ensureLoaded()
}
