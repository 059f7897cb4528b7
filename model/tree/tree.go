package tree

import (
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
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

	rule      bool    // the rule row where repo_tree's entry cap falls (not an entry)
	linkDir   bool    // a symlink to a folder inside the root: expands like one
	target    string  // a symlink's target, display form
	isIgnored bool    // an ignore rule hides it (listed only by the ignored toggle)
	hidden    []*node // the ignored entries inside, once listed (the toggle shows them)
	context   bool    // a filter row shown only as a parent of a match
}

// isDir says n opens like a folder: a folder, or a link to one.
func (n *node) isDir() bool { return n.kind == repoops.KindDir || n.linkDir }

// Pane is the tree's state: the nodes, and rows, the flat slice of
// visible nodes in display order. Moving the cursor touches only indexes;
// rows is rebuilt only when the shape changes (expand, collapse, a load).
type Pane struct {
	c     *pane.Common
	count int // typed before a move (count.go)

	// asked and not yet answered: the horizon's repo_tree and the git
	// marks' repo_git status (settled reports both, for tests)
	horizonWaiting, gitWaiting bool
	// askAfterRoot: the horizon and the git marks are asked for when the
	// root's listing lands, not alongside it (see whenRootLands).
	askAfterRoot bool

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
	agent   pane.AgentState

	// shape counts rebuilds: the set of open folders may have changed, so
	// the disk watcher is told again (the root's watch_model.go).
	shape int

	// after schedules a timer (the root's tick, which tests switch off).
	after func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	// restSeq counts cursor moves; a rest timer of an older move is stale.
	restSeq int
	reach   reachState
	filter  *treeFilter
	git     map[string]string // raw path -> git status mark (repo_git status)
	changed *changedView      // only the changed files (changed.go); nil: the whole tree

	// setting changes a remembered setting and saves it (Options.Setting).
	setting func(func(*pane.Settings)) tea.Cmd

	// list lists a folder exactly; nil: the core's ListDir (a test's seam)
	list func(path string) (*repoops.DirListing, error)

	showIgnored  bool // list ignored entries too, dimmed and marked
	foldersFirst bool // folders before files in each folder
	preview      bool // the viewer follows the cursor onto files
}

// Options are how the root sets the tree up.
type Options struct {
	// After schedules a timer (the root's tick, which tests switch off).
	After func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	// Setting changes a remembered setting and returns the command that
	// saves it (the root's changeSettings).
	Setting func(func(*pane.Settings)) tea.Cmd
	// FoldersFirst and NoPreview are the remembered settings.
	FoldersFirst, NoPreview bool
}

// New is the tree of the repository named name, nothing listed yet: Start
// lists its root.
func New(c *pane.Common, name string, o Options) *Pane {
	root := &node{path: "", name: name, kind: repoops.KindDir, expanded: true, loading: true}
	t := &Pane{c: c, root: root, nodes: map[string]*node{"": root}, pending: map[string]bool{"": true},
		after: o.After, setting: o.Setting, foldersFirst: o.FoldersFirst, preview: !o.NoPreview}
	t.rebuild()
	return t
}

// SetSize sets the pane's size in cells.
func (t *Pane) SetSize(w, h int) {
	t.width, t.height = w, h
	t.clamp()
}

// visible is how many rows fit under the title and the footer lines.
func (t *Pane) visible() int { return max(t.height-1-t.footers(), 1) }

// footers is how many lines go under the rows: the legend, and the filter
// prompt while it is open (as ui.RenderTree draws them: only while two
// rows stay for the title and one row).
func (t *Pane) footers() int {
	n := 0
	if t.filter != nil && t.height-n > 2 {
		n++
	}
	if t.height-n > 2 {
		n++ // the legend
	}
	return n
}

// shown is the rows on screen: the tree, or the filter's rows.
func (t *Pane) shown() []*node {
	if t.filter.showing() {
		return t.filter.rows
	}
	if t.changed != nil {
		return t.changed.rows
	}
	return t.rows
}

// selected is the node under the cursor (never the rule row).
func (t *Pane) selected() *node {
	rows := t.shown()
	if t.cursor < 0 || t.cursor >= len(rows) || rows[t.cursor].rule {
		return nil
	}
	return rows[t.cursor]
}

// rebuild flattens the expanded part of the tree into rows, keeping the
// cursor on the same node when it is still visible.
func (t *Pane) rebuild() {
	t.shape++
	sel := t.selected()
	t.rows = t.rows[:0]
	var walk func(n *node)
	walk = func(n *node) {
		t.rows = append(t.rows, n)
		if !n.expanded {
			return
		}
		kids := t.ordered(n)
		rule := t.ruleIndex(n, kids)
		for i, c := range kids {
			if i == rule {
				t.rows = append(t.rows, &node{rule: true, depth: n.depth + 1, parent: n})
			}
			walk(c)
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

// clamp keeps the cursor on a row (not the rule) and on screen.
func (t *Pane) clamp() { t.clampDir(1) }

// clampDir is clamp, stepping off the rule row in direction d.
func (t *Pane) clampDir(d int) {
	rows := t.shown()
	t.cursor = min(max(t.cursor, 0), len(rows)-1)
	if t.cursor >= 0 && rows[t.cursor].rule {
		if d < 0 && t.cursor > 0 || t.cursor == len(rows)-1 {
			t.cursor--
		} else {
			t.cursor++
		}
	}
	vis := t.visible()
	if t.cursor < t.offset {
		t.offset = t.cursor
	}
	if t.cursor >= t.offset+vis {
		t.offset = t.cursor - vis + 1
	}
	t.offset = max(min(t.offset, len(rows)-vis), 0)
}

func (t *Pane) move(d int) {
	t.cursor += d
	t.clampDir(d)
}

// scroll moves the view without moving the cursor off screen (the wheel).
func (t *Pane) scroll(d int) {
	vis := t.visible()
	t.offset = max(min(t.offset+d, len(t.shown())-vis), 0)
	t.cursor = min(max(t.cursor, t.offset), t.offset+vis-1)
	t.clampDir(d)
}

// setChildren installs a folder listing under n.
func (t *Pane) setChildren(n *node, l *repoops.DirListing) {
	old := map[string]*node{}
	for _, c := range n.children {
		old[c.path] = c
	}
	n.children = make([]*node, 0, len(l.Entries))
	for _, e := range l.Entries {
		c := old[e.Path]
		if c == nil || c.kind != e.Kind || c.isIgnored != n.isIgnored {
			c = &node{path: e.Path, name: repoops.DisplayPath(e.Name), kind: e.Kind, depth: n.depth + 1, parent: n, isIgnored: n.isIgnored}
		}
		n.children = append(n.children, c)
		t.nodes[e.Path] = c
	}
	for _, c := range n.hidden {
		old[c.path] = c
	}
	n.hidden = n.hidden[:0]
	for _, e := range l.Ignored {
		c := old[e.Path]
		if c == nil || c.kind != e.Kind || !c.isIgnored {
			c = &node{path: e.Path, name: repoops.DisplayPath(e.Name), kind: e.Kind, depth: n.depth + 1, parent: n, isIgnored: true}
		}
		n.hidden = append(n.hidden, c)
		t.nodes[e.Path] = c
	}
	for p, c := range old {
		if t.nodes[p] == c && !containsNode(n.children, c) && !containsNode(n.hidden, c) {
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
func (t *Pane) forget(n *node) {
	delete(t.nodes, n.path)
	for _, c := range n.children {
		t.forget(c)
	}
	for _, c := range n.hidden {
		t.forget(c)
	}
}

// anyLoading reports whether a spinner is needed.
func (t *Pane) anyLoading() bool { return len(t.pending) > 0 }

// rowsView describes the on-screen rows for ui.RenderTree.
func (t *Pane) rowsView() ([]ui.TreeRow, int) {
	vis := t.visible()
	rows := t.shown()
	end := min(t.offset+vis, len(rows))
	out := make([]ui.TreeRow, 0, end-t.offset)
	for _, n := range rows[t.offset:end] {
		if n.rule {
			long, short := t.horizon.ruleText()
			out = append(out, ui.TreeRow{Rule: true, Depth: n.depth, RuleText: long, RuleShort: short})
			continue
		}
		r := ui.TreeRow{
			Name: n.name, Depth: n.depth, Kind: n.kind,
			Expanded: n.expanded, Loading: n.loading, Loaded: n.loaded,
			Empty:   n.loaded && len(n.children) == 0 && (!t.showIgnored || len(n.hidden) == 0),
			Ignored: n.ignored, Special: n.special, Err: n.err,
			Target: n.target, IsIgnored: n.isIgnored, Context: n.context,
			Git: t.git[n.path],
		}
		if t.showIgnored {
			r.Ignored = 0 // they are on screen
		}
		if n.path != "" || !n.isIgnored {
			r.Beyond, r.Edge = t.horizon.mark(n.path)
			r.Listed, r.Total = t.horizon.partly(n.path)
		}
		if n.isIgnored {
			r.Beyond = false // marked ignored: no listing tool shows it, at any depth
		}
		r.Seen = t.c.Marks.TreeMark(n.path)
		out = append(out, r)
	}
	return out, t.cursor - t.offset
}

// RevealPath opens the folders down to path and selects it: at once where
// they are listed, else as each listing arrives (onDirLoaded goes on with
// revealStep).
func (t *Pane) RevealPath(path string) tea.Cmd {
	t.reveal = path
	n := t.root
	for {
		if !n.loaded {
			if n.loading {
				n.expanded = true
				return nil // its listing is on the way; revealStep carries on then
			}
			return t.expand(n)
		}
		n.expanded = true
		c := t.revealStep(n)
		if c == nil {
			t.rebuild()
			return nil
		}
		n = c
	}
}
