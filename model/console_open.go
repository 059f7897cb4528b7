package model

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/console"
	"github.com/repoxhq/repox/repoops"
)

// openConsole opens the console, the same one as last time (its history
// and last result kept).
func (m *Model) openConsole() tea.Cmd {
	if m.console == nil {
		m.console = console.New(m.common, func(tool string, res repoops.Result) tea.Cmd {
			if t, ok := repoops.Lookup(tool); ok && !t.ReadOnly && !res.IsError {
				return m.reloadFile()
			}
			return m.checkGate()
		})
	}
	m.pushOverlay(m.console)
	return m.console.Open()
}
