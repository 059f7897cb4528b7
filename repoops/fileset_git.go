package repoops

import (
	"context"
	"strings"
	"sync"
)

// gitFiles lists the file set inside git: `ls-files --others
// --exclude-standard` (git's folder walk for the untracked files) starts
// first, and while it walks the tracked paths are visited, read from the
// index file itself (trackedFiles; `ls-files --cached` when that read
// does not take the index); the untracked paths are kept until the
// tracked ones are done, then visited as they come. One combined
// `--cached --others` call would print nothing until its walk is done; a
// walk started after the tracked listing would wait for it.
func (r *Repo) gitFiles(ctx context.Context, scope string, visit func(path string), trackedDone func()) error {
	var keep *keptFiles // a warm repository's stamps: the listing may be kept
	if w := r.warmSet(); w != nil {
		r.fresh(ctx)
		if others, ok := w.keptOthers(); ok {
			return r.gitFilesKept(ctx, scope, visit, trackedDone, others)
		}
		keep = r.stamped(ctx)
	}
	// The untracked walk is of scope, or of the whole root when its
	// listing is to be kept; keep drops what lies outside scope.
	othersScope := scope
	if keep != nil {
		othersScope = ""
	}
	args := func(scope string, which ...string) []string {
		a := append([]string{"ls-files", "-z"}, which...)
		if scope != "" {
			a = append(a, "--", scope)
		}
		return a
	}
	keepRec := fileListKeep(scope)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// The untracked listing, kept until the tracked one is done.
	var (
		mu      sync.Mutex
		more    = sync.NewCond(&mu)
		others  []string
		all     []string // every record, when the listing is to be kept
		oRead   int
		oDone   bool
		oCut    bool
		oErr    error
		stopped bool // the reader gave up: drop what still comes
	)
	go func() {
		cut, err := r.git.Stream(ctx, maxFileListBytes, func(rec []byte) {
			mu.Lock()
			defer mu.Unlock()
			if keep != nil {
				all = append(all, string(rec))
			}
			p, ok := keepRec(rec)
			if othersScope == scope || underScope(p, scope) {
				oRead += len(rec) + 1
			}
			if ok && !stopped {
				others = append(others, p)
				more.Signal()
			}
		}, args(othersScope, "--others", "--exclude-standard")...)
		mu.Lock()
		oDone, oCut, oErr = true, cut, err
		more.Signal()
		mu.Unlock()
	}()
	wait := func() {
		mu.Lock()
		for !oDone {
			more.Wait()
		}
		mu.Unlock()
	}
	stop := func() {
		mu.Lock()
		stopped = true
		mu.Unlock()
		cancel()
		wait()
	}

	read, cut, err := r.trackedFiles(ctx, scope, visit, func(visit func(rec []byte)) (bool, error) {
		return r.git.Stream(ctx, maxFileListBytes, visit, args(scope, "--cached", "--deduplicate")...)
	}, keepRec)
	if err != nil {
		stop()
		return refusef("listing the files with git failed: %v", err)
	}
	if cut {
		stop()
		return tooManyFiles()
	}
	if trackedDone != nil {
		trackedDone()
	}

	// Now the untracked paths: what came meanwhile, then the rest as it comes.
	for i := 0; ; {
		mu.Lock()
		for i == len(others) && !oDone {
			more.Wait()
		}
		batch := others[i:len(others):len(others)]
		i = len(others)
		done, oc, oe, total := oDone && i == len(others), oCut, oErr, read+oRead
		mu.Unlock()
		if total > maxFileListBytes {
			stop()
			return tooManyFiles()
		}
		for _, p := range batch {
			visit(p)
		}
		if done {
			switch {
			case oe != nil:
				return refusef("listing the files with git failed: %v", oe)
			case oc:
				return tooManyFiles()
			}
			if keep != nil && ctx.Err() == nil {
				r.warm.storeOthers(keep, all)
			}
			return nil
		}
	}
}

// fileListKeep is the rule for one record of git's file list under scope.
func fileListKeep(scope string) func(rec []byte) (string, bool) {
	return func(rec []byte) (string, bool) {
		// An untracked folder that is a git repository comes as
		// "folder/": one entry, as a submodule's gitlink is.
		p := strings.TrimSuffix(string(rec), "/")
		return p, p != "" && underScope(p, scope) && !hasGitDirPart(p) && !isWriteTempPath(p)
	}
}

// gitFilesKept is gitFiles with the untracked half from a warm
// repository's kept listing (revalidated before this call): the same
// paths, order, caps and refusals as git's listing of scope, no git run.
func (r *Repo) gitFilesKept(ctx context.Context, scope string, visit func(path string), trackedDone func(), others []string) error {
	keepRec := fileListKeep(scope)
	read, cut, err := r.trackedFiles(ctx, scope, visit, func(visit func(rec []byte)) (bool, error) {
		a := []string{"ls-files", "-z", "--cached", "--deduplicate"}
		if scope != "" {
			a = append(a, "--", scope)
		}
		return r.git.Stream(ctx, maxFileListBytes, visit, a...)
	}, keepRec)
	if err != nil {
		return refusef("listing the files with git failed: %v", err)
	}
	if cut {
		return tooManyFiles()
	}
	if trackedDone != nil {
		trackedDone()
	}
	for i, rec := range others {
		p, ok := keepRec([]byte(rec))
		if scope != "" && !underScope(p, scope) {
			continue
		}
		read += len(rec) + 1
		if read > maxFileListBytes {
			return tooManyFiles()
		}
		if i&4095 == 4095 && ctx.Err() != nil {
			return ctx.Err()
		}
		if ok {
			visit(p)
		}
	}
	return nil
}

func tooManyFiles() *Refusal {
	return refusef("the file list is over %d MiB — narrow with path", maxFileListBytes>>20)
}
