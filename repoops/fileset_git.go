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
	if keep == nil {
		if handled, err := r.gitFilesStreamed(ctx, scope, visit, trackedDone); handled {
			return err
		}
	}
	// The untracked walk is of scope, or of the whole root when its
	// listing is to be kept; keep drops what lies outside scope.
	othersScope := scope
	if keep != nil {
		othersScope = ""
	}
	keepRec := fileListKeep(scope)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	o := r.startOthers(ctx, cancel, scope, othersScope, keep != nil, keepRec)

	read, cut, err := r.trackedFiles(ctx, scope, visit, func(visit func(rec []byte)) (bool, error) {
		return r.git.Stream(ctx, maxFileListBytes, visit, lsFilesArgs(scope, "--cached", "--deduplicate")...)
	}, keepRec)
	if err != nil {
		o.stop()
		return refusef("listing the files with git failed: %v", err)
	}
	if cut {
		o.stop()
		return tooManyFiles()
	}
	if trackedDone != nil {
		trackedDone()
	}
	if err := o.visitRest(visit, read); err != nil {
		return err
	}
	if keep != nil && ctx.Err() == nil {
		r.warm.storeOthers(keep, o.all)
	}
	return nil
}

// lsFilesArgs is a NUL-separated `git ls-files` of which files, under
// scope when there is one.
func lsFilesArgs(scope string, which ...string) []string {
	a := append([]string{"ls-files", "-z"}, which...)
	if scope != "" {
		a = append(a, "--", scope)
	}
	return a
}

// othersListing is the untracked half of gitFiles: git's walk streams in
// its own goroutine and its paths wait here, under mu, until the tracked
// half is done and visitRest takes them.
type othersListing struct {
	mu      sync.Mutex
	more    *sync.Cond
	cancel  context.CancelFunc // ends the walk
	others  []string           // the paths under scope, in git's order
	all     []string           // every record, when the listing is to be kept
	read    int                // bytes of the records under scope, against maxFileListBytes
	done    bool
	cut     bool
	err     error
	stopped bool // the reader gave up: drop what still comes
}

// startOthers starts `ls-files --others --exclude-standard` of othersScope,
// keeping every record when keepAll and the paths under scope always.
func (r *Repo) startOthers(ctx context.Context, cancel context.CancelFunc, scope, othersScope string, keepAll bool, keepRec func(rec []byte) (string, bool)) *othersListing {
	o := &othersListing{cancel: cancel}
	o.more = sync.NewCond(&o.mu)
	go func() {
		cut, err := r.git.Stream(ctx, maxFileListBytes, func(rec []byte) {
			o.mu.Lock()
			defer o.mu.Unlock()
			if keepAll {
				o.all = append(o.all, string(rec))
			}
			p, ok := keepRec(rec)
			if othersScope == scope || underScope(p, scope) {
				o.read += len(rec) + 1
			}
			if ok && !o.stopped {
				o.others = append(o.others, p)
				o.more.Signal()
			}
		}, lsFilesArgs(othersScope, "--others", "--exclude-standard")...)
		o.mu.Lock()
		o.done, o.cut, o.err = true, cut, err
		o.more.Signal()
		o.mu.Unlock()
	}()
	return o
}

// wait returns when the walk has ended.
func (o *othersListing) wait() {
	o.mu.Lock()
	for !o.done {
		o.more.Wait()
	}
	o.mu.Unlock()
}

// stop ends the walk, drops what it still sends and waits for its end.
func (o *othersListing) stop() {
	o.mu.Lock()
	o.stopped = true
	o.mu.Unlock()
	o.cancel()
	o.wait()
}

// visitRest visits the untracked paths: what came meanwhile, then the rest
// as it comes, until the walk ends; tracked is the tracked listing's size,
// which counts against the same cap.
func (o *othersListing) visitRest(visit func(path string), tracked int) error {
	for i := 0; ; {
		o.mu.Lock()
		for i == len(o.others) && !o.done {
			o.more.Wait()
		}
		batch := o.others[i:len(o.others):len(o.others)]
		i = len(o.others)
		done, oc, oe, total := o.done && i == len(o.others), o.cut, o.err, tracked+o.read
		o.mu.Unlock()
		if total > maxFileListBytes {
			o.stop()
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
