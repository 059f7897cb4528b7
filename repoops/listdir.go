package repoops

import (
	"context"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/repoxhq/repox/repoops/gitignore"
	"github.com/repoxhq/repox/repoops/rootfs"
)

// EntryKind tells files, folders, symlinks and special files apart.
type EntryKind int

const (
	KindFile EntryKind = iota
	KindDir
	KindSymlink
	KindSpecial // FIFO, device, socket: never read, never listed as a file
	KindRepo    // a folder that is another git repository (git mode): one entry, never entered
)

func (k EntryKind) String() string {
	switch k {
	case KindDir:
		return "dir"
	case KindSymlink:
		return "symlink"
	case KindSpecial:
		return "special"
	case KindRepo:
		return "repo"
	}
	return "file"
}

// MarshalText makes kinds read as words in structured output.
func (k EntryKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// DirEntry is one name in a folder.
type DirEntry struct {
	Name string    `json:"name"`
	Path string    `json:"path"` // repo-relative, raw bytes (see DisplayPath)
	Kind EntryKind `json:"kind"`
	Mark string    `json:"mark,omitempty"` // KindRepo: MarkSubmodule or MarkNestedRepo
}

// DirListing is one folder as the file set sees it.
type DirListing struct {
	Path    string     // repo-relative folder ("" = root)
	Entries []DirEntry // in the file set, sorted by name
	Ignored []DirEntry // matched an ignore rule (and git does not track them)
	Special []DirEntry // FIFOs, devices, sockets: skipped, never opened
	// GitNamed are entries whose name git treats as .git on some file
	// system (".GIT", "git~1", ...; see isGitDirName): never listed,
	// opened or searched, but counted. ".git" itself is not counted.
	GitNamed []DirEntry
	// Early: listed by ListRootEarly before the index was read. Entries
	// then holds only what the index cannot change but one way: a folder
	// there may still turn out to be a submodule that is not checked out.
	// Held counts the names left out until the index is read (matched by
	// an ignore rule, or a folder holding a .git entry).
	Early bool
	Held  int
}

// maxIgnoreFile bounds a .gitignore read.
const maxIgnoreFile = 1 << 20

// ListDir lists one folder (repo-relative, raw) with the same ignore rules
// as every tool. It reads that folder only, so the TUI can expand lazily.
// A path that a symlink leads into .git, out of the root or nowhere is
// refused, as every tool refuses it.
func (r *Repo) ListDir(rel string) (*DirListing, error) {
	if hasGitDirPart(rel) {
		return nil, gitDirRefusal(DisplayPath(rel))
	}
	if err := r.checkLinks(rel, true); err != nil {
		return nil, err
	}
	return r.listDir(rel)
}

// listDir lists the folder rel, whose path is known to be safe (checked by
// the caller, or a real folder found by listing its parent).
func (r *Repo) listDir(rel string) (*DirListing, error) {
	// A warm repository keeps the listings of the folders its stamps
	// cover (warm.go); they are shared: callers only read them.
	k := r.stamped(context.Background())
	if k != nil {
		if l, ok := k.keptListing(rel); ok {
			return l, nil
		}
	}
	l, err := r.listDirOnDisk(rel)
	if err == nil && k != nil {
		k.keepListing(rel, l)
	}
	return l, err
}

// listDirOnDisk is listDir without what a warm repository keeps.
func (r *Repo) listDirOnDisk(rel string) (*DirListing, error) {
	f, err := r.fs.Open(rel)
	if err != nil {
		return nil, describeOpenError(rel, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, describeOpenError(rel, err)
	}
	if !st.IsDir() {
		return nil, refusef("%s is a file, not a folder — read it with repo_read_file", DisplayPath(rel))
	}
	if repo, mark := r.insideNestedRepo(context.Background(), rel); repo != "" {
		what := "a submodule"
		if mark == MarkNestedRepo {
			what = "a git repository inside this one"
		}
		return nil, refusef("%s is %s: a separate repository, whose files are not part of this one's file set — open %s as its own root to explore it", DisplayPath(repo), what, DisplayPath(repo))
	}
	return r.listOpen(f, rel)
}

// listOpen lists the already opened folder rel.
func (r *Repo) listOpen(f *os.File, rel string) (*DirListing, error) {
	return r.listOpenAs(f, rel, false)
}

// listOpenAs lists the already opened folder rel; early lists it without
// the index (see ListRootEarly): what only the index can settle is held
// back and counted in Held, never guessed.
func (r *Repo) listOpenAs(f *os.File, rel string, early bool) (*DirListing, error) {
	r.fresh(context.Background()) // a warm repository's ignore rules and index view
	des, err := rootfs.ReadDirTypes(f)
	if err != nil {
		return nil, describeOpenError(rel, err)
	}
	// The folder's own .gitignore is only looked up when the listing shows one.
	hasIgnoreFile := false
	for _, de := range des {
		if de.Name() == ".gitignore" && de.Type().IsRegular() {
			hasIgnoreFile = true
			break
		}
	}
	view := r.ignoreView(rel, hasIgnoreFile)
	out := &DirListing{Path: rel}
	var links *gitlinkSet
	for _, de := range des {
		name := de.Name()
		if isGitDirName(name) {
			// git's storage (by any of its names) is never part of the file set
			if name != ".git" {
				out.GitNamed = append(out.GitNamed, DirEntry{Name: name, Path: joinRel(rel, name), Kind: kindOf(de.Type())})
			}
			continue
		}
		if rootfs.IsWriteTemp(name) {
			continue // repox's own temp files are never part of the file set
		}
		e := DirEntry{Name: name, Path: joinRel(rel, name), Kind: kindOf(de.Type())}
		if e.Kind == KindSpecial {
			out.Special = append(out.Special, e)
			continue
		}
		if early && view.ruleMatches(e.Path, e.Kind == KindDir) {
			out.Held++ // ignored, or tracked and so shown: only the index says
			continue
		}
		if early && e.Kind == KindDir && r.git != nil && rootfs.HasGitEntry(f, name) {
			out.Held++ // a submodule or a repository of its own: only the index says
			continue
		}
		if e.Kind == KindDir && r.git != nil {
			if links == nil {
				links = r.gitlinksFor(early)
			}
			// A submodule is in git's file set even where an ignore
			// rule matches it; an untracked repository is asked about
			// only when no rule hides it.
			if links.paths[e.Path] {
				e.Kind, e.Mark = KindRepo, MarkSubmodule
				out.Entries = append(out.Entries, e)
				continue
			}
			if !view.ignored(e.Path, true) {
				if m := r.nestedMark(context.Background(), e.Path, links, func() bool { return rootfs.HasGitEntry(f, name) }); m != "" {
					e.Kind, e.Mark = KindRepo, m
				}
				out.Entries = append(out.Entries, e)
				continue
			}
		}
		if view.ignored(e.Path, e.Kind == KindDir) {
			out.Ignored = append(out.Ignored, e)
			continue
		}
		out.Entries = append(out.Entries, e)
	}
	sortEntries(out.Entries)
	sortEntries(out.Ignored)
	sortEntries(out.Special)
	sortEntries(out.GitNamed)
	return out, nil
}

func kindOf(t fs.FileMode) EntryKind {
	switch {
	case t.IsDir():
		return KindDir
	case t&fs.ModeSymlink != 0:
		return KindSymlink
	case t.IsRegular():
		return KindFile
	}
	return KindSpecial
}

func sortEntries(es []DirEntry) {
	sort.Slice(es, func(i, j int) bool { return es[i].Name < es[j].Name })
}

// ignoreView answers "ignored?" for the entries of one folder.
type ignoreView struct {
	chain         *gitignore.Chain
	parentIgnored bool   // the folder itself is ignored (shown only for tracked files inside)
	prefix        string // the root's place in the work tree: rules match work-tree paths
	repo          *Repo
}

// ruleMatches says an ignore rule (or an ignored parent) hides rel unless
// git tracks it: the case where the index has the last word.
func (v ignoreView) ruleMatches(rel string, isDir bool) bool {
	return v.parentIgnored || v.chain.Ignored(joinRel(v.prefix, rel), isDir)
}

func (v ignoreView) ignored(rel string, isDir bool) bool {
	if !v.ruleMatches(rel, isDir) {
		return false
	}
	// A rule matches; git still lists what it tracks. The tracked-and-
	// ignored list is only fetched when some entry matches a rule, so the
	// first listing of a repo without ignored entries runs no git at all.
	if t := v.repo.trackedIgnored(); t != nil && t.Covers(rel, isDir) {
		return false
	}
	return true
}

// ignoreView builds the rules in force inside folder rel: those of the work
// tree above the root (in git mode), then every .gitignore from the root
// down. ownFile says whether rel itself holds a .gitignore (the caller has
// just listed it).
func (r *Repo) ignoreView(rel string, ownFile bool) ignoreView {
	r.mu.Lock()
	defer r.mu.Unlock()
	chain, outerIgnored := r.outerChainLocked()
	v := ignoreView{repo: r, parentIgnored: outerIgnored}
	if r.git != nil {
		v.prefix = r.git.Prefix()
	}
	dirs := []string{""}
	if rel != "" {
		dir := ""
		for _, part := range strings.Split(rel, "/") {
			dir = joinRel(dir, part)
			dirs = append(dirs, dir)
		}
	}
	for i, dir := range dirs {
		if i > 0 && !v.parentIgnored && chain.Ignored(joinRel(v.prefix, dir), true) {
			// An ignored folder shown only because git tracks files in
			// it: everything else inside stays ignored, as in git.
			v.parentIgnored = true
		}
		file := joinRel(dir, ".gitignore")
		if i == len(dirs)-1 && !ownFile {
			r.ignoreCache[file] = nil
		}
		chain = chain.With(r.rulesLocked(file, joinRel(v.prefix, dir)))
	}
	v.chain = chain
	return v
}

// childIgnoreView is ignoreView(rel, ownFile) for a folder rel that the
// parent view's rules do not ignore (a walk enters no other): the same
// rules, plus rel's own .gitignore when it has one. A walk over every
// folder builds each view from its parent's, not from the root down.
func (r *Repo) childIgnoreView(parent ignoreView, rel string, ownFile bool) ignoreView {
	if !ownFile {
		return parent
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	parent.chain = parent.chain.With(r.rulesLocked(joinRel(rel, ".gitignore"), joinRel(parent.prefix, rel)))
	return parent
}

// outerChainLocked returns the ignore rules that apply from outside the
// root: .git/info/exclude, and in a sub-folder of a work tree every
// .gitignore between the work tree's top and the root (read by name, for
// their rules only). It also says whether the root itself is ignored there.
func (r *Repo) outerChainLocked() (*gitignore.Chain, bool) {
	if r.outerDone {
		return r.outer, r.outerIgnored
	}
	r.outerDone = true
	if r.git == nil {
		return nil, false
	}
	// git's order, lowest priority first: core.excludesFile (when the
	// inRootFile rule honours it), .git/info/exclude, then the .gitignore
	// files from the top down.
	var excludes *gitignore.Rules
	if data := r.git.ExcludesFile(context.Background(), maxIgnoreFile); data != nil {
		excludes = gitignore.Compile("", data)
	}
	if r.git.Prefix() == "" {
		r.outer = r.outer.With(excludes).With(r.rulesLocked(".git/info/exclude", ""))
		return r.outer, false
	}
	chain := (*gitignore.Chain)(nil).With(excludes).With(r.outerIgnore(".git/info/exclude", ""))
	ignored := false
	dir := ""
	for _, part := range strings.Split(r.git.Prefix(), "/") {
		chain = chain.With(r.outerIgnore(joinRel(dir, ".gitignore"), dir))
		dir = joinRel(dir, part)
		ignored = ignored || chain.Ignored(dir, true)
	}
	r.outer, r.outerIgnored = chain, ignored
	return chain, ignored
}

// outerIgnore compiles an ignore file of the enclosing work tree, outside
// the root (rel relative to the work tree's top): a regular file (never
// through a symlink, as git does), size-capped.
func (r *Repo) outerIgnore(rel, base string) *gitignore.Rules {
	data := r.git.ReadWorkTreeFile(rel, maxIgnoreFile)
	if data == nil {
		return nil
	}
	return gitignore.Compile(base, data)
}

// rulesLocked compiles (once) the ignore file at file, anchored at base.
func (r *Repo) rulesLocked(file, base string) *gitignore.Rules {
	if rules, ok := r.ignoreCache[file]; ok {
		return rules
	}
	var rules *gitignore.Rules
	if st, err := r.fs.Lstat(file); err == nil && st.Mode().IsRegular() && st.Size() <= maxIgnoreFile {
		if data, err := r.fs.ReadFile(file); err == nil && len(data) > 0 {
			rules = gitignore.Compile(base, data)
		}
	}
	r.ignoreCache[file] = rules
	return rules
}

// pathLess orders paths so a folder's contents follow it directly (the
// disk door's order, shared with its depth-first presence check).
func pathLess(a, b string) bool { return rootfs.PathLess(a, b) }
