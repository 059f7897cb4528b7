package repoops

import (
	"context"
	"fmt"
	"strings"
)

// CopyStats says what CopyFileSet copied and what it left out.
type CopyStats struct {
	Files    int      `json:"files"`
	Links    int      `json:"links"`
	Bytes    int64    `json:"bytes"`
	Cloned   int      `json:"cloned,omitempty"`   // of Files, shared copy-on-write with the original (reflink)
	Skipped  int      `json:"skipped"`            // special files, links leaving the root, unreadable or over the size cap
	Excluded int      `json:"excluded,omitempty"` // files under CopyOptions.Exclude
	Examples []string `json:"examples,omitempty"`
}

// CopyOptions bound a copy and say what it leaves out.
type CopyOptions struct {
	MaxFiles int   // files and links at most (0: CopyFileSetMaxFiles)
	MaxBytes int64 // bytes of regular files at most (0: CopyFileSetMaxBytes)
	// Exclude names repo-relative folders left out, by path component:
	// the scratch area when it lies inside the repository, so a copy never
	// copies itself (or the copies of other replays).
	Exclude []string
}

// The bounds of one scratch copy (a replay's first change makes one): a
// transcript or a root must not be able to make repox fill $TMPDIR.
const (
	CopyFileSetMaxFile  = 64 << 20  // one file; larger ones are skipped and counted (no tool reads more than a few MiB of one file anyway)
	CopyFileSetMaxFiles = 50_000    // files and links in all
	CopyFileSetMaxBytes = 512 << 20 // bytes in all
)

// CopyTooLargeError: the file set is over a bound of the copy; nothing was
// copied. The counts are those seen when the count passed the bound.
type CopyTooLargeError struct {
	Files    int
	Bytes    int64
	MaxFiles int
	MaxBytes int64
}

func (e *CopyTooLargeError) Error() string {
	over := "more than " + Plural(e.MaxFiles, "file", "files")
	if e.Files <= e.MaxFiles {
		over = "more than " + SizeText(int(e.MaxBytes))
	}
	return fmt.Sprintf("the file set holds %s (counted %s, %s when the count stopped), over the scratch copy's bound of %s and %s; nothing was copied",
		over, Plural(e.Files, "file", "files"), SizeText(int(e.Bytes)), Plural(e.MaxFiles, "file", "files"), SizeText(int(e.MaxBytes)))
}

// CopyFileSet is CopyFileSetWith with the default bounds.
func (r *Repo) CopyFileSet(ctx context.Context, dst string) (CopyStats, error) {
	return r.CopyFileSetWith(ctx, dst, CopyOptions{})
}

// CopyFileSetWith copies the repository's file set (the files every tool
// sees: git's tracked and untracked-but-not-ignored files, or the
// .gitignore-honouring walk) into the empty folder dst, as plain files: no
// .git, no ignored files, no special files. Every source file is opened
// inside the repository's root without following a final symlink; a symlink
// is copied as a link only when its target stays inside the repository. A
// file is shared copy-on-write where the file system can (a reflink), else
// copied. It is how replay gets a scratch copy it may edit without touching
// the person's working tree; nothing in the repository (config, attributes,
// hooks) runs. The file set is counted first: over opt's bounds nothing is
// copied and the error is a *CopyTooLargeError.
func (r *Repo) CopyFileSetWith(ctx context.Context, dst string, opt CopyOptions) (CopyStats, error) {
	var st CopyStats
	if opt.MaxFiles <= 0 {
		opt.MaxFiles = CopyFileSetMaxFiles
	}
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = CopyFileSetMaxBytes
	}
	files, excluded, err := r.copyList(ctx, opt)
	st.Excluded = excluded
	if err != nil {
		return st, err
	}
	c, err := r.fs.CopyTo(dst, CopyFileSetMaxFile)
	if err != nil {
		return st, err
	}
	defer c.Close()
	for _, rel := range files {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		link, n, e := c.Copy(rel)
		switch {
		case e != nil:
			st.Skipped++
			if len(st.Examples) < 3 {
				st.Examples = append(st.Examples, DisplayPath(rel))
			}
		case link:
			st.Links++
		default:
			st.Files++
			st.Bytes += n
		}
	}
	st.Cloned = c.Cloned()
	return st, nil
}

// copyList is the file set minus the excluded folders, counted against
// opt's bounds (sizes from an lstat; a file over CopyFileSetMaxFile is
// listed but not counted, as the copy skips it); the walk stops at the
// first bound passed.
func (r *Repo) copyList(ctx context.Context, opt CopyOptions) (files []string, excluded int, err error) {
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	var bytes int64
	var over *CopyTooLargeError
	_, err = r.eachFile(wctx, "", func(rel string) {
		if over != nil {
			return
		}
		if underAny(rel, opt.Exclude) {
			excluded++
			return
		}
		if info, e := r.fs.Lstat(rel); e == nil && info.Mode().IsRegular() && info.Size() <= CopyFileSetMaxFile {
			bytes += info.Size()
		}
		files = append(files, rel)
		if len(files) > opt.MaxFiles || bytes > opt.MaxBytes {
			over = &CopyTooLargeError{Files: len(files), Bytes: bytes, MaxFiles: opt.MaxFiles, MaxBytes: opt.MaxBytes}
			stop()
		}
	})
	if over != nil {
		return nil, excluded, over
	}
	if err == nil {
		err = ctx.Err()
	}
	return files, excluded, err
}

// underAny: rel is one of dirs or lies below one, by path component.
func underAny(rel string, dirs []string) bool {
	for _, d := range dirs {
		d = strings.Trim(d, "/")
		if d == "" || d == "." {
			return true
		}
		if rel == d || strings.HasPrefix(rel, d+"/") {
			return true
		}
	}
	return false
}
