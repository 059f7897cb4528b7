package viewer

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// What the root asks of the viewer beyond the pane contract.

// New is the viewer with no file open; wrap is the remembered setting.
func New(c *pane.Common, wrap bool) *Pane {
	return &Pane{c: c, total: -1, wrap: wrap}
}

// Path is the open file (repo-relative, raw; "" when none).
func (v *Pane) Path() string { return v.path }

// Version is the version of the open file the viewer shows: its load
// generation, new with each open and each reading anew.
func (v *Pane) Version() int { return v.gen }

// Cursor is the cursor's line (0 before the file is read).
func (v *Pane) Cursor() int { return v.cursor }

// Total is the open file's line count once read (-1 while it is read,
// 0 when it was refused or is empty).
func (v *Pane) Total() int { return v.total }

// Refusal is why the open file is not shown ("" when it is).
func (v *Pane) Refusal() string { return v.refusal }

// Selecting reports a selection being made (v or V).
func (v *Pane) Selecting() bool { return v.sel != 0 }

// ClearSelection drops the selection (the edit preview took it).
func (v *Pane) ClearSelection() { v.sel, v.styled = 0, nil }

// Spot is where the viewer is, for the jump list: the open file and the
// cursor's line; ok is false when no file is open.
func (v *Pane) Spot() (path string, line int, ok bool) {
	if v.path == "" {
		return "", 0, false
	}
	return v.path, max(v.cursor, 1), true
}

// CheckHidden asks whether the open file is one the listing tools never
// show (ignored): its header and notes say so.
func (v *Pane) CheckHidden() tea.Cmd {
	return checkHidden(v.c.Ctx, v.c.Repo, v.gen, v.path)
}

// LineText is line n of the open file as read into the viewer (its raw
// text), and whether it is held.
func (v *Pane) LineText(n int) (string, bool) {
	l, ok := v.find(n)
	if !ok {
		return "", false
	}
	return l.raw, true
}

// Gate is the core's read-before-edit verdict on the open file for the
// explorer's session, once it is in (nil before).
func (v *Pane) Gate() *repoops.GateVerdict { return v.gate }

// Notes are the header's notes on the open file (ignored, CRLF, a BOM…).
func (v *Pane) Notes() []string { return v.fileNotes() }

// Search is the in-file search in force: its query ("" when none) and the
// line of the current match.
func (v *Pane) Search() (query string, line int) { return v.search.query, v.search.line }

// TakesKey: with a z pending, the next key is its second (zz, zh, …),
// even one bound globally.
func (v *Pane) TakesKey(tea.KeyPressMsg) bool { return v.PrefixPending() }

// Wrapping reports long lines wrapped onto more rows (w, or the settings).
func (v *Pane) Wrapping() bool { return v.wrap }
