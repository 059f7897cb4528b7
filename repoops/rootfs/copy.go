package rootfs

import (
	"fmt"
	"io"
	"os"
	"path"
)

// Copier copies files of a Root, one repo-relative path at a time, into
// another folder as plain files: every source file is opened inside the
// root without following a final symlink, a symlink is copied as a link
// only when its target stays inside the root, and anything else (a special
// file, a file over the size cap) is refused. Writes go through an os.Root
// on the destination, so nothing lands outside it either. A regular file
// is shared copy-on-write with its original where the file system can
// (cloneFile: FICLONE on Linux), and copied byte by byte otherwise.
type Copier struct {
	out  *os.Root
	dirs *dirCache
	max  int64
}

// CopyTo opens the empty folder dst for copies of the root's files of at
// most maxFile bytes each. Close it when done.
func (r *Root) CopyTo(dst string, maxFile int64) (*Copier, error) {
	out, err := os.OpenRoot(dst)
	if err != nil {
		return nil, err
	}
	return &Copier{out: out, dirs: &dirCache{src: r.root, dst: out, faults: &r.faults}, max: maxFile}, nil
}

// Cloned is how many files were shared copy-on-write rather than copied.
func (c *Copier) Cloned() int { return c.dirs.cloned }

// Close releases the folders the copier holds open, then the destination.
func (c *Copier) Close() {
	c.dirs.close()
	c.out.Close()
}

// Copy copies the file rel: link says it was a symlink (copied as one), n
// is the bytes of a regular file copied; an error says it was skipped.
func (c *Copier) Copy(rel string) (link bool, n int64, err error) {
	return c.dirs.copyOne(rel, c.max)
}

// dirCache holds the last few folders open on both sides, so each file
// costs one lookup by name instead of one per path component.
type dirCache struct {
	src, dst *os.Root
	made     map[string]bool
	open     []cachedDir
	cloned   int        // files shared copy-on-write
	faults   *faultSeam // the Root's test seam
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

func (c *dirCache) copyOne(rel string, max int64) (bool, int64, error) {
	d, err := c.get(path.Dir(rel))
	if err != nil {
		return false, 0, err
	}
	name := path.Base(rel)
	info, err := d.src.Lstat(name)
	if err != nil {
		return false, 0, err
	}
	switch {
	case info.Mode()&os.ModeSymlink != 0:
		target, err := d.src.Readlink(name)
		if err != nil {
			return false, 0, err
		}
		if path.IsAbs(target) {
			return false, 0, fmt.Errorf("absolute link")
		}
		joined := path.Clean(path.Join(path.Dir(rel), target))
		if joined == ".." || len(joined) >= 3 && joined[:3] == "../" {
			return false, 0, fmt.Errorf("link leaves the repository")
		}
		if err := d.dst.Symlink(target, name); err != nil {
			return false, 0, err
		}
		return true, 0, nil
	case !info.Mode().IsRegular():
		return false, 0, fmt.Errorf("not a regular file")
	}
	f, err := d.src.OpenFile(name, os.O_RDONLY|oNonblock|oNofollow, 0)
	if err != nil {
		return false, 0, err
	}
	defer f.Close()
	n, cloned, err := copyRegular(d.dst, f, name, max, c.faults)
	if cloned {
		c.cloned++
	}
	return false, n, err
}

// copyRegular copies the open file f to name in out: a clone where the
// file system shares blocks (cloned), else its bytes.
func copyRegular(out *os.Root, f *os.File, name string, max int64, faults *faultSeam) (int64, bool, error) {
	fst, err := f.Stat()
	if err != nil || !fst.Mode().IsRegular() {
		return 0, false, fmt.Errorf("not a regular file")
	}
	if fst.Size() > max {
		return 0, false, fmt.Errorf("over the size cap")
	}
	mode := os.FileMode(0o644)
	if fst.Mode()&0o111 != 0 {
		mode = 0o755
	}
	w, err := out.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL|oNofollow, mode)
	if err != nil {
		return 0, false, err
	}
	var n int64
	cloned := cloneFile(w, f, faults) == nil
	if cloned {
		// a clone takes the whole file as it is now, which may have grown
		// since the stat: its size is checked after
		var wst os.FileInfo
		if wst, err = w.Stat(); err == nil {
			n = wst.Size()
		}
	} else {
		n, err = io.Copy(w, io.LimitReader(f, max+1))
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > max {
		err = fmt.Errorf("grew over the size cap")
	}
	if err != nil {
		out.Remove(name)
		return 0, false, err
	}
	return n, cloned, nil
}
