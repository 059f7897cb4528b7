package repoops

import (
	"context"
	"strings"
	"sync"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// gitFiles lists the file set inside git with two git processes started at
// once: `ls-files --cached` (the index, no stat) streams to visit as it
// comes, while `ls-files --others --exclude-standard` (the folder walk for
// untracked files) runs alongside and its paths are kept until the tracked
// ones are done, then visited as they come. One combined `--cached
// --others` call would print nothing until its walk is done; two calls one
// after the other would wait for the index listing before the walk starts.
func (r *Repo) gitFiles(ctx context.Context, scope string, visit func(path string)) error {
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
		return p, p != "" && underScope(p, scope) && !hasGitDirPart(p) && !rootfs.IsWriteTempPath(p)
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

	read := 0
	cut, err := r.git.Stream(ctx, maxFileListBytes, func(rec []byte) {
		read += len(rec) + 1
		if p, ok := keep(rec); ok {
			visit(p)
		}
	}, args("--cached", "--deduplicate")...)
	if err != nil {
		stop()
		return refusef("listing the files with git failed: %v", err)
	}
	if cut {
		stop()
		return tooManyFiles()
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
