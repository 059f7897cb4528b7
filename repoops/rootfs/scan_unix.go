//go:build unix

package rootfs

import (
	"errors"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// Scanner opens files of a bulk scan one path component at a time,
// relative to directory fds obtained inside the root, with O_NOFOLLOW: no
// symlink is ever followed, so nothing outside the root can be reached, and
// each file costs one openat, one fstat and its reads (Go's os.Open would
// add an fcntl and an epoll registration per file). One per worker.
type Scanner struct {
	root   *Root // nil once closed, or when the root was closing: nothing is released then
	rootFd int
	stack  []dirFd // open folders from the root down to the current one
	faults *faultSeam
}

type dirFd struct {
	name string
	fd   int
}

// Scanner returns a reader for one worker of a bulk scan; Close it when
// done. Once the root is closing, every open of the new Scanner fails.
func (r *Root) Scanner() *Scanner {
	if !r.beginScan() {
		return &Scanner{rootFd: -1, faults: &r.faults} // closing: every open fails (EBADF)
	}
	return &Scanner{root: r, rootFd: int(r.dirFile.Fd()), faults: &r.faults}
}

// Close releases the folders the Scanner holds open.
func (f *Scanner) Close() {
	for _, d := range f.stack {
		unix.Close(d.fd)
	}
	f.stack = nil
	if f.root != nil {
		f.root.scans.Done()
		f.root = nil
	}
	f.rootFd = -1
}

// enterDir makes the stack hold the folder dir (repo-relative). It
// splits dir without allocating: it runs once per file of a scan.
func (f *Scanner) enterDir(dir string) (int, Outcome) {
	// rest holds the parts not yet on the stack; more says there is one.
	keep, rest, more := 0, dir, dir != ""
	for more && keep < len(f.stack) {
		part, tail, found := strings.Cut(rest, "/")
		if f.stack[keep].name != part {
			break
		}
		keep++
		rest, more = tail, found
	}
	for i := len(f.stack) - 1; i >= keep; i-- {
		unix.Close(f.stack[i].fd)
	}
	f.stack = f.stack[:keep]
	for more {
		var p string
		p, rest, more = strings.Cut(rest, "/")
		if p == ".." || p == "." || p == "" {
			return -1, ScanMissing
		}
		parent := f.rootFd
		if len(f.stack) > 0 {
			parent = f.stack[len(f.stack)-1].fd
		}
		if testHookEnter != nil {
			testHookEnter(dir[:len(dir)-len(rest)-boolInt(more)])
		}
		fd, err := openat(parent, p, oFolder)
		if err != nil {
			return -1, outcomeOf(err)
		}
		f.stack = append(f.stack, dirFd{name: p, fd: fd})
	}
	if len(f.stack) == 0 {
		return f.rootFd, ScanRead
	}
	return f.stack[len(f.stack)-1].fd, ScanRead
}

// testHookEnter sees every folder enterDir opens (repo-relative).
var testHookEnter func(dir string)

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Read reads the whole regular file rel into *bufp (grown as needed, and
// kept for the next call) up to limit bytes, never following a symlink on
// the way; the Outcome says what it found instead when it read nothing.
func (f *Scanner) Read(rel string, bufp *[]byte, limit int) ([]byte, Outcome) {
	dir, name := "", rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir, name = rel[:i], rel[i+1:]
	}
	dfd, oc := f.enterDir(dir)
	if oc != ScanRead {
		return nil, oc
	}
	fd, err := openat(dfd, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC)
	if err != nil {
		return nil, outcomeOf(err)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, ScanUnreadable
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
	case unix.S_IFDIR:
		return nil, ScanFolder
	default:
		return nil, ScanSpecial
	}
	if st.Size > int64(limit) {
		return nil, ScanTooBig
	}
	// st_size is a hint only: read until EOF, never past limit.
	want := min(int(st.Size)+1, limit+1)
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
		m, err := f.faults.Read(fd, buf[n:])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, ScanUnreadable
		}
		if m == 0 {
			break
		}
		n += m
		if n > limit {
			return nil, ScanTooBig
		}
		if int64(n) == st.Size && n < len(buf) {
			// A short read that ends exactly at st_size is the end of a
			// regular file; skipping the confirming read saves a syscall
			// per file. A file that grew, or lies about its size (st_size
			// 0 in /proc), is still read to EOF and capped.
			break
		}
	}
	return buf[:n], ScanRead
}

func openat(dirfd int, name string, flags int) (int, error) {
	for {
		fd, err := unix.Openat(dirfd, name, flags, 0)
		if err == unix.EINTR {
			continue
		}
		return fd, err
	}
}

func outcomeOf(err error) Outcome {
	switch {
	case errors.Is(err, unix.ELOOP):
		return ScanSymlink
	case errors.Is(err, unix.ENOENT), errors.Is(err, unix.ENOTDIR):
		return ScanMissing
	case errors.Is(err, unix.ENXIO), errors.Is(err, unix.ENODEV):
		return ScanSpecial
	}
	return ScanUnreadable
}

// OpenChildDir opens the sub-folder name of the open folder parent, never
// following a symlink and never leaving parent.
func OpenChildDir(parent *os.File, name string) (*os.File, error) {
	if name == "" || name == "." || name == ".." || strings.ContainsRune(name, '/') {
		return nil, unix.EINVAL
	}
	fd, err := openat(int(parent.Fd()), name, oFolder)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), name), nil
}

// beginScan registers a reader of the root's fd; false once the root is
// closing (the reader then opens nothing).
func (r *Root) beginScan() bool {
	r.scanMu.Lock()
	defer r.scanMu.Unlock()
	if r.scanClosed {
		return false
	}
	r.scans.Add(1)
	return true
}
