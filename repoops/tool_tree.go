package repoops

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// Tree caps: depth is refused above 4, never clamped (seed 000).
const (
	treeDefaultDepth   = 3
	treeMaxDepth       = 4
	treeDefaultEntries = 500
	treeMaxEntries     = 500
)

// TreeArgs are repo_tree's arguments.
type TreeArgs struct {
	Path       string `json:"path,omitempty"`
	MaxDepth   *int   `json:"max_depth,omitempty"`
	MaxEntries *int   `json:"max_entries,omitempty"`
}

// Tree marks on an entry.
const (
	MarkNotListed = "[contents not listed]"
	MarkEmpty     = "(empty)"
	// MarkPartlyFormat marks the folder the entry cap cut in the middle.
	MarkPartlyFormat = "[contents partly listed: %d of %d]"
)

// TreeEntry is one listed path.
type TreeEntry struct {
	Path   string    `json:"path"` // display form; folders end with "/"
	Kind   EntryKind `json:"kind"`
	Depth  int       `json:"depth"`
	Mark   string    `json:"mark,omitempty"`   // MarkNotListed, MarkEmpty or an ignored-only note
	Target string    `json:"target,omitempty"` // symlink target, as stored
	Raw    string    `json:"-"`                // repo-relative raw path
}

// TreeResult is repo_tree's typed result.
type TreeResult struct {
	Path            string      `json:"path"`
	MaxDepth        int         `json:"max_depth"`
	MaxEntries      int         `json:"max_entries"`
	Entries         []TreeEntry `json:"entries"`
	Truncated       bool        `json:"truncated"`
	NotListed       int         `json:"folders_not_listed"` // folders at the depth limit with more inside
	Ignored         int         `json:"ignored"`
	IgnoredExamples []string    `json:"ignored_examples,omitempty"`
	Special         int         `json:"special"`
	SpecialExamples []string    `json:"special_examples,omitempty"`
	GitNamed        int         `json:"git_named,omitempty"` // entries named like .git (".GIT", "git~1", ...): never listed
	GitExamples     []string    `json:"git_named_examples,omitempty"`
	Note            string      `json:"note,omitempty"` // why git's file set is not used, when the root has a .git
}

func init() {
	register("repo_tree",
		"List a folder's files and folders, breadth-first: each level is complete before the next, printed in path order, one repo-relative path a line, folders ending in /. "+
			"max_depth 1-4 (default 3) and max_entries 1-500 (default 500); larger values are refused, not clamped. "+
			"A folder at the depth limit whose contents were not listed ends with [contents not listed] — call repo_tree again with path set to it; an empty folder ends with (empty). "+
			"When entries are cut the text ends with (truncated at N entries — narrow with path) and the folder the cut fell in is marked [contents partly listed: K of M]. Entries matching .gitignore (git's file set inside a git repository) are not listed but counted. A folder that is another git repository (a submodule, or a repository inside this one) is one entry, marked as such, and is never listed inside. "+
			"path is relative to the repository root; \"\", \".\" and \"/\" mean the root.",
		true, nil,
		map[string]any{
			"path":        map[string]any{"type": "string", "description": "Folder to list, relative to the repository root (default: the root)."},
			"max_depth":   map[string]any{"type": "integer", "minimum": 1, "maximum": treeMaxDepth, "default": treeDefaultDepth, "description": "Folder levels to list below path (1-4, default 3)."},
			"max_entries": map[string]any{"type": "integer", "minimum": 1, "maximum": treeMaxEntries, "default": treeDefaultEntries, "description": "Most entries to list (1-500, default 500)."},
		},
		func(ctx context.Context, s *Session, a TreeArgs) (*TreeResult, error) { return s.Tree(ctx, a) })
}

// Tree runs repo_tree.
func (s *Session) Tree(ctx context.Context, a TreeArgs) (*TreeResult, error) {
	depth, err := intArg("max_depth", a.MaxDepth, treeDefaultDepth, 1, treeMaxDepth, "deeper listings are not offered; call repo_tree with path set to a folder marked [contents not listed], or use repo_find to locate a file by name")
	if err != nil {
		return nil, err
	}
	limit, err := intArg("max_entries", a.MaxEntries, treeDefaultEntries, 1, treeMaxEntries, "narrow with path instead")
	if err != nil {
		return nil, err
	}
	rel, err := s.repo.resolvePath(a.Path)
	if err != nil {
		return nil, err
	}
	return s.repo.tree(ctx, rel, depth, limit)
}

func (r *Repo) tree(ctx context.Context, rel string, maxDepth, limit int) (*TreeResult, error) {
	res := &TreeResult{Path: DisplayPath(rel), MaxDepth: maxDepth, MaxEntries: limit}
	if r.git == nil && r.gitNote != "" {
		res.Note = "git's file set is not used here (repo_git says why); these are the files a walk of the folders finds, with the ignore rules it meets"
	}
	first, err := r.ListDir(rel)
	if err != nil {
		return nil, err
	}
	type queued struct {
		idx     int // index of the folder's entry in res.Entries (-1: the start folder)
		listing *DirListing
	}
	addIgnored := func(l *DirListing) {
		res.Ignored += len(l.Ignored)
		for _, e := range l.Ignored {
			if len(res.IgnoredExamples) < 3 {
				res.IgnoredExamples = append(res.IgnoredExamples, displayEntry(e))
			}
		}
		res.GitNamed += len(l.GitNamed)
		for _, e := range l.GitNamed {
			if len(res.GitExamples) < 3 {
				res.GitExamples = append(res.GitExamples, displayEntry(e))
			}
		}
		res.Special += len(l.Special)
		for _, e := range l.Special {
			if len(res.SpecialExamples) < 3 {
				res.SpecialExamples = append(res.SpecialExamples, DisplayPath(e.Path))
			}
		}
	}
	level := []queued{{idx: -1, listing: first}}
	for depth := 1; depth <= maxDepth && len(level) > 0; depth++ {
		var next []queued
		for li, q := range level {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			l := q.listing
			addIgnored(l)
			if len(l.Entries) == 0 && q.idx >= 0 {
				res.Entries[q.idx].Mark = emptyMark(l)
			}
			for ei, e := range l.Entries {
				if len(res.Entries) >= limit {
					res.Truncated = true
					if q.idx >= 0 {
						res.Entries[q.idx].Mark = MarkNotListed
						if ei > 0 {
							res.Entries[q.idx].Mark = fmt.Sprintf(MarkPartlyFormat, ei, len(l.Entries))
						}
					}
					for _, rest := range level[li+1:] {
						if rest.idx >= 0 {
							res.Entries[rest.idx].Mark = MarkNotListed
						}
					}
					for _, n := range next {
						res.Entries[n.idx].Mark = MarkNotListed
					}
					goto done
				}
				te := TreeEntry{Path: displayEntry(e), Kind: e.Kind, Depth: depth, Raw: e.Path, Mark: e.Mark}
				if e.Kind == KindSymlink {
					if t, err := r.root.Readlink(osPath(e.Path)); err == nil {
						te.Target = t
					}
				}
				res.Entries = append(res.Entries, te)
				if e.Kind != KindDir {
					continue
				}
				idx := len(res.Entries) - 1
				sub, err := r.listDir(e.Path) // a real folder: found by listing its parent
				if err != nil {
					res.Entries[idx].Mark = "(" + err.Error() + ")"
					continue
				}
				if depth < maxDepth {
					next = append(next, queued{idx: idx, listing: sub})
					continue
				}
				// At the depth limit: say whether there is more, never leave it ambiguous.
				if len(sub.Entries) == 0 {
					res.Entries[idx].Mark = emptyMark(sub)
				} else {
					res.Entries[idx].Mark = MarkNotListed
					res.NotListed++
				}
			}
		}
		level = next
	}
done:
	sort.Slice(res.Entries, func(i, j int) bool { return pathLess(res.Entries[i].Raw, res.Entries[j].Raw) })
	return res, nil
}

// emptyMark tells an empty folder from one whose every entry is ignored.
func emptyMark(l *DirListing) string {
	if len(l.Ignored) == 0 && len(l.Special) == 0 && len(l.GitNamed) == 0 {
		return MarkEmpty
	}
	n := len(l.Ignored) + len(l.Special) + len(l.GitNamed)
	what := "all ignored or special"
	if len(l.Ignored)+len(l.Special) == 0 {
		what = "all named like .git"
	} else if len(l.GitNamed) > 0 {
		what = "all ignored, special or named like .git"
	}
	return fmt.Sprintf("(nothing listable: %s, %s)", plural(n, "entry", "entries"), what)
}

func displayEntry(e DirEntry) string {
	p := DisplayPath(e.Path)
	if e.Kind == KindDir || e.Kind == KindRepo {
		p += "/"
	}
	return p
}

// Render is the model text of repo_tree.
func (t *TreeResult) Render() string {
	var b strings.Builder
	if len(t.Entries) == 0 {
		name := t.Path + "/"
		if t.Path == "." {
			name = "the repository root"
		}
		switch {
		case t.Ignored+t.Special+t.GitNamed == 0:
			fmt.Fprintf(&b, "%s is empty: it holds no entries\n", name)
		case t.GitNamed > 0:
			fmt.Fprintf(&b, "%s has nothing to list: every entry is ignored, special or named like .git\n", name)
		default:
			fmt.Fprintf(&b, "%s has nothing to list: every entry is ignored or special\n", name)
		}
	}
	for _, e := range t.Entries {
		b.WriteString(e.Path)
		if e.Kind == KindSymlink {
			b.WriteString(" -> ")
			b.WriteString(QuoteName(e.Target))
			b.WriteString(" (symlink)")
		}
		if e.Mark != "" {
			b.WriteByte(' ')
			b.WriteString(e.Mark)
		}
		b.WriteByte('\n')
	}
	if t.NotListed > 0 {
		fmt.Fprintf(&b, "(stopped at depth %d: %s marked %s %s more inside — call repo_tree with path set to one of them)\n",
			t.MaxDepth, plural(t.NotListed, "folder", "folders"), MarkNotListed, haveHas(t.NotListed))
	}
	if t.Truncated {
		fmt.Fprintf(&b, "(truncated at %s entries — narrow with path)\n", commas(t.MaxEntries))
	}
	if t.Ignored > 0 {
		fmt.Fprintf(&b, "(%s matching .gitignore not listed, e.g. %s)\n", plural(t.Ignored, "entry", "entries"), strings.Join(t.IgnoredExamples, ", "))
	}
	if t.Special > 0 {
		fmt.Fprintf(&b, "(%s skipped — FIFOs, devices and sockets are never opened: %s)\n", plural(t.Special, "special file", "special files"), strings.Join(t.SpecialExamples, ", "))
	}
	if t.GitNamed > 0 {
		fmt.Fprintf(&b, "(%s not listed — a name git treats as .git on some file system is git's storage, never listed, read or searched: %s)\n", plural(t.GitNamed, "entry", "entries"), strings.Join(t.GitExamples, ", "))
	}
	if t.Note != "" {
		fmt.Fprintf(&b, "(%s)\n", t.Note)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func haveHas(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

// HidesContents reports whether a tree mark says the folder has contents
// the listing did not show (at the depth limit, or cut by the entry cap).
func HidesContents(mark string) bool {
	return mark == MarkNotListed || strings.HasPrefix(mark, "[contents partly listed")
}
