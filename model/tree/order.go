package tree

import (
	"sort"

	"github.com/repoxhq/repox/repoops"
)

// ordered is n's children as the tree shows them: the listed entries, the
// ignored ones too when the toggle is on (in name order among them), and
// folders first when that setting is on.
func (t *Pane) ordered(n *node) []*node {
	kids := n.children
	copied := false
	if t.showIgnored && len(n.hidden) > 0 {
		kids = append(append(make([]*node, 0, len(kids)+len(n.hidden)), kids...), n.hidden...)
		copied = true
		sort.SliceStable(kids, func(i, j int) bool { return repoops.PathLess(kids[i].path, kids[j].path) })
	}
	if t.foldersFirst {
		if !copied {
			kids = append([]*node(nil), kids...)
		}
		sort.SliceStable(kids, func(i, j int) bool { return folderish(kids[i]) && !folderish(kids[j]) })
	}
	return kids
}

// folderish is what sorts with the folders: folders, links to folders and
// separate repositories.
func folderish(n *node) bool { return n.isDir() || n.kind == repoops.KindRepo }

// ruleIndex is where, among folder n's children kids, the rule goes: before
// the first child the default repo_tree does not list, when n is the folder
// its entry cap fell in and no child after that one is listed; -1 for none.
func (t *Pane) ruleIndex(n *node, kids []*node) int {
	h := t.horizon
	if h == nil || !h.cut || h.cutIn != n.path {
		return -1
	}
	at := -1
	for i, c := range kids {
		if c.isIgnored {
			continue
		}
		if _, listed := h.listed[c.path]; listed {
			at = -1
		} else if at < 0 {
			at = i
		}
	}
	return at
}
