package repoops

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
)

// CopyStats says what CopyFileSet copied and what it left out.
type CopyStats struct {
	Files    int      `json:"files"`
	Links    int      `json:"links"`
	Bytes    int64    `json:"bytes"`
	Skipped  int      `json:"skipped"` // special files, links leaving the root, unreadable or over the size cap
	Examples []string `json:"examples,omitempty"`
}

// CopyFileSetMaxFile bounds one copied file; larger files are skipped and
// counted (no tool reads more than a few MiB of one file anyway).
const CopyFileSetMaxFile = 64 << 20

// CopyFileSet copies the repository's file set (the files every tool sees:
// git's tracked and untracked-but-not-ignored files, or the .gitignore-
// honouring walk) into the empty folder dst, as plain files: no .git, no
// ignored files, no special files. Every source file is opened inside the
// repository's root without following a final symlink; a symlink is copied
// as a link only when its target stays inside the repository. It is how
// replay gets a scratch copy it may edit without touching the person's
// working tree; nothing in the repository (config, attributes, hooks) runs.
func (r *Repo) CopyFileSet(ctx context.Context, dst string) (CopyStats, error) {
	var st CopyStats
	out, err := os.OpenRoot(dst)
	if err != nil {
		return st, err
	}
	defer out.Close()
	dirs := &dirCache{src: r.root, dst: out}
	defer dirs.close()
	_, err = r.eachFile(ctx, "", func(rel string) {
		if ctx.Err() != nil {
			return
		}
		if e := r.copyOne(dirs, rel, &st); e != nil {
			st.Skipped++
			if len(st.Examples) < 3 {
				st.Examples = append(st.Examples, DisplayPath(rel))
			}
		}
	})
	if err == nil {
		err = ctx.Err()
	}
	return st, err
}

// dirCache holds the last few folders open on both sides, so each file
// costs one lookup by name instead of one per path component.
type dirCache struct {
	src, dst *os.Root
	made     map[string]bool
	open     []cachedDir
}

type cachedDir struct {
	dir      string
	src, dst *os.Root
}

const dirCacheSize = 16

func (c *dirCache) get(dir string) (cachedDir, error) {
	for i, d := range c.open {
		if d.dir == dir {
			return c.open[i], nil
		}
	}
	if dir == "." {
		d := cachedDir{dir: dir, src: c.src, dst: c.dst}
		c.open = append(c.open, d)
		return d, nil
	}
	if c.made == nil {
		c.made = map[string]bool{}
	}
	if !c.made[dir] {
		if err := c.dst.MkdirAll(osPath(dir), 0o755); err != nil {
			return cachedDir{}, err
		}
		c.made[dir] = true
	}
	src, err := c.src.OpenRoot(osPath(dir))
	if err != nil {
		return cachedDir{}, err
	}
	dst, err := c.dst.OpenRoot(osPath(dir))
	if err != nil {
		src.Close()
		return cachedDir{}, err
	}
	if len(c.open) >= dirCacheSize {
		old := c.open[0]
		if old.dir != "." {
			old.src.Close()
			old.dst.Close()
		}
		c.open = c.open[1:]
	}
	d := cachedDir{dir: dir, src: src, dst: dst}
	c.open = append(c.open, d)
	return d, nil
}

func (c *dirCache) close() {
	for _, d := range c.open {
		if d.dir != "." {
			d.src.Close()
			d.dst.Close()
		}
	}
	c.open = nil
}

func (r *Repo) copyOne(dirs *dirCache, rel string, st *CopyStats) error {
	d, err := dirs.get(path.Dir(rel))
	if err != nil {
		return err
	}
	name := path.Base(rel)
	info, err := d.src.Lstat(name)
	if err != nil {
		return err
	}
	switch {
	case info.Mode()&os.ModeSymlink != 0:
		target, err := d.src.Readlink(name)
		if err != nil {
			return err
		}
		if path.IsAbs(target) {
			return fmt.Errorf("absolute link")
		}
		joined := path.Clean(path.Join(path.Dir(rel), target))
		if joined == ".." || len(joined) >= 3 && joined[:3] == "../" {
			return fmt.Errorf("link leaves the repository")
		}
		if err := d.dst.Symlink(target, name); err != nil {
			return err
		}
		st.Links++
		return nil
	case !info.Mode().IsRegular():
		return fmt.Errorf("not a regular file")
	}
	f, err := d.src.OpenFile(name, os.O_RDONLY|oNonblock|oNofollow, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return copyRegular(d.dst, f, name, st)
}

// copyRegular copies the open file f to name in out.
func copyRegular(out *os.Root, f *os.File, name string, st *CopyStats) error {
	fst, err := f.Stat()
	if err != nil || !fst.Mode().IsRegular() {
		return fmt.Errorf("not a regular file")
	}
	if fst.Size() > CopyFileSetMaxFile {
		return fmt.Errorf("over the size cap")
	}
	mode := os.FileMode(0o644)
	if fst.Mode()&0o111 != 0 {
		mode = 0o755
	}
	w, err := out.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL|oNofollow, mode)
	if err != nil {
		return err
	}
	n, err := io.Copy(w, io.LimitReader(f, CopyFileSetMaxFile+1))
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > CopyFileSetMaxFile {
		err = fmt.Errorf("grew over the size cap")
	}
	if err != nil {
		out.Remove(name)
		return err
	}
	st.Files++
	st.Bytes += n
	return nil
}
