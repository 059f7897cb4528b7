package model

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/grep"
)

// openSearch pushes the search over the viewer (the same one as last time:
// its request and results kept).
func (m *Model) openSearch() tea.Cmd {
	if m.search == nil {
		m.search = grep.New(m.common)
	}
	cmd := m.search.Open()
	m.pushOverlay(m.search)
	return cmd
}

// escaper is an overlay that may take esc for itself (search cancels a
// running search) before esc closes it.
type escaper interface {
	Escape() bool
}
