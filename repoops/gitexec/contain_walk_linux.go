//go:build linux

package gitexec

import (
	"bytes"
	"encoding/binary"
	"io/fs"

	"golang.org/x/sys/unix"
)

// walkLinks visits every entry under dir (dir counted too) within *budget
// and calls link with the path of each symlink; it never follows one. Each
// folder is read whole with getdents into one reused buffer and closed
// before its sub-folders are entered (so at most one folder is open at a
// time, however deep the tree), and an entry costs no allocation: only
// sub-folder names are kept. The type comes from the entry; an entry of
// unknown type (a file system that does not say) is lstat'ed. An error
// reading dir itself is returned; a sub-folder that cannot be read is
// skipped, as git cannot read it either.
func walkLinks(dir string, budget *int, tooMany error, link func(p string) error) error {
	w := &linkWalk{buf: make([]byte, 32<<10), budget: budget, tooMany: tooMany, link: link}
	if *budget--; *budget < 0 {
		return tooMany
	}
	return w.folder(dir, true)
}

type linkWalk struct {
	buf     []byte
	budget  *int
	tooMany error
	link    func(p string) error
}

func (w *linkWalk) folder(path string, top bool) error {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		if top {
			return &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return nil
	}
	subs, readErr, err := w.entries(fd, path)
	unix.Close(fd)
	switch {
	case err != nil:
		return err
	case readErr != nil && top:
		return &fs.PathError{Op: "readdirent", Path: path, Err: readErr}
	case readErr != nil:
		return nil
	}
	for _, name := range subs {
		if err := w.folder(path+"/"+name, false); err != nil {
			return err
		}
	}
	return nil
}

// entries reads the open folder fd at path, checking each entry, and
// returns the names of its sub-folders; readErr when the folder could not
// be read, err when an entry failed the check.
func (w *linkWalk) entries(fd int, path string) (subs []string, readErr, err error) {
	for {
		n, rerr := unix.Getdents(fd, w.buf)
		if rerr == unix.EINTR {
			continue
		}
		if rerr != nil {
			return nil, rerr, nil
		}
		if n <= 0 {
			return subs, nil, nil
		}
		// struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name.
		for off := 0; off+19 <= n; {
			reclen := int(binary.NativeEndian.Uint16(w.buf[off+16:]))
			if reclen < 19 || off+reclen > n {
				return nil, unix.EIO, nil
			}
			name := w.buf[off+19 : off+reclen]
			if z := bytes.IndexByte(name, 0); z >= 0 {
				name = name[:z]
			}
			typ := w.buf[off+18]
			off += reclen
			if string(name) == "." || string(name) == ".." {
				continue
			}
			sub, err := w.entry(fd, path, name, typ)
			if err != nil {
				return nil, nil, err
			}
			if sub {
				subs = append(subs, string(name))
			}
		}
	}
}

// entry checks one entry of the folder fd at path: it reports a
// sub-folder, hands a symlink to link, and lstats an entry of unknown type.
func (w *linkWalk) entry(fd int, path string, name []byte, typ uint8) (bool, error) {
	if *w.budget--; *w.budget < 0 {
		return false, w.tooMany
	}
	if typ == unix.DT_UNKNOWN {
		var st unix.Stat_t
		if err := unix.Fstatat(fd, string(name), &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
			return false, nil // gone meanwhile
		}
		switch st.Mode & unix.S_IFMT {
		case unix.S_IFDIR:
			typ = unix.DT_DIR
		case unix.S_IFLNK:
			typ = unix.DT_LNK
		}
	}
	switch typ {
	case unix.DT_DIR:
		return true, nil
	case unix.DT_LNK:
		return false, w.link(path + "/" + string(name))
	}
	return false, nil
}
