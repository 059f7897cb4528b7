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
	args := func(which ...string) []string {
		a := append([]string{"ls-files", "-z"}, which...)
		if scope != "" {
			a = append(a, "--", scope)
		}
		return a
	}
	keep := func(rec []byte) (string, bool) {
		// An untracked folder that is a git repository comes as
		// "folder/": one entry, as a submodule's gitlink is.
		p := strings.TrimSuffix(string(rec), "/")
		return p, p != "" && underScope(p, scope) && !hasGitDirPart(p) && !isWriteTempPath(p)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// The untracked listing, kept until the tracked one is done.
	var (
		mu      sync.Mutex
		more    = sync.NewCond(&mu)
		others  []string
		oRead   int
		oDone   bool
		oCut    bool
		oErr    error
		stopped bool // the reader gave up: drop what still comes
	)
	go func() {
		cut, err := r.git.Stream(ctx, maxFileListBytes, func(rec []byte) {
			p, ok := keep(rec)
			mu.Lock()
			oRead += len(rec) + 1
			if ok && !stopped {
				others = append(others, p)
				more.Signal()
			}
			mu.Unlock()
		}, args("--others", "--exclude-standard")...)
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
		return r.git.Stream(ctx, maxFileListBytes, visit, args("--cached", "--deduplicate")...)
	}, keep)
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
			return nil
		}
	}
}

func tooManyFiles() *Refusal {
	return refusef("the file list is over %d MiB — narrow with path", maxFileListBytes>>20)
}
