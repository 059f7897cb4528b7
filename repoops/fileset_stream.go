package repoops

import (
	"context"
	"runtime"

	"github.com/repoxhq/repox/repoops/gitexec"
)

// streamedListing: where the file set of a fresh call can be listed
// without holding it. git on macOS hands its walk names recomposed to NFC
// (core.precomposeUnicode) and on Windows folds case; a byte-wise merge
// of the disk with the index would differ, so git lists there.
var streamedListing = runtime.GOOS != "darwin" && runtime.GOOS != "windows"

// untrackedBatch is how many untracked paths the merge walk hands over at
// once, and untrackedQueue how many such batches may wait: the walk runs
// ahead of the caller by at most their product, whatever the tree holds.
const (
	untrackedBatch = 256
	untrackedQueue = 8
)

// gitFilesStreamed is gitFiles for a call that keeps nothing (not warm),
// in memory that does not grow with the repository: the tracked half is a
// pass over the index file (IndexStream), one path at a time, and the
// untracked half is repox's own walk of the work tree merged with a second
// pass (untrackedWalk) instead of `git ls-files --others`, which holds
// git's whole index (217 MB at a million files). handled is false when
// the index is not one the direct read takes, or git folds case: the
// caller lists with git as before.
func (r *Repo) gitFilesStreamed(ctx context.Context, scope string, visit func(path string), trackedDone func()) (handled bool, err error) {
	if !streamedListing || r.git.IgnoreCase(ctx) {
		return false, nil
	}
	ix, ok, err := r.git.OpenIndexStream(ctx, maxFileListBytes)
	if err != nil {
		return true, refusef("listing the files with git failed: %v", err)
	}
	if !ok {
		return false, nil
	}
	defer ix.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	u := r.startUntrackedWalk(ctx, ix, scope)
	defer u.stop(cancel)
	read := 0
	err = ix.Each(ctx, func(rel []byte, _ bool) {
		if scope != "" && !underScopeBytes(rel, scope) {
			return
		}
		read += len(rel) + 1
		p := string(rel)
		// Index paths are clean (gitexec refuses any other), so of
		// fileListKeep's rules only these two can drop one.
		if !hasGitDirPart(p) && !isWriteTempPath(p) {
			visit(p)
		}
	})
	switch {
	case err != nil && ctx.Err() != nil:
		return true, ctx.Err()
	case err != nil:
		return true, refusef("listing the files failed: %v", err)
	case read > maxFileListBytes:
		return true, tooManyFiles()
	}
	if trackedDone != nil {
		trackedDone()
	}
	return true, u.visitAll(ctx, visit, read)
}

// underScopeBytes is underScope on an index path's bytes, with no copy.
func underScopeBytes(rel []byte, scope string) bool {
	if len(rel) < len(scope) || string(rel[:len(scope)]) != scope {
		return false
	}
	return len(rel) == len(scope) || rel[len(scope)] == '/'
}

// untrackedRun is the merge walk running on its own goroutine.
type untrackedRun struct {
	out  chan []string
	done chan struct{}
	err  error
}

func (r *Repo) startUntrackedWalk(ctx context.Context, ix *gitexec.IndexStream, scope string) *untrackedRun {
	u := &untrackedRun{out: make(chan []string, untrackedQueue), done: make(chan struct{})}
	go func() {
		defer close(u.done)
		defer close(u.out)
		w := &untrackedWalk{r: r, ctx: ctx, scope: scope, idx: ix.Paths(), out: u.out}
		u.err = w.run()
	}()
	return u
}

// visitAll visits the untracked paths as the walk sends them; tracked is
// the tracked listing's size, which counts against the same cap.
func (u *untrackedRun) visitAll(ctx context.Context, visit func(string), tracked int) error {
	read := tracked
	for batch := range u.out {
		for _, p := range batch {
			read += len(p) + 1
			if read > maxFileListBytes {
				return tooManyFiles()
			}
			if q, ok := keepUntracked(p); ok {
				visit(q)
			}
		}
	}
	<-u.done
	if u.err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return refusef("listing the untracked files failed: %v", u.err)
	}
	return nil
}

// stop ends the walk (when the caller gave up early) and waits for it.
func (u *untrackedRun) stop(cancel context.CancelFunc) {
	cancel()
	for range u.out {
	}
	<-u.done
}
