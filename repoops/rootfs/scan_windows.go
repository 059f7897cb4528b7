package rootfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Scanner on Windows reads the files of a bulk scan through the root
// (os.Root) after checking every component with Lstat: a symlink, a
// junction or any other reparse point on the way is never followed, as
// O_NOFOLLOW guarantees on Unix, and the file opened must be the file
// checked. Slower than the Unix directory-fd scan (one Lstat per new
// folder and per file); the outcomes are the same.
type Scanner struct {
	root  *os.Root
	okDir string // the last folder whose components were all checked
}

// Scanner returns a reader for one worker of a bulk scan; Close it when done.
func (r *Root) Scanner() *Scanner { return &Scanner{root: r.root, okDir: "\x00"} }

// Close releases nothing on Windows.
func (f *Scanner) Close() {}

// linkLike reports a name that must not be followed: a symlink, or a
// reparse point Go reports as irregular (junctions, mount points).
func linkLike(m fs.FileMode) bool { return m&(fs.ModeSymlink|fs.ModeIrregular) != 0 }

func (f *Scanner) checkDir(dir string) Outcome {
	if dir == "" || dir == f.okDir {
		return ScanRead
	}
	parts := strings.Split(dir, "/")
	for i, p := range parts {
		if p == ".." || p == "." || p == "" {
			return ScanMissing
		}
		st, err := f.root.Lstat(filepath.FromSlash(strings.Join(parts[:i+1], "/")))
		switch {
		case err != nil:
			return outcomeOf(err)
		case linkLike(st.Mode()):
			return ScanSymlink
		case !st.IsDir():
			return ScanMissing
		}
	}
	f.okDir = dir
	return ScanRead
}

// Read reads the whole regular file rel into *bufp (grown as needed, and
// kept for the next call) up to limit bytes, never following a link or
// other reparse point on the way; the Outcome says what it found instead
// when it read nothing.
func (f *Scanner) Read(rel string, bufp *[]byte, limit int) ([]byte, Outcome) {
	dir := ""
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir = rel[:i]
	}
	if oc := f.checkDir(dir); oc != ScanRead {
		return nil, oc
	}
	name := filepath.FromSlash(rel)
	lst, err := f.root.Lstat(name)
	if err != nil {
		return nil, outcomeOf(err)
	}
	switch m := lst.Mode(); {
	case linkLike(m):
		return nil, ScanSymlink
	case m.IsDir():
		return nil, ScanFolder
	case !m.IsRegular():
		return nil, ScanSpecial
	}
	file, err := f.root.Open(name)
	if err != nil {
		return nil, outcomeOf(err)
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil {
		return nil, ScanUnreadable
	}
	if !os.SameFile(lst, st) {
		return nil, ScanMissing // replaced between the check and the open
	}
	if !st.Mode().IsRegular() {
		return nil, ScanSpecial
	}
	if st.Size() > int64(limit) {
		return nil, ScanTooBig
	}
	want := min(int(st.Size())+1, limit+1)
	if cap(*bufp) < want {
		// Doubling: a run of ever larger files allocates log-many times, not
		// once per new largest file.
		*bufp = make([]byte, min(max(want, 2*cap(*bufp), 64<<10), limit+1))
	}
	buf := (*bufp)[:cap(*bufp)]
	n := 0
	for {
		if n == len(buf) {
			if n > limit {
				return nil, ScanTooBig
			}
			nb := make([]byte, min(2*len(buf), limit+1))
			copy(nb, buf[:n])
			buf = nb
			*bufp = buf
		}
		m, err := file.Read(buf[n:])
		n += m
		if n > limit {
			return nil, ScanTooBig
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, ScanUnreadable
		}
	}
	return buf[:n], ScanRead
}

func outcomeOf(err error) Outcome {
	if errors.Is(err, fs.ErrNotExist) {
		return ScanMissing
	}
	return ScanUnreadable
}

// OpenChildDir opens the sub-folder name of the open folder parent, never
// following a symlink or other reparse point and never leaving parent.
func OpenChildDir(parent *os.File, name string) (*os.File, error) {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\:`) {
		return nil, errors.New("not a plain folder name")
	}
	lst, err := os.Lstat(filepath.Join(parent.Name(), name))
	if err != nil {
		return nil, err
	}
	if linkLike(lst.Mode()) || !lst.IsDir() {
		return nil, errors.New("not a folder (a link or reparse point is never entered)")
	}
	f, err := os.OpenInRoot(parent.Name(), name)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !os.SameFile(lst, st) {
		f.Close()
		return nil, errors.New("the folder was replaced while it was opened")
	}
	return f, nil
}
