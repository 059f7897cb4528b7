package model

import (
	tea "charm.land/bubbletea/v2"
)

// goTo is common.goTo: show path in the viewer at line (1 if 0), with
// highlight marked there when it is not empty (a search's pattern), give
// the viewer focus, and open the tree down to the file and select it.
func (m *Model) goTo(path string, line int, highlight string) tea.Cmd {
	m.jumps.leave(m.viewer.spot())
	cmd := m.viewer.open(path, line)
	if highlight != "" {
		cmd = tea.Batch(cmd, m.viewer.highlight(highlight, max(line, 1)))
	}
	m.focus = paneViewer
	return tea.Batch(cmd, m.tree.revealPath(path))
}

// revealPath opens the folders down to path and selects it: at once where
// they are listed, else as each listing arrives (onDirLoaded goes on with
// revealStep).
func (t *treePane) revealPath(path string) tea.Cmd {
	t.reveal = path
	n := t.root
	for {
		if !n.loaded {
			if n.loading {
				n.expanded = true
				return nil // its listing is on the way; revealStep carries on then
			}
			return t.expand(n)
		}
		n.expanded = true
		c := t.revealStep(n)
		if c == nil {
			t.rebuild()
			return nil
		}
		n = c
	}
}
