package model

import (
	tea "charm.land/bubbletea/v2"
)

// mouseBlocked reports whether an overlay takes the mouse from the panes:
// one over the whole body does (help ignores it); an inline one does not.
func (m *Model) mouseBlocked() bool {
	o := m.Overlays.Top()
	return o != nil && o.Area() == areaBody
}

// onClick focuses the pane under the pointer and gives it the click, in
// its own coordinates. A click on the row already selected activates it,
// like enter. A pane in agent view takes focus and nothing else.
func (m *Model) onClick(ev tea.Mouse) tea.Cmd {
	if ev.Button != tea.MouseLeft || m.mouseBlocked() || m.tooSmall() {
		return nil
	}
	body := m.height - 2
	if ev.Y >= body {
		return nil
	}
	var p pane
	switch {
	case ev.X < m.treeWidth():
		p = m.tree
	case ev.X > m.treeWidth():
		ev.X -= m.treeWidth() + 1
		if o := m.Overlays.TopIn(areaViewer); o != nil {
			return o.Update(tea.MouseClickMsg(ev)) // drawn over the viewer: it is what was clicked
		}
		p = m.viewer
	default:
		return m.startDrag() // the separator: dragging it moves the split
	}
	m.focus = p.ID()
	if p.Agent().On {
		return nil
	}
	return p.Update(tea.MouseClickMsg(ev))
}

// onWheel scrolls the pane under the pointer without moving focus.
func (m *Model) onWheel(ev tea.Mouse) tea.Cmd {
	if m.mouseBlocked() || m.tooSmall() {
		return nil
	}
	d := wheelDelta(ev.Button)
	if d == 0 {
		return nil
	}
	var p pane = m.viewer
	if ev.X < m.treeWidth() {
		p = m.tree
	} else {
		ev.X -= m.treeWidth() + 1
		if o := m.Overlays.TopIn(areaViewer); o != nil {
			return o.Update(tea.MouseWheelMsg(ev))
		}
	}
	if a := p.Agent(); a.On {
		w, h := p.Size()
		a.Display(w, m.agentWrap())
		a.Scroll(d, h-2)
		return nil
	}
	return p.Update(tea.MouseWheelMsg(ev))
}
