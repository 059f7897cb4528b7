package model

import (
	tea "charm.land/bubbletea/v2"
)

// The root's side of following the disk (watch.go): it tells the watcher
// what the panes show, only when that changes (so a keystroke costs two
// comparisons), and hands each change to the panes.

// watchReadyMsg carries the started watcher.
type watchReadyMsg struct{ d *diskWatcher }

// startWatch opens the watcher off the update loop.
func startWatch(root string) tea.Cmd {
	return func() tea.Msg {
		d := newDiskWatcher(root)
		d.start()
		return watchReadyMsg{d: d}
	}
}

// following is what the watcher was last told to follow.
type following struct {
	seq   int
	file  string
	shape int
}

// syncWatch tells the watcher the open file and the open folders when they
// changed since it was last told.
func (m *Model) syncWatch() tea.Cmd {
	d := m.watch
	if d == nil || (m.followed.seq > 0 && m.followed.file == m.viewer.Path() && m.followed.shape == m.tree.Shape()) {
		return nil
	}
	m.followed.seq++
	m.followed.file, m.followed.shape = m.viewer.Path(), m.tree.Shape()
	seq, file, dirs := m.followed.seq, m.viewer.Path(), m.tree.OpenDirs()
	return func() tea.Msg {
		d.set(seq, file, dirs)
		return nil
	}
}

// onDisk hands a change on disk to the panes and waits for the next one.
func (m *Model) onDisk(msg diskMsg) tea.Cmd {
	cmds := []tea.Cmd{m.watch.next()}
	if p, ok := m.previewOf(msg.file); ok {
		cmds = append(cmds, p.Replan()) // the verdict is for the file as it is now
	}
	if msg.file != "" && msg.file == m.viewer.Path() {
		cmds = append(cmds, m.viewer.Refresh())
		if len(msg.dirs) == 0 {
			cmds = append(cmds, m.tree.RefreshGit()) // its status may have changed
		}
		if m.viewer.Agent().On {
			cmds = append(cmds, m.refreshAgent(m.viewer))
		}
	}
	if len(msg.dirs) > 0 {
		// A name came or went: the file set find and the filter match may be wrong.
		cmds = append(cmds, m.tree.Relist(msg.dirs), m.invalidateFiles())
		if m.tree.Agent().On {
			cmds = append(cmds, m.refreshAgent(m.tree))
		}
	}
	return tea.Batch(cmds...)
}

// closeWatch stops following the disk.
func (m *Model) closeWatch() {
	if m.watch != nil {
		m.watch.close()
	}
}
