package model

import (
	tea "charm.land/bubbletea/v2"
)

// goTo is common.goTo: show path in the viewer at line (1 if 0), with
// highlight marked there when it is not empty (a search's pattern), give
// the viewer focus, and open the tree down to the file and select it.
func (m *Model) goTo(path string, line int, highlight string) tea.Cmd {
	m.jumps.leave(m.viewer.Spot())
	cmd := m.viewer.Open(path, line)
	if highlight != "" {
		cmd = tea.Batch(cmd, m.viewer.Highlight(highlight, max(line, 1)))
	}
	m.focus = paneViewer
	return tea.Batch(cmd, m.tree.RevealPath(path))
}
