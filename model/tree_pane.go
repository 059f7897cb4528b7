package model

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// The tree's side of the pane contract.

func (t *treePane) ID() paneID                { return paneTree }
func (t *treePane) Title() string             { return "Tree" }
func (t *treePane) Size() (int, int)          { return t.width, t.height }
func (t *treePane) ShortHelp() []key.Binding  { return t.c.keys.Tree.ShortHelp() }
func (t *treePane) FullHelp() [][]key.Binding { return t.c.keys.Tree.FullHelp() }
func (t *treePane) Agent() *agentState        { return &t.agent }
func (t *treePane) Loading() bool             { return t.anyLoading() }

// Generation: every listing and the horizon belong to one tree generation,
// bumped by a reload.
func (t *treePane) Generation(job) int { return t.gen }

// AgentCall is the repo_tree call for the selected folder (a file's folder).
func (t *treePane) AgentCall() (string, any, string) {
	return "repo_tree", t.call(), ""
}

func (t *treePane) call() repoops.TreeArgs {
	n := t.selected()
	for n != nil && n.kind != repoops.KindDir {
		n = n.parent
	}
	if n == nil || n.path == "" {
		return repoops.TreeArgs{}
	}
	return repoops.TreeArgs{Path: repoops.DisplayPath(n.path)}
}

// Status is the selected path and whether it lies beyond the horizon.
func (t *treePane) Status() statusFields {
	var f statusFields
	if n := t.selected(); n != nil {
		f.Path = repoops.DisplayPath(n.path)
		if n.kind == repoops.KindDir && n.path != "" {
			f.Path += "/"
		}
		f.Beyond, _ = t.horizon.mark(n.path)
	}
	return f
}

func (t *treePane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return t.key(msg)
	case tea.MouseClickMsg:
		if msg.Y == 0 {
			return nil
		}
		i := t.offset + msg.Y - 1
		if i >= len(t.rows) {
			return nil
		}
		if i == t.cursor {
			return t.activate(t.selected())
		}
		t.cursor = i
		t.clamp()
		return nil
	case tea.MouseWheelMsg:
		t.scroll(wheelDelta(msg.Button))
		return nil
	case reloadMsg:
		return t.reload()
	case dirLoadedMsg:
		return t.onDirLoaded(msg)
	case horizonMsg:
		if msg.err == nil {
			t.horizon = msg.h
		}
		return nil
	}
	return nil
}

func (t *treePane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := t.c.keys.Tree
	switch {
	case key.Matches(msg, k.Expand):
		return t.activate(t.selected())
	case key.Matches(msg, k.Collapse):
		if n := t.selected(); n != nil {
			t.collapse(n)
		}
		return nil
	}
	d, top, bottom := navStep(k.Nav, msg, t.visible())
	switch {
	case top:
		t.cursor = 0
		t.clamp()
	case bottom:
		t.cursor = len(t.rows) - 1
		t.clamp()
	default:
		t.move(d)
	}
	return nil
}

// activate expands a folder or opens a file in the viewer.
func (t *treePane) activate(n *node) tea.Cmd {
	if n == nil {
		return nil
	}
	if n.kind == repoops.KindDir {
		if n.expanded && n.loaded && n.parent != nil {
			return nil
		}
		return t.expand(n)
	}
	return t.c.open(n.path, 0)
}

// View draws the tree at w×h.
func (t *treePane) View(w, h int, focused bool) string {
	rows, cur := t.rowsView()
	title := "tree"
	if len(t.rows) > 1 {
		title += "  " + repoops.Commas(t.cursor+1) + "/" + repoops.Commas(len(t.rows))
	}
	return t.c.styles.RenderTree(ui.TreeView{Title: title, Rows: rows, Cursor: cur, Focused: focused, Spinner: t.c.spinFrame()}, w, h)
}
