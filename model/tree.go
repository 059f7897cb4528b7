package model

import (
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// node is one entry of the lazily loaded tree. Folders hold their children
// once ListDir has answered; nothing below an unexpanded folder is read.
type node struct {
	path     string // repo-relative, raw ("" is the root)
	name     string // display form
	kind     repoops.EntryKind
	depth    int
	parent   *node
	expanded bool
	loading  bool
	loaded   bool
	children []*node
	ignored  int
	special  int
	err      string
}

// treePane is the tree's state: the nodes, and rows, the flat slice of
// visible nodes in display order. Moving the cursor touches only indexes;
// rows is rebuilt only when the shape changes (expand, collapse, a load).
type treePane struct {
	c *common

	root   *node
	nodes  map[string]*node // by path, for routing load results
	rows   []*node
	cursor int
	offset int
	width  int
	height int // rows of the pane, title included
	gen    int // bumped by reload; older load results are dropped

	// wantOpen holds folders to re-expand as a reload brings them back.
	wantOpen map[string]bool
	// pending holds folders whose listing is on its way.
	pending map[string]bool
	// reveal is a path to open the folders down to and select, as their
	// listings arrive (repox DIR/FILE:LINE).
	reveal string

	horizon *horizon
	agent   agentState

	// shape counts rebuilds: the set of open folders may have changed, so
	// the disk watcher is told again (watch_model.go).
	shape int
}

func newTreePane(c *common, name string) treePane {
	root := &node{path: "", name: name, kind: repoops.KindDir, expanded: true, loading: true}
	t := treePane{c: c, root: root, nodes: map[string]*node{"": root}, pending: map[string]bool{"": true}}
	t.rebuild()
	return t
}

// SetSize sets the pane's size in cells.
func (t *treePane) SetSize(w, h int) {
	t.width, t.height = w, h
	t.clamp()
}

// visible is how many rows fit under the title.
func (t *treePane) visible() int { return max(t.height-1, 1) }

// selected is the node under the cursor.
func (t *treePane) selected() *node {
	if t.cursor < 0 || t.cursor >= len(t.rows) {
		return nil
	}
	return t.rows[t.cursor]
}

// rebuild flattens the expanded part of the tree into rows, keeping the
// cursor on the same node when it is still visible.
func (t *treePane) rebuild() {
	t.shape++
	sel := t.selected()
	t.rows = t.rows[:0]
	var walk func(n *node)
	walk = func(n *node) {
		t.rows = append(t.rows, n)
		if n.expanded {
			for _, c := range n.children {
				walk(c)
			}
		}
	}
	walk(t.root)
	if sel != nil {
		for i, n := range t.rows {
			if n == sel {
				t.cursor = i
				break
			}
		}
	}
	t.clamp()
}

// clamp keeps the cursor on a row and on screen.
func (t *treePane) clamp() {
	t.cursor = min(max(t.cursor, 0), len(t.rows)-1)
	vis := t.visible()
	if t.cursor < t.offset {
		t.offset = t.cursor
	}
	if t.cursor >= t.offset+vis {
		t.offset = t.cursor - vis + 1
	}
	t.offset = max(min(t.offset, len(t.rows)-vis), 0)
}

func (t *treePane) move(d int) {
	t.cursor += d
	t.clamp()
}

// scroll moves the view without moving the cursor off screen (the wheel).
func (t *treePane) scroll(d int) {
	vis := t.visible()
	t.offset = max(min(t.offset+d, len(t.rows)-vis), 0)
	t.cursor = min(max(t.cursor, t.offset), t.offset+vis-1)
	t.clamp()
}

// setChildren installs a folder listing under n.
func (t *treePane) setChildren(n *node, l *repoops.DirListing) {
	old := map[string]*node{}
	for _, c := range n.children {
		old[c.path] = c
	}
	n.children = make([]*node, 0, len(l.Entries))
	for _, e := range l.Entries {
		c := old[e.Path]
		if c == nil || c.kind != e.Kind {
			c = &node{path: e.Path, name: repoops.DisplayPath(e.Name), kind: e.Kind, depth: n.depth + 1, parent: n}
		}
		n.children = append(n.children, c)
		t.nodes[e.Path] = c
	}
	for p, c := range old {
		if t.nodes[p] == c && !containsNode(n.children, c) {
			t.forget(c)
		}
	}
	n.ignored = len(l.Ignored)
	n.special = len(l.Special)
	n.loaded, n.loading, n.err = true, false, ""
}

func containsNode(ns []*node, x *node) bool {
	for _, n := range ns {
		if n == x {
			return true
		}
	}
	return false
}

// forget drops a vanished subtree from the index.
func (t *treePane) forget(n *node) {
	delete(t.nodes, n.path)
	for _, c := range n.children {
		t.forget(c)
	}
}

// anyLoading reports whether a spinner is needed.
func (t *treePane) anyLoading() bool { return len(t.pending) > 0 }

// rowsView describes the on-screen rows for ui.RenderTree.
func (t *treePane) rowsView() ([]ui.TreeRow, int) {
	vis := t.visible()
	end := min(t.offset+vis, len(t.rows))
	out := make([]ui.TreeRow, 0, end-t.offset)
	for _, n := range t.rows[t.offset:end] {
		r := ui.TreeRow{
			Name: n.name, Depth: n.depth, Kind: n.kind,
			Expanded: n.expanded, Loading: n.loading, Loaded: n.loaded,
			Empty:   n.loaded && len(n.children) == 0,
			Ignored: n.ignored, Special: n.special, Err: n.err,
		}
		r.Beyond, r.Edge = t.horizon.mark(n.path)
		r.Seen = t.c.agent.treeMark(n.path)
		out = append(out, r)
	}
	return out, t.cursor - t.offset
}
