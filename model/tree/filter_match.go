package tree

import (
	"sort"
	"strings"

	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// The tree filter's index of the file set and one matching pass over it.

// filterIndex is the file set in tree order, with every folder that holds
// a file, indexed for name matching.
type filterIndex struct {
	paths   []string // raw, in repo_tree's path order
	names   []string // display form of the last part
	lower   []string // names, lower-cased (for a query without capitals)
	parent  []int32  // index of the folder holding it; -1 at the top
	dir     []bool
	ignored []bool // an ignore rule hides it (indexed only with the ignored toggle on)
}

// buildFilterIndex indexes files (raw paths) and the folders holding them;
// hidden names the paths an ignore rule hides, folders included (nil: none).
func buildFilterIndex(files []string, hidden map[string]bool) *filterIndex {
	seen := make(map[string]bool, len(files)/4)
	all := make([]string, 0, len(files)+len(files)/4)
	dirs := map[string]bool{}
	for _, f := range files {
		all = append(all, f)
		for d := parentOf(f); d != "" && !seen[d]; d = parentOf(d) {
			seen[d] = true
			dirs[d] = true
			all = append(all, d)
		}
	}
	sort.Slice(all, func(i, j int) bool { return repoops.PathLess(all[i], all[j]) })
	ix := &filterIndex{paths: all, names: make([]string, len(all)), lower: make([]string, len(all)),
		parent: make([]int32, len(all)), dir: make([]bool, len(all)), ignored: make([]bool, len(all))}
	at := make(map[string]int32, len(dirs))
	for i, p := range all {
		name := repoops.DisplayPath(p[strings.LastIndexByte(p, '/')+1:])
		ix.names[i], ix.lower[i] = name, strings.ToLower(name)
		ix.dir[i] = dirs[p]
		ix.ignored[i] = hidden[p]
		if ix.dir[i] {
			at[p] = int32(i)
		}
		ix.parent[i] = -1
		if d := parentOf(p); d != "" {
			ix.parent[i] = at[d] // a folder sorts before everything inside it
		}
	}
	return ix
}

// filterListMsg is the indexed file set (at its version; own: the walk

// filterPass finds the entries whose names (or, for a q with a slash, whose
// paths) hold q (smart case: q with a
// capital matches case exactly) and returns them with their folders, in
// tree order, as rows; ok is false when stop said the pass is stale.
func filterPass(ix *filterIndex, q string, stop func() bool) (rows []*node, matches int, ok bool) {
	names := ix.lower
	if pane.HasUpper(q) {
		names = ix.names
	}
	// A query with a slash is a path fragment ("rpc/server"): it is matched
	// against the whole path, since no name holds a slash.
	byPath := strings.Contains(q, "/")
	fold := !pane.HasUpper(q)
	n := len(ix.paths)
	keep := make([]uint8, n) // 1: a parent of a match; 2: a match
	for i := n - 1; i >= 0; i-- {
		if i&4095 == 0 && stop() {
			return nil, 0, false
		}
		hit := false
		if byPath {
			p := ix.paths[i]
			if fold {
				p = strings.ToLower(p)
			}
			hit = strings.Contains(p, q)
		} else {
			hit = strings.Contains(names[i], q)
		}
		if hit {
			keep[i] = 2
			matches++
		}
		if keep[i] != 0 {
			if p := ix.parent[i]; p >= 0 && keep[p] == 0 {
				keep[p] = 1
			}
		}
	}
	rows = make([]*node, 0, matches*2)
	for i := range n {
		if keep[i] == 0 {
			continue
		}
		kind := repoops.KindFile
		if ix.dir[i] {
			kind = repoops.KindDir
		}
		p := ix.paths[i]
		rows = append(rows, &node{path: p, name: ix.names[i], kind: kind, depth: strings.Count(p, "/") + 1,
			expanded: ix.dir[i], context: keep[i] == 1, isIgnored: ix.ignored[i]})
	}
	return rows, matches, true
}
