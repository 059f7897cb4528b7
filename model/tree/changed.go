package tree

import (
	"sort"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Only the changed files (C in the tree), as broot's :gs: the files
// repo_git status reports (modified, staged, untracked, deleted), each
// with its folders, from the marks the tree already has — no listing of
// its own. The view follows each new status (a change on disk, a reload);
// l or enter opens a file; C again goes back to the whole tree, opened
// down to the file the cursor is on.

// changedView is the tree's rows while only changed files are shown.
type changedView struct {
	rows  []*node
	files int
}

func (c *changedView) footer() string {
	if c.files == 0 {
		return "git status: no change · C: all files"
	}
	return repoops.Plural(c.files, "changed file", "changed files") + " · C: all files"
}

// toggleChanged turns the view on or off.
func (t *Pane) toggleChanged() tea.Cmd {
	if t.changed != nil {
		path := ""
		if n := t.selected(); n != nil {
			path = n.path
		}
		t.changed = nil
		t.clamp()
		if path == "" {
			return nil
		}
		return t.RevealPath(path)
	}
	if t.git == nil {
		if t.gitWaiting {
			return t.say("git status is still running: C again in a moment")
		}
		return t.say("no git status here (not a git repository): nothing to call changed")
	}
	t.changed = &changedView{}
	t.relistChanged()
	t.cursor, t.offset = 0, 0
	t.clamp()
	return nil
}

// relistChanged builds the view's rows from the git marks, keeping the
// cursor on its path when that is still listed.
func (t *Pane) relistChanged() {
	if t.changed == nil {
		return
	}
	var keep string
	if n := t.selected(); n != nil {
		keep = n.path
	}
	var files []string
	for p, m := range t.git {
		if m != ui.GitInside {
			files = append(files, p)
		}
	}
	sort.Strings(files)
	rows, _, _ := filterPass(buildFilterIndex(files, nil), "", func() bool { return false })
	t.changed.rows, t.changed.files = rows, len(files)
	for i, r := range rows {
		if r.path == keep {
			t.cursor = i
		}
	}
	t.clamp()
}

// changedKey is l/enter (open) or h (nothing to fold) on a row of the view.
func (t *Pane) changedKey(open bool) tea.Cmd {
	n := t.selected()
	switch {
	case n == nil || !open:
		return nil
	case n.isDir():
		return t.say("only changed files are shown, every folder open · C: the whole tree")
	}
	return t.c.Open(n.path, 0)
}
