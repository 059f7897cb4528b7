package model

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Dragging the separator between the tree and the viewer moves the split,
// like < and >; the new split is saved when the button is let go.

// startDrag begins a drag on the separator.
func (m *Model) startDrag() tea.Cmd {
	m.dragging = true
	return nil
}

// onDrag puts the separator under the pointer (column x), in whole
// percent of the width, within the split's bounds and the panes' minimums.
func (m *Model) onDrag(x int) {
	if !m.dragging || m.width <= 0 {
		return
	}
	pct := min(max((x*100+m.width-1)/m.width, SplitMin), SplitMax)
	m.cfg.Settings.Split = pct
	m.layout()
}

// endDrag remembers the split the drag left.
func (m *Model) endDrag() tea.Cmd {
	if !m.dragging {
		return nil
	}
	m.dragging = false
	treeW, _ := ui.LayoutSplit(m.width, m.cfg.Settings.Split)
	save := m.changeSettings(func(*Settings) {})
	return tea.Batch(save, m.flash("split: the tree takes "+repoops.Commas(m.cfg.Settings.Split)+"% of the width ("+repoops.Commas(treeW)+" columns), remembered"))
}
