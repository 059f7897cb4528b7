package model

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/find"
)

// onFiles takes a batch of the listing in and tells find and the tree
// filter, which match over the set listed so far.
func (m *Model) onFiles(env paneMsg) tea.Cmd {
	if env.Gen != m.Files.Gen {
		return nil // a listing the set has since forgotten
	}
	msg, ok := env.Msg.(FeedMsg)
	if !ok {
		return nil
	}
	return tea.Batch(m.Files.OnBatch(msg.Batch, msg.Feed), m.filesChanged())
}

// filesChanged brings find (when open) and the tree filter up to the set.
func (m *Model) filesChanged() tea.Cmd {
	var cmds []tea.Cmd
	if p, ok := m.Overlays.Find(paneFind).(*find.Pane); ok && p != nil {
		cmds = append(cmds, p.Sync())
	}
	return tea.Batch(append(cmds, m.tree.SyncFilter())...)
}

// invalidateFiles forgets the file set (a reload, or names changed on
// disk). It is listed again now when find or the tree filter is open, else
// when one of them opens (so a busy folder costs no listing nobody sees).
func (m *Model) invalidateFiles() tea.Cmd {
	if !m.Files.Started {
		return nil
	}
	m.Files.Forget()
	if m.Overlays.Find(paneFind) == nil && !m.tree.Filtering() {
		return nil
	}
	return tea.Batch(m.Files.Want(), m.filesChanged())
}
