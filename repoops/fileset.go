package repoops

import (
	"context"
	"os"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// maxFileListBytes bounds git's file list (about 2.5 million paths).
const maxFileListBytes = 256 << 20

// fileSet returns every file in the file set under scope (repo-relative,
// "" = root). Inside git it is exactly
// `git ls-files --cached --others --exclude-standard`; elsewhere it is a
// walk honouring every .gitignore met. Symlinks are included (they are
// files to git); callers decide whether to open them. Files git lists but
// that are gone from disk are dropped by the callers that open them. The
// order is git's (tracked paths in byte order, then untracked ones) or the
// walk's; callers sort what they show
// with pathLess, so a big set is never sorted just to be searched.
func (r *Repo) fileSet(ctx context.Context, scope string) ([]string, walkStats, error) {
	var files []string
	stats, err := r.eachFile(ctx, scope, func(p string) { files = append(files, p) })
	return files, stats, err
}

// walkStats counts what a walk could not enter, so callers can say so.
type walkStats struct {
	UnreadableDirs int
	Examples       []string // display paths, a few
}

func (w *walkStats) unreadable(rel string) {
	w.UnreadableDirs++
	if len(w.Examples) < 3 {
		w.Examples = append(w.Examples, DisplayPath(rel)+"/")
	}
}

// eachFile streams the file set under scope to visit as it is found, so a
// search can start on the first files while git is still listing the rest.
// Inside git the tracked paths come first, straight from the index (git
// stats nothing for them), and the untracked ones after (see gitFiles).
func (r *Repo) eachFile(ctx context.Context, scope string, visit func(path string)) (walkStats, error) {
	return r.eachFileThen(ctx, scope, visit, nil)
}

// eachFileThen is eachFile that also calls trackedDone, inside git, once
// the tracked half has been visited and before the first untracked path
// (git is then still walking the folders for those): repo_find checks
// its tracked matches on the other core meanwhile.
func (r *Repo) eachFileThen(ctx context.Context, scope string, visit func(path string), trackedDone func()) (walkStats, error) {
	if r.git != nil {
		return walkStats{}, r.gitFiles(ctx, scope, visit, trackedDone)
	}
	return r.walk(ctx, scope, func(e DirEntry) {
		if e.Kind == KindFile || e.Kind == KindSymlink || e.Kind == KindRepo {
			visit(e.Path)
		}
	})
}

// walk visits the file set under scope depth-first in path order, one
// folder listing at a time; ignored folders are not entered.
func (r *Repo) walk(ctx context.Context, scope string, visit func(DirEntry)) (walkStats, error) {
	var stats walkStats
	f, err := r.fs.Open(scope)
	if err != nil {
		return stats, describeOpenError(scope, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return stats, describeOpenError(scope, err)
	}
	if !st.IsDir() {
		f.Close()
		// A scope that names a file is a set of one.
		if lst, err := r.fs.Lstat(scope); err == nil {
			visit(DirEntry{Name: scope, Path: scope, Kind: kindOf(lst.Mode().Type())})
		}
		return stats, nil
	}
	err = r.walkOpen(ctx, f, scope, visit, &stats)
	return stats, err
}

// walkOpen lists the open folder f and descends into its sub-folders by
// opening each relative to f (one openat, never following a link), then
// closes f.
func (r *Repo) walkOpen(ctx context.Context, f *os.File, rel string, visit func(DirEntry), stats *walkStats) error {
	defer f.Close()
	l, err := r.listOpen(f, rel)
	if err != nil {
		stats.unreadable(rel) // its files are not in the set: counted, said
		return nil
	}
	for _, e := range l.Entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		visit(e)
		if e.Kind != KindDir {
			continue
		}
		sub, err := rootfs.OpenChildDir(f, e.Name)
		if err != nil {
			stats.unreadable(e.Path)
			continue
		}
		if err := r.walkOpen(ctx, sub, e.Path, visit, stats); err != nil {
			return err
		}
	}
	return nil
}
