package repoops

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// A repository kept warm (KeepWarm: repox mcp, one process for a whole
// agent session) lists the untracked half of its file set with git once
// and keeps it, with the ignore rules, the tracked-and-ignored view, the
// submodules and the nested-repository marks the Repo already holds, for
// as long as a revalidation finds nothing they depend on changed; it runs
// once per call, at the call's first use of anything kept (Repo.fresh), so
// a read or an edit pays nothing:
//
//   - every folder git's untracked walk can enter (each folder of the root
//     that no ignore rule hides, and the folders that are repositories of
//     their own, not entered): its stat — mtime, ctime, size, inode,
//     device — taken before the folder was read and before git listed. A
//     name created, deleted or renamed in a folder moves its mtime and
//     ctime.
//   - every .gitignore in those folders, by the same stat;
//   - gitexec.FilesStamp: the config files, the index (stamp and SHA-1
//     trailer: git add, rm, commit, checkout), info/exclude,
//     core.excludesFile, the ignore files above the root.
//
// One stat a folder (fstatat relative to its parent, rootfs.StampAll):
// about 1,300 for Go's source tree, instead of git's walk of every folder.
// Anything different, and everything kept is dropped (Repo.Refresh) and
// listed afresh by git.
//
// What a stat cannot see, and how that is closed:
//   - two changes within one tick of a folder's clock (1–10 ms on Linux,
//     1 s on HFS+, 2 s on FAT) leave the same mtime: a listing is kept only
//     when every stamped time is keepMargin older than the start of the
//     listing, so a later change always moves a stamped time past it.
//   - the margin assumes the file system's clock and this one agree within
//     it; on a network file system with attribute caching (NFS actimeo) a
//     change made on another machine can stay invisible to stat until the
//     cache expires — as it does to git's own untracked cache.
//   - file contents are not part of the file set: repo_grep reads every
//     file on every call, and the tools read what they show.
//
// Outside git the walk runs in-process on every call and nothing is kept
// but what Refresh drops before each call.

// keepMargin is how much older than a listing's start every stamped time
// must be for the listing to be kept (a variable: tests shorten it).
var keepMargin = 2 * time.Second

// warmSet is what a warm Repo keeps between calls.
type warmSet struct {
	// check serialises the revalidations; checked is the call (Repo.calls)
	// the last one ran for.
	check   sync.Mutex
	checked uint64

	mu   sync.Mutex
	kept *keptFiles // nil: the next file set is listed by git
	// counters, for tests and the benchmark's report
	lists, reuses, drops, checks int
}

// keptFiles is one listing of the untracked files and what it depends on.
type keptFiles struct {
	outer   string // gitexec.FilesStamp
	dirs    []string
	stamps  []rootfs.Stamp
	ignores []string // the .gitignore files of dirs
	istamps []rootfs.Stamp
	entered map[string]bool // the dirs stampWalk read (not those only stamped)

	mu       sync.Mutex
	othersOK bool                   // others holds git's listing, made after the stamps
	others   []string               // the records of `ls-files -z --others --exclude-standard`, whole root
	listings map[string]*DirListing // listDir's answers for entered folders, made after the stamps
	// missing: the tracked paths found absent (git lists deleted files),
	// checked once after the stamps; missingDone says it was.
	missing     map[string]bool
	missingDone bool
}

// KeepWarm makes the repository keep its file set between calls, each
// call revalidating it first (see warmSet). For a long-lived face that
// serves many calls: repox mcp.
func (r *Repo) KeepWarm() {
	r.mu.Lock()
	if r.warm == nil {
		r.warm = &warmSet{}
	}
	r.mu.Unlock()
}

// WarmCounts says how many times the untracked files were listed by git
// and how many times a kept listing was reused or dropped.
func (r *Repo) WarmCounts() (lists, reuses, drops int) {
	w := r.warmSet()
	if w == nil {
		return 0, 0, 0
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.lists, w.reuses, w.drops
}

func (r *Repo) warmSet() *warmSet {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.warm
}

// fresh revalidates a warm repository once per call, at the call's first
// use of anything kept (the file set, a listing, the ignore rules, the
// index's view, a presence answer): a call that uses none of it, such as
// repo_read_file or repo_edit, pays nothing. A call waits for a
// revalidation another call is running, so none uses what a change before
// it started made stale.
func (r *Repo) fresh(ctx context.Context) {
	w := r.warmSet()
	if w == nil {
		return
	}
	w.check.Lock()
	defer w.check.Unlock()
	if c := r.calls.Load(); w.checked != c {
		w.checked = c
		w.mu.Lock()
		w.checks++
		w.mu.Unlock()
		r.revalidate(ctx, w)
	}
}

// revalidate: a kept listing whose stamps all hold stays; otherwise
// everything the Repo keeps is dropped.
func (r *Repo) revalidate(ctx context.Context, w *warmSet) {
	w.mu.Lock()
	k := w.kept
	w.mu.Unlock()
	if k != nil && r.keptHolds(ctx, k) {
		return
	}
	w.mu.Lock()
	if w.kept == k {
		w.kept = nil
		if k != nil {
			w.drops++
		}
	}
	w.mu.Unlock()
	r.Refresh()
}

// keptHolds re-stamps what k depends on.
func (r *Repo) keptHolds(ctx context.Context, k *keptFiles) bool {
	outer, _, ok := r.git.FilesStamp(ctx)
	if !ok || outer != k.outer {
		return false
	}
	return slices.Equal(r.fs.StampAll(k.ignores), k.istamps) && slices.Equal(r.fs.StampAll(k.dirs), k.stamps)
}

// current is what is kept, if anything.
func (w *warmSet) current() *keptFiles {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.kept
}

// keptOthers is the kept untracked listing, if there is one.
func (w *warmSet) keptOthers() (others []string, ok bool) {
	k := w.current()
	if k == nil {
		return nil, false
	}
	k.mu.Lock()
	ok, others = k.othersOK, k.others
	k.mu.Unlock()
	if ok {
		w.mu.Lock()
		w.reuses++
		w.mu.Unlock()
	}
	return others, ok
}

// stamped returns what is kept, stamping the folders first when nothing
// is (see stampForKeep); nil when they cannot be kept now.
func (r *Repo) stamped(ctx context.Context) *keptFiles {
	w := r.warmSet()
	if w == nil || r.git == nil {
		return nil
	}
	r.fresh(ctx)
	if k := w.current(); k != nil {
		return k
	}
	k := r.stampForKeep(ctx)
	if k != nil {
		w.mu.Lock()
		if w.kept == nil {
			w.kept = k
		} else {
			k = w.kept
		}
		w.mu.Unlock()
	}
	return k
}

// keptListing is listDir's kept answer for rel, if rel is a folder the
// stamps cover and it was listed since they were taken.
func (k *keptFiles) keptListing(rel string) (*DirListing, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	l, ok := k.listings[rel]
	return l, ok
}

// keepListing keeps listDir's answer for rel when the stamps cover rel.
func (k *keptFiles) keepListing(rel string, l *DirListing) {
	if !k.entered[rel] {
		return
	}
	k.mu.Lock()
	if k.listings == nil {
		k.listings = map[string]*DirListing{}
	}
	k.listings[rel] = l
	k.mu.Unlock()
}

// stampForKeep starts a listing that may be kept: it drops what the Repo
// keeps (the walk below must read the ignore files after stamping them),
// stamps the git files and every folder git's walk can enter, each before
// it is read. nil when something cannot be stamped or read: the listing
// is then served but not kept.
func (r *Repo) stampForKeep(ctx context.Context) *keptFiles {
	r.Refresh()
	start := time.Now().UnixNano()
	outer, newest, ok := r.git.FilesStamp(ctx)
	if !ok || newest > start-int64(keepMargin) {
		return nil
	}
	k := &keptFiles{outer: outer, entered: map[string]bool{}}
	f, err := r.fs.Open("")
	if err != nil {
		return nil
	}
	if !r.stampWalk(ctx, f, "", k) {
		return nil
	}
	for _, s := range append(slices.Clone(k.stamps), k.istamps...) {
		if !s.Full() || s.Newest() > start-int64(keepMargin) {
			return nil
		}
	}
	return k
}

// stampWalk stamps the open folder f (rel) and its .gitignore, reads it,
// and goes on into each sub-folder git's untracked walk enters: one that
// no ignore rule hides and that is not a repository of its own (that one
// is stamped, not entered: git lists it as one entry). It closes f.
func (r *Repo) stampWalk(ctx context.Context, f *os.File, rel string, k *keptFiles) bool {
	defer f.Close()
	if ctx.Err() != nil {
		return false
	}
	st, err := f.Stat()
	if err != nil {
		return false
	}
	k.dirs = append(k.dirs, rel)
	k.stamps = append(k.stamps, rootfs.StampOf(st))
	k.entered[rel] = true
	des, err := rootfs.ReadDirTypes(f)
	if err != nil {
		return false
	}
	slices.SortFunc(des, func(a, b os.DirEntry) int { return cmpString(a.Name(), b.Name()) })
	hasIgnore := false
	for _, de := range des {
		if de.Name() == ".gitignore" {
			p := joinRel(rel, ".gitignore")
			ist, err := r.fs.Lstat(p)
			if err != nil {
				return false
			}
			k.ignores = append(k.ignores, p)
			k.istamps = append(k.istamps, rootfs.StampOf(ist))
			hasIgnore = de.Type().IsRegular()
		}
	}
	view := r.ignoreView(rel, hasIgnore)
	for _, de := range des {
		name := de.Name()
		if !de.IsDir() || isGitDirName(name) {
			continue
		}
		p := joinRel(rel, name)
		if view.ignored(p, true) {
			continue
		}
		sub, err := rootfs.OpenChildDir(f, name)
		if err != nil {
			return false
		}
		if rootfs.HasGitEntry(f, name) {
			// Stamped with its .git entry (a .git folder that git init
			// fills in place changes the .git folder, not this one).
			sst, err := sub.Stat()
			sub.Close()
			gst, gerr := r.fs.Lstat(joinRel(p, ".git"))
			if err != nil || gerr != nil {
				return false
			}
			k.dirs = append(k.dirs, p, joinRel(p, ".git"))
			k.stamps = append(k.stamps, rootfs.StampOf(sst), rootfs.StampOf(gst))
			continue
		}
		if !r.stampWalk(ctx, sub, p, k) {
			return false
		}
	}
	return true
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// storeOthers keeps the untracked records git listed after k's stamps
// were taken.
func (w *warmSet) storeOthers(k *keptFiles, others []string) {
	k.mu.Lock()
	k.others, k.othersOK = others, true
	k.mu.Unlock()
	w.mu.Lock()
	w.lists++
	w.mu.Unlock()
}

// keptPresence answers "is this path of the file set on disk?" from what
// is kept: a path in a folder the stamps cover (read by stampWalk) is
// there unless the index lists it and it was found absent, checked once
// for every tracked path after the stamps were taken (a deletion since
// moves its folder's stamp, and the next call drops everything). known is
// false for a path in a folder the stamps do not cover: check it on disk.
// nil when nothing is kept.
func (r *Repo) keptPresence(ctx context.Context) func(p string) (present, known bool) {
	w := r.warmSet()
	if w == nil {
		return nil
	}
	r.fresh(ctx)
	k := w.current()
	if k == nil {
		return nil
	}
	k.mu.Lock()
	done, missing := k.missingDone, k.missing
	k.mu.Unlock()
	if !done {
		t, ok, err := r.git.IndexFiles(ctx, maxFileListBytes)
		if err != nil || !ok {
			return nil
		}
		paths := make([]string, t.Len())
		for i := range paths {
			paths[i] = t.Path(i)
		}
		missing = map[string]bool{}
		pr := r.fs.Presence()
		pr.ExistAll(paths, func(i int, ok bool) {
			if !ok {
				missing[paths[i]] = true
			}
		})
		pr.Close()
		if ctx.Err() != nil {
			return nil
		}
		k.mu.Lock()
		k.missing, k.missingDone = missing, true
		k.mu.Unlock()
	}
	return func(p string) (bool, bool) {
		dir := ""
		if i := strings.LastIndexByte(p, '/'); i >= 0 {
			dir = p[:i]
		}
		if !k.entered[dir] {
			return false, false
		}
		return !missing[p], true
	}
}

// existAll is rootfs.Presence.ExistAll with the answers a warm repository
// keeps (pres, from keptPresence; nil: none): only the paths it does not
// know are checked on disk.
func (r *Repo) existAll(paths []string, pres func(string) (bool, bool), keep func(i int, ok bool)) {
	var (
		rest []string
		idx  []int
	)
	if pres == nil {
		rest = paths
	} else {
		for i, p := range paths {
			if ok, known := pres(p); known {
				keep(i, ok)
			} else {
				rest = append(rest, p)
				idx = append(idx, i)
			}
		}
	}
	if len(rest) == 0 {
		return
	}
	pr := r.fs.Presence()
	defer pr.Close()
	pr.ExistAll(rest, func(j int, ok bool) {
		if idx != nil {
			j = idx[j]
		}
		keep(j, ok)
	})
}
