package model

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/preview"
	"github.com/repoxhq/repox/model/viewer"
)

// openPreview opens the edit preview (model/preview) on the viewer's
// file, prefilled with the selected lines (or the cursor line); e again on
// the lines where the last one was closed brings its typing back.
func (m *Model) openPreview() tea.Cmd {
	v := m.viewer
	if v.Path() == "" || v.Total() <= 0 || v.Refusal() != "" {
		return m.flash("open a text file in the viewer first: e previews an edit of it")
	}
	first, last, _ := v.Selection()
	p := preview.New(m.common, v.Path(), viewer.SelLabel(first, last), m.tick, func(wrote bool) tea.Cmd {
		if wrote {
			return m.reloadFile()
		}
		return m.checkGate()
	})
	if !p.Resume(m.lastPreview) {
		text, missing, cut := v.SelectionText(first, last)
		p.Prefill(text, last, missing, cut)
	}
	m.lastPreview = p
	v.ClearSelection()
	m.pushOverlay(p)
	return p.Start()
}

// onApplied records an apply's write on the log, and tells the person the
// outcome when its preview is gone.
func (m *Model) onApplied(msg preview.AppliedMsg) tea.Cmd {
	m.writes.Record(msg.Write, msg.Res)
	if m.Overlays.Find(panePreview) != nil {
		return nil
	}
	first, _, _ := strings.Cut(msg.Res.Text, "\n")
	if msg.Res.IsError {
		return m.flash(msg.Tool + " refused: " + first)
	}
	return tea.Batch(m.reloadFile(), m.flash(msg.Tool+": "+first))
}

// undo is u: the newest write of this explorer taken back (preview.Writes).
func (m *Model) undo() tea.Cmd {
	cmd, why := m.writes.Undo(m.common)
	if why != "" {
		return m.flash(why)
	}
	return cmd
}

func (m *Model) onUndone(msg preview.UndoneMsg) tea.Cmd {
	say, wrote := m.writes.Undone(msg)
	if !wrote {
		return m.flash(say)
	}
	return tea.Batch(m.reloadFile(), m.flash(say))
}

// openWrites is U: the log of this explorer's writes.
func (m *Model) openWrites() tea.Cmd {
	m.pushOverlay(preview.NewLog(m.common, &m.writes, m.undo))
	return nil
}

// previewOf is the open edit preview of path, if any.
func (m *Model) previewOf(path string) (*preview.Pane, bool) {
	p, ok := m.Overlays.Find(panePreview).(*preview.Pane)
	return p, ok && path != "" && p.Path() == path
}
