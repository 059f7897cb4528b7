package repoops

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"os"
	"slices"
	"strings"

	"github.com/repoxhq/repox/repoops/gitexec"
	"github.com/repoxhq/repox/repoops/rootfs"
)

// untrackedWalk lists what `git ls-files -z --others --exclude-standard
// -- scope` prints, by git's own rules (dir.c's treat_path), without
// holding the index: the work tree is walked depth-first with each
// folder's names in the index's order (a folder's name sorts as "name/"),
// so one pass over the index, pulled along, says of each name whether git
// tracks it. Per name, as git decides:
//   - ".git" is never looked at; a file or link the index holds is
//     tracked; one an ignore rule matches is ignored; any other file or
//     link is untracked (FIFOs, devices and sockets are nothing);
//   - a folder an ignore rule matches is not entered (git shows nothing
//     untracked inside an ignored folder, even one holding tracked
//     files); one with tracked paths inside is entered; a gitlink's is a
//     submodule, never entered; any other holding a .git entry is asked
//     of git (nestedMark: is it a repository?) and then comes as
//     "folder/"; any other is entered.
//
// What it holds is one folder listing per level and one index path.
type untrackedWalk struct {
	r     *Repo
	ctx   context.Context
	scope string
	idx   *gitexec.IndexPaths
	cur   []byte // the index's next path, valid while has
	link  bool   // cur is a gitlink
	has   bool
	out   chan<- []string
	batch []string
	buf   []byte // getdents' buffer, shared: a folder is read whole before its sub-folders
}

var errWalkStopped = errors.New("stopped")

func (w *untrackedWalk) run() error {
	w.step()
	f, err := w.r.fs.Open("")
	if err != nil {
		return err
	}
	if err := w.folder(f, "", nil); err != nil {
		return err
	}
	// The rest of the pass: a file that turns out not to be the one
	// checked must not leave a listing that looks whole.
	for w.has {
		w.step()
	}
	if !w.idx.OK() {
		return errors.New("the index changed while the folders were walked — run the call again")
	}
	return w.flush()
}

func (w *untrackedWalk) step() {
	w.cur, w.link, w.has = w.idx.Next()
}

// skipBelow moves the index past every path before key; gitlink says one
// of those was name itself, as a gitlink.
func (w *untrackedWalk) skipBelow(key, name string) (gitlink bool) {
	for w.has && string(w.cur) < key {
		if w.link && string(w.cur) == name {
			gitlink = true
		}
		w.step()
	}
	return gitlink
}

// nameOrder is the index's order of two names of one folder: a folder's
// name sorts as if "/" followed it (git's own order: "a-b" < "a/x" <
// "a0"). A name holds no "/", so two names differ within the shorter one
// or at the byte after it.
func nameOrder(a, b rootfs.DirName) int {
	n := min(len(a.Name), len(b.Name))
	if c := strings.Compare(a.Name[:n], b.Name[:n]); c != 0 {
		return c
	}
	return cmp.Compare(keyByte(a, n), keyByte(b, n))
}

// keyByte is the byte at i of d's name in the index's order: "/" just
// past a folder's name, -1 past a file's.
func keyByte(d rootfs.DirName, i int) int {
	switch {
	case i < len(d.Name):
		return int(d.Name[i])
	case d.Type.IsDir():
		return '/'
	}
	return -1
}

// folder lists the open folder rel (closing it) and walks what git would;
// parent is the rules in force in the folder above (nil at the root).
func (w *untrackedWalk) folder(f *os.File, rel string, parent *ignoreView) error {
	defer f.Close()
	if w.ctx.Err() != nil {
		return w.ctx.Err()
	}
	if w.buf == nil {
		w.buf = make([]byte, 32<<10)
	}
	names, err := rootfs.ReadDirNames(f, w.buf)
	if err != nil {
		return nil // git says it could not open the folder and goes on
	}
	hasIgnoreFile := false
	keep := names[:0]
	for _, d := range names {
		if isGitDirName(d.Name) {
			continue // .git is not looked at; what is under another of its names is dropped from git's list too
		}
		hasIgnoreFile = hasIgnoreFile || d.Name == ".gitignore" && d.Type.IsRegular()
		if w.scope != "" {
			p := joinRel(rel, d.Name)
			if !underScope(p, w.scope) && !underScope(w.scope, p) {
				continue // not on the way to scope, nor in it
			}
		}
		keep = append(keep, d)
	}
	slices.SortFunc(keep, nameOrder)
	var view ignoreView
	if parent == nil {
		view = w.r.ignoreView(rel, hasIgnoreFile)
	} else {
		view = w.r.childIgnoreView(*parent, rel, hasIgnoreFile)
	}
	for _, d := range keep {
		p := joinRel(rel, d.Name)
		if d.Type.IsDir() {
			if err := w.subfolder(f, d.Name, p, &view); err != nil {
				return err
			}
			continue
		}
		w.skipBelow(p, "")
		if w.has && string(w.cur) == p {
			continue // tracked
		}
		if kindOf(d.Type) == KindSpecial || !underScope(p, w.scope) || view.ruleMatches(p, false) {
			continue
		}
		if err := w.emit(p); err != nil {
			return err
		}
	}
	return nil
}

// subfolder decides the folder p (named name in parent): entered,
// skipped, or one untracked repository.
func (w *untrackedWalk) subfolder(parent *os.File, name, p string, view *ignoreView) error {
	key := p + "/"
	gitlink := w.skipBelow(key, p)
	if view.ruleMatches(p, true) {
		return nil
	}
	if !(w.has && bytes.HasPrefix(w.cur, []byte(key))) {
		if gitlink {
			return nil // a submodule: the tracked half lists it
		}
		if rootfs.HasGitEntry(parent, name) && w.r.nestedMark(w.ctx, p, &gitlinkSet{}, func() bool { return true }) == MarkNestedRepo {
			if underScope(p, w.scope) {
				return w.emit(key)
			}
			return nil
		}
	}
	sub, err := rootfs.OpenChildDir(parent, name)
	if err != nil {
		return nil // as git: said on its stderr, not listed
	}
	return w.folder(sub, p, view)
}

// emit hands one record (git's form: an untracked repository ends in
// "/") on, in batches.
func (w *untrackedWalk) emit(rec string) error {
	w.batch = append(w.batch, rec)
	if len(w.batch) < untrackedBatch {
		return nil
	}
	return w.flush()
}

func (w *untrackedWalk) flush() error {
	if len(w.batch) == 0 {
		return nil
	}
	select {
	case w.out <- w.batch:
		w.batch = make([]string, 0, untrackedBatch)
		return nil
	case <-w.ctx.Done():
		return errWalkStopped
	}
}

// keepUntracked is fileListKeep's rule for a record of the merge walk,
// which is under scope already.
func keepUntracked(rec string) (string, bool) {
	p := strings.TrimSuffix(rec, "/")
	return p, p != "" && !hasGitDirPart(p) && !isWriteTempPath(p)
}
