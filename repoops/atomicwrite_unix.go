//go:build unix

package repoops

import (
	"crypto/rand"
	"encoding/hex"
	"os"

	"golang.org/x/sys/unix"
)

// tempPrefix starts the name of every temp file a write makes. A temp file
// is only left behind when the process dies between its creation and the
// rename; listings may hide names with this prefix and suffix.
const (
	tempPrefix = ".repox-"
	tempSuffix = ".tmp"
)

// newFileMode is the mode of a file repo_write creates.
const newFileMode = 0o644

// writeAtomic replaces (or, with create, creates) the target with content:
// a temp file in the same folder opened with O_EXCL (never through a link
// planted at its name), the mode set on the fd, fsync, rename over the name
// (create: link, which fails if the name exists, so nothing is replaced),
// then fsync of the folder. On any error the temp file is removed and the
// old file is left as it was.
func (t *editTarget) writeAtomic(content []byte, perm uint32, uid, gid int, create bool) error {
	fd, tmp, err := t.createTemp()
	if err != nil {
		return err
	}
	fail := func(err error) error {
		unix.Unlinkat(t.dirFd, tmp, 0)
		return refusef("%s could not be written (%v); the file is unchanged", t.shown, err)
	}
	if err := writeAllFd(fd, content); err != nil {
		unix.Close(fd)
		return fail(err)
	}
	if err := unix.Fchmod(fd, perm); err != nil {
		unix.Close(fd)
		return fail(err)
	}
	if uid >= 0 && (uid != os.Geteuid() || gid != os.Getegid()) {
		unix.Fchown(fd, uid, gid) // best effort: only root may give a file away
	}
	if err := unix.Fsync(fd); err != nil {
		unix.Close(fd)
		return fail(err)
	}
	if err := unix.Close(fd); err != nil {
		return fail(err)
	}
	if create {
		err := unix.Linkat(t.dirFd, tmp, t.dirFd, t.name, 0)
		switch err {
		case nil:
			unix.Unlinkat(t.dirFd, tmp, 0)
		case unix.EEXIST:
			unix.Unlinkat(t.dirFd, tmp, 0)
			return refusef("%s was created by someone else meanwhile — read it with repo_read_file, then edit it", t.shown)
		case unix.EPERM, unix.EOPNOTSUPP, unix.EXDEV, unix.EMLINK:
			// no hard links on this file system: check, then rename
			var st unix.Stat_t
			if unix.Fstatat(t.dirFd, t.name, &st, unix.AT_SYMLINK_NOFOLLOW) != unix.ENOENT {
				unix.Unlinkat(t.dirFd, tmp, 0)
				return refusef("%s was created by someone else meanwhile — read it with repo_read_file, then edit it", t.shown)
			}
			if err := unix.Renameat(t.dirFd, tmp, t.dirFd, t.name); err != nil {
				return fail(err)
			}
		default:
			return fail(err)
		}
	} else if err := unix.Renameat(t.dirFd, tmp, t.dirFd, t.name); err != nil {
		return fail(err)
	}
	if err := unix.Fsync(t.dirFd); err != nil {
		return refusef("%s was written, but its folder could not be flushed to disk: %v", t.shown, err)
	}
	return nil
}

// createTemp makes a new temp file in the target's folder with a random
// name; a name that exists (even a planted symlink) is never opened.
func (t *editTarget) createTemp() (int, string, error) {
	var lastErr error
	for range 16 {
		var rnd [8]byte
		rand.Read(rnd[:])
		name := tempPrefix + hex.EncodeToString(rnd[:]) + tempSuffix
		fd, err := unix.Openat(t.dirFd, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
		if err == nil {
			return fd, name, nil
		}
		lastErr = err
		if err != unix.EEXIST {
			break
		}
	}
	return -1, "", refusef("%s could not be written: no temp file could be made in its folder (%v); the file is unchanged", t.shown, lastErr)
}

func writeAllFd(fd int, b []byte) error {
	for len(b) > 0 {
		n, err := unix.Write(fd, b)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}
