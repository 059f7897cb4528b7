package repoops

import (
	"context"
	"fmt"
	"sort"
	"strconv"
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
	// markPartlyFormat marks the folder the entry cap cut in the middle
	// (listed and total as %s verbs, so the description can say K of M).
	markPartlyFormat = "[contents partly listed: %s of %s]"
)

// TreeEntry is one listed path. State says what the listing shows of a
// folder's contents; Render words it (MarkText), so a face reads the state,
// never the text.
type TreeEntry struct {
	Path   string     `json:"path"` // display form; folders end with "/"
	Kind   EntryKind  `json:"kind"`
	Depth  int        `json:"depth"`
	State  EntryState `json:"state,omitempty"`
	Listed int        `json:"listed,omitempty"` // EntryPartlyListed: entries of the folder listed
	Total  int        `json:"total,omitempty"`  // EntryPartlyListed: entries in the folder
	Note   string     `json:"note,omitempty"`   // EntryNothingListable, EntryUnreadable, EntryRepo: the text shown
	Target string     `json:"target,omitempty"` // symlink target, as stored
	Raw    string     `json:"-"`                // repo-relative raw path
}

// EntryState is what a tree listing says about an entry's contents.
type EntryState int

const (
	EntryListed          EntryState = iota // a file, or a folder whose contents are listed
	EntryNotListed                         // a folder with contents the listing does not show: MarkNotListed
	EntryPartlyListed                      // a folder the entry cap cut inside: Listed of Total shown
	EntryEmpty                             // a folder with nothing inside: MarkEmpty
	EntryNothingListable                   // a folder whose every entry is ignored, special or named like .git
	EntryUnreadable                        // a folder that could not be listed
	EntryRepo                              // a separate git repository (a submodule or a nested one), never listed
)

var entryStateNames = [...]string{"listed", "not_listed", "partly_listed", "empty", "nothing_listable", "unreadable", "separate_repository"}

func (s EntryState) String() string {
	if s < 0 || int(s) >= len(entryStateNames) {
		return "EntryState(" + strconv.Itoa(int(s)) + ")"
	}
	return entryStateNames[s]
}

// MarshalText writes the state by name in the structured result.
func (s EntryState) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// HidesContents reports whether the folder has contents the listing did
// not show (at the depth limit, or cut by the entry cap).
func (s EntryState) HidesContents() bool { return s == EntryNotListed || s == EntryPartlyListed }

// MarkText is what Render prints after the entry's path ("" for none).
func (e TreeEntry) MarkText() string {
	switch e.State {
	case EntryNotListed:
		return MarkNotListed
	case EntryPartlyListed:
		return fmt.Sprintf(markPartlyFormat, strconv.Itoa(e.Listed), strconv.Itoa(e.Total))
	case EntryEmpty:
		return MarkEmpty
	}
	return e.Note
}

// notListed marks a folder whose contents the listing does not show.
func (e *TreeEntry) notListed() { e.State, e.Listed, e.Total = EntryNotListed, 0, 0 }

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

func registerTree() {
	register(ToolTree,
		"List a folder's files and folders, breadth-first: each level is complete before the next, printed in path order, one repo-relative path a line, folders ending in /. "+
			fmt.Sprintf("max_depth 1-%d (default %d) and max_entries 1-%d (default %d); larger values are refused, not clamped. ", treeMaxDepth, treeDefaultDepth, treeMaxEntries, treeDefaultEntries)+
			fmt.Sprintf("A folder at the depth limit whose contents were not listed ends with %s — call repo_tree again with path set to it; an empty folder ends with %s. ", MarkNotListed, MarkEmpty)+
			fmt.Sprintf("When entries are cut the text ends with (truncated at N entries — narrow with path) and the folder the cut fell in is marked %s. ", fmt.Sprintf(markPartlyFormat, "K", "M"))+"Entries matching .gitignore (git's file set inside a git repository) are not listed but counted. A folder that is another git repository (a submodule, or a repository inside this one) is one entry, marked as such, and is never listed inside. "+
			"path is relative to the repository root; \"\", \".\" and \"/\" mean the root.",
		true, nil,
		map[string]any{
			"path":        map[string]any{"type": "string", "description": "Folder to list, relative to the repository root (default: the root)."},
			"max_depth":   map[string]any{"type": "integer", "minimum": 1, "maximum": treeMaxDepth, "default": treeDefaultDepth, "description": fmt.Sprintf("Folder levels to list below path (1-%d, default %d).", treeMaxDepth, treeDefaultDepth)},
			"max_entries": map[string]any{"type": "integer", "minimum": 1, "maximum": treeMaxEntries, "default": treeDefaultEntries, "description": fmt.Sprintf("Most entries to list (1-%d, default %d).", treeMaxEntries, treeDefaultEntries)},
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
				res.Entries[q.idx].State, res.Entries[q.idx].Note = emptyState(l)
			}
			for ei, e := range l.Entries {
				if len(res.Entries) >= limit {
					res.Truncated = true
					if q.idx >= 0 {
						res.Entries[q.idx].notListed()
						if ei > 0 {
							e := &res.Entries[q.idx]
							e.State, e.Listed, e.Total = EntryPartlyListed, ei, len(l.Entries)
						}
					}
					for _, rest := range level[li+1:] {
						if rest.idx >= 0 {
							res.Entries[rest.idx].notListed()
						}
					}
					for _, n := range next {
						res.Entries[n.idx].notListed()
					}
					goto done
				}
				te := TreeEntry{Path: displayEntry(e), Kind: e.Kind, Depth: depth, Raw: e.Path}
				if e.Mark != "" {
					te.State, te.Note = EntryRepo, e.Mark
				}
				if e.Kind == KindSymlink {
					if t, err := r.fs.Readlink(e.Path); err == nil {
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
					res.Entries[idx].State, res.Entries[idx].Note = EntryUnreadable, "("+err.Error()+")"
					continue
				}
				if depth < maxDepth {
					next = append(next, queued{idx: idx, listing: sub})
					continue
				}
				// At the depth limit: say whether there is more, never leave it ambiguous.
				if len(sub.Entries) == 0 {
					res.Entries[idx].State, res.Entries[idx].Note = emptyState(sub)
				} else {
					res.Entries[idx].notListed()
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

// emptyState tells an empty folder from one whose every entry is ignored
// (that one's note says how many and why).
func emptyState(l *DirListing) (EntryState, string) {
	if len(l.Ignored) == 0 && len(l.Special) == 0 && len(l.GitNamed) == 0 {
		return EntryEmpty, ""
	}
	n := len(l.Ignored) + len(l.Special) + len(l.GitNamed)
	what := "all ignored or special"
	if len(l.Ignored)+len(l.Special) == 0 {
		what = "all named like .git"
	} else if len(l.GitNamed) > 0 {
		what = "all ignored, special or named like .git"
	}
	return EntryNothingListable, fmt.Sprintf("(nothing listable: %s, %s)", Plural(n, "entry", "entries"), what)
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
		if m := e.MarkText(); m != "" {
			b.WriteByte(' ')
			b.WriteString(m)
		}
		b.WriteByte('\n')
	}
	if t.NotListed > 0 {
		fmt.Fprintf(&b, "(stopped at depth %d: %s marked %s %s more inside — call repo_tree with path set to one of them)\n",
			t.MaxDepth, Plural(t.NotListed, "folder", "folders"), MarkNotListed, Noun(t.NotListed, "has", "have"))
	}
	if t.Truncated {
		fmt.Fprintf(&b, "(truncated at %s entries — narrow with path)\n", Commas(t.MaxEntries))
	}
	if t.Ignored > 0 {
		fmt.Fprintf(&b, "(%s matching .gitignore not listed, e.g. %s)\n", Plural(t.Ignored, "entry", "entries"), strings.Join(t.IgnoredExamples, ", "))
	}
	if t.Special > 0 {
		fmt.Fprintf(&b, "(%s skipped — FIFOs, devices and sockets are never opened: %s)\n", Plural(t.Special, "special file", "special files"), strings.Join(t.SpecialExamples, ", "))
	}
	if t.GitNamed > 0 {
		fmt.Fprintf(&b, "(%s not listed — a name git treats as .git on some file system is git's storage, never listed, read or searched: %s)\n", Plural(t.GitNamed, "entry", "entries"), strings.Join(t.GitExamples, ", "))
	}
	if t.Note != "" {
		fmt.Fprintf(&b, "(%s)\n", t.Note)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
