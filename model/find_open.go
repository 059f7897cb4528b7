package model

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/find"
)

// openFind pushes find over the viewer (the same one as last time: its
// query and results kept) and lists the file set if it is not listed.
func (m *Model) openFind() tea.Cmd {
	if m.find == nil {
		m.find = find.New(m.common)
	}
	m.pushOverlay(m.find)
	return tea.Batch(m.Files.Want(), m.find.Open())
}
