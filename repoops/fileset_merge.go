package repoops

import (
	"bytes"
	"context"
	"errors"
	"os"
	"sort"
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
}

var errWalkStopped = errors.New("stopped")

func (w *untrackedWalk) run() error {
	w.step()
	f, err := w.r.fs.Open("")
	if err != nil {
		return err
	}
	if err := w.folder(f, ""); err != nil {
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

// mergeEntry is one name of a folder with its place in the index's order.
type mergeEntry struct {
	key string // the path, with "/" after a folder's
	de  os.DirEntry
}

// folder lists the open folder rel (closing it) and walks what git would.
func (w *untrackedWalk) folder(f *os.File, rel string) error {
	defer f.Close()
	if w.ctx.Err() != nil {
		return w.ctx.Err()
	}
	des, err := rootfs.ReadDirTypes(f)
	if err != nil {
		return nil // git says it could not open the folder and goes on
	}
	es := make([]mergeEntry, 0, len(des))
	hasIgnoreFile := false
	for _, de := range des {
		name := de.Name()
		if isGitDirName(name) {
			continue // .git is not looked at; what is under another of its names is dropped from git's list too
		}
		hasIgnoreFile = hasIgnoreFile || name == ".gitignore" && de.Type().IsRegular()
		key := joinRel(rel, name)
		if de.IsDir() {
			key += "/"
		}
		if w.scope != "" && !underScope(strings.TrimSuffix(key, "/"), w.scope) && !underScope(w.scope, strings.TrimSuffix(key, "/")) {
			continue // not on the way to scope, nor in it
		}
		es = append(es, mergeEntry{key, de})
	}
	sort.Slice(es, func(i, j int) bool { return es[i].key < es[j].key })
	view := w.r.ignoreView(rel, hasIgnoreFile)
	for _, e := range es {
		if e.de.IsDir() {
			if err := w.subfolder(f, e, view); err != nil {
				return err
			}
			continue
		}
		p := e.key
		w.skipBelow(p, "")
		if w.has && string(w.cur) == p {
			continue // tracked
		}
		if kindOf(e.de.Type()) == KindSpecial || !underScope(p, w.scope) || view.ruleMatches(p, false) {
			continue
		}
		if err := w.emit(p); err != nil {
			return err
		}
	}
	return nil
}

// subfolder decides a folder of the listing: entered, skipped, or one
// untracked repository.
func (w *untrackedWalk) subfolder(parent *os.File, e mergeEntry, view ignoreView) error {
	p := strings.TrimSuffix(e.key, "/")
	gitlink := w.skipBelow(e.key, p)
	if view.ruleMatches(p, true) {
		return nil
	}
	if !(w.has && bytes.HasPrefix(w.cur, []byte(e.key))) {
		if gitlink {
			return nil // a submodule: the tracked half lists it
		}
		if rootfs.HasGitEntry(parent, e.de.Name()) && w.r.nestedMark(w.ctx, p, &gitlinkSet{}, func() bool { return true }) == MarkNestedRepo {
			if underScope(p, w.scope) {
				return w.emit(e.key)
			}
			return nil
		}
	}
	sub, err := rootfs.OpenChildDir(parent, e.de.Name())
	if err != nil {
		return nil // as git: said on its stderr, not listed
	}
	return w.folder(sub, p)
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
