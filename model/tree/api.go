package tree

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// What the root asks of the tree beyond the pane contract.

// Start lists the root folder, first without waiting for the index (its
// read grows with the repository; see onRootEarly), then exactly; the
// agent's horizon and the git marks are asked for once the exact listing
// lands, so nothing delays the first frame.
func (t *Pane) Start() tea.Cmd {
	t.whenRootLands()
	return t.loadRootEarly()
}

// Selected is the row under the cursor: its raw path and whether it opens
// like a folder; ok is false when there is no row (or the cursor is on the
// rule row).
func (t *Pane) Selected() (path string, dir, ok bool) {
	n := t.selected()
	if n == nil {
		return "", false, false
	}
	return n.path, n.kind == repoops.KindDir, true
}

// Filtering reports the filter prompt open (it uses the shared file set).
func (t *Pane) Filtering() bool { return t.filter != nil }

// SyncFilter brings an open filter up to the file set after it grew.
func (t *Pane) SyncFilter() tea.Cmd { return t.syncFilter() }

// Counting reports a count typed before a move (10j): 0 and esc go to the
// tree then, not to the global keys.
func (t *Pane) Counting() bool { return t.count > 0 }

// ClearPending drops a count typed before another command.
func (t *Pane) ClearPending() { t.clearPending() }

// Shape counts the rebuilds of the rows: when it moves, the open folders
// may have changed, and the disk watcher is told again.
func (t *Pane) Shape() int { return t.shape }

// OpenDirs are the folders shown open, for the disk watcher.
func (t *Pane) OpenDirs() []string { return t.openDirs() }

// RefreshGit asks for the git marks again (the open file changed).
func (t *Pane) RefreshGit() tea.Cmd { return t.refreshGit() }

// Relist lists dirs again: names changed on disk there.
func (t *Pane) Relist(dirs []string) tea.Cmd { return t.relist(dirs) }

// FollowAgent moves the cursor with a movement key while the agent view
// is on, and reports whether the call the view stands for changed: its
// call is shown at once, loading, and the root runs it once the cursor
// rests (the root's debounce).
func (t *Pane) FollowAgent(msg tea.KeyPressMsg) (changed bool) {
	k := t.c.Keys.Tree
	name, args, _ := t.AgentCall()
	before := repoops.CallText(name, args)
	d, top, bottom := pane.NavStep(k.Nav, msg, t.visible())
	switch {
	case top:
		t.cursor = 0
		t.clamp()
	case bottom:
		t.cursor = len(t.rows) - 1
		t.clamp()
	case d != 0:
		t.move(d)
	case key.Matches(msg, k.Expand), key.Matches(msg, k.Collapse):
		return false
	default:
		return false
	}
	name, args, _ = t.AgentCall()
	if repoops.CallText(name, args) == before {
		return false
	}
	a := &t.agent
	a.Call = repoops.CallText(name, args)
	a.Loading = true
	return true
}

// Select puts the cursor on the row shown for path and reports whether
// there is one.
func (t *Pane) Select(path string) bool {
	for i, n := range t.rows {
		if !n.rule && n.path == path {
			t.cursor = i
			t.clamp()
			return true
		}
	}
	return false
}

// Rows are the raw paths of the rows shown, in order ("" for the rule row
// where repo_tree's entry cap falls); Cursor is the index of the selected
// one.
func (t *Pane) Rows() []string {
	out := make([]string, len(t.rows))
	for i, n := range t.rows {
		if !n.rule {
			out[i] = n.path
		}
	}
	return out
}

// Cursor is the index in Rows of the selected row.
func (t *Pane) Cursor() int { return t.cursor }

// Settled reports that nothing the tree shows is on its way: no listing,
// no horizon, no git marks pending (the tests and the tour wait on it).
func (t *Pane) Settled() bool { return t.settled() }

// TakesKey: after a count, 0 is one more digit (10j) and esc (Cancel)
// drops the count, before the global keys see either.
func (t *Pane) TakesKey(msg tea.KeyPressMsg) bool {
	_, digit := keymap.CountDigit(t.c.Keys.Tree.Count, msg.String(), t.count > 0)
	return t.count > 0 && (digit || key.Matches(msg, t.c.Keys.Tree.Cancel))
}
