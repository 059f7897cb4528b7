//go:build unix

package rootfs

import (
	"crypto/rand"
	"encoding/hex"
	"os"

	"github.com/repoxhq/repox/repoops/words"
	"golang.org/x/sys/unix"
)

// Create writes content as the new file at the target's name; it fails
// when the name exists meanwhile, and then nothing is replaced.
func (t *Target) Create(content []byte) error { return t.writeAtomic(content, nil, nil) }

// Replace replaces the file old was loaded from (f, open and locked) with
// content, keeping old's owner, group, mode and extended attributes, or
// changes nothing.
func (t *Target) Replace(content []byte, old *State, f *File) error {
	return t.writeAtomic(content, old, f)
}

// writeAtomic replaces (or, with create, creates) the target with content.
// The new file is made in the same folder with no name at all where the
// file system has O_TMPFILE (Linux), else under a random temp name opened
// with O_EXCL (never through a link planted at its name). Its owner and
// group are set to the old file's first (a chown clears setuid and setgid),
// then its mode, then the old file's extended attributes are copied; if the
// result would not have the old owner, group or mode, nothing is replaced.
// Then fsync; a create links the file at its name (which fails if the name
// exists, so nothing is replaced); a replace links an unnamed file at a temp
// name only now, when it is complete, and renames it over the name; then the
// folder is fsynced. On any error the temp file is removed and the old file
// is left as it was. old and f are the old file's state and open file, nil
// for a create.
func (t *Target) writeAtomic(content []byte, old *State, f *File) error {
	create := old == nil
	// A replacement is private (0600) until it has the old file's owner
	// and mode; a new file takes its mode at creation.
	mode := uint32(0o600)
	if old == nil {
		mode = NewFileMode
	}
	fd, tmp, err := t.createTemp(mode)
	if err != nil {
		return err
	}
	closed := false
	fail := func(err error) error {
		if !closed {
			unix.Close(fd)
		}
		if tmp != "" {
			unix.Unlinkat(t.dirFd, tmp, 0)
		}
		if err, ok := err.(*words.Refusal); ok {
			return err
		}
		return words.Refusef("%s could not be written (%v); the file is unchanged", t.shown, err)
	}
	if err := writeAllFd(t.faults, fd, content); err != nil {
		return fail(err)
	}
	if !create {
		if err := t.keepOld(fd, old, f.fd); err != nil {
			return fail(err)
		}
	}
	if err := t.faults.Fsync(fd); err != nil {
		return fail(err)
	}
	if t.hooks.BeforeLink != nil {
		t.hooks.BeforeLink()
	}
	if tmp == "" {
		// an unnamed file: a create links it at its name, a replace at a
		// temp name now that it is complete
		if create {
			err := linkUnnamed(t.faults, fd, t.dirFd, t.name)
			if err == unix.EEXIST {
				return fail(words.Refusef("%s was created by someone else meanwhile — read it with repo_read_file, then edit it", t.shown))
			}
			if err != nil {
				return fail(err)
			}
			unix.Close(fd)
			return t.syncDir()
		}
		if tmp, err = t.nameUnnamed(fd); err != nil {
			return fail(err)
		}
	}
	closed = true
	if err := t.faults.Close(fd); err != nil {
		return fail(err)
	}
	if create {
		return t.linkCreated(tmp, fail)
	}
	if err := unix.Renameat(t.dirFd, tmp, t.dirFd, t.name); err != nil {
		return fail(err)
	}
	return t.syncDir()
}

// linkCreated is a create's last step, for a new file complete under the
// temp name tmp: it is linked at its name, which fails if the name exists,
// so nothing is replaced; without hard links the name is checked, then
// renamed over. Then the folder is fsynced. fail is writeAtomic's: it
// removes the temp file and words the error.
func (t *Target) linkCreated(tmp string, fail func(error) error) error {
	err := t.linkNew(tmp)
	switch err {
	case nil:
		unix.Unlinkat(t.dirFd, tmp, 0)
	case unix.EEXIST:
		unix.Unlinkat(t.dirFd, tmp, 0)
		return words.Refusef("%s was created by someone else meanwhile — read it with repo_read_file, then edit it", t.shown)
	case unix.EPERM, unix.EOPNOTSUPP, unix.EXDEV, unix.EMLINK:
		// no hard links on this file system: check, then rename
		var st unix.Stat_t
		if unix.Fstatat(t.dirFd, t.name, &st, unix.AT_SYMLINK_NOFOLLOW) != unix.ENOENT {
			unix.Unlinkat(t.dirFd, tmp, 0)
			return words.Refusef("%s was created by someone else meanwhile — read it with repo_read_file, then edit it", t.shown)
		}
		if err := unix.Renameat(t.dirFd, tmp, t.dirFd, t.name); err != nil {
			return fail(err)
		}
	default:
		return fail(err)
	}
	return t.syncDir()
}

// keepOld gives the new file at fd the old file's owner and group (a
// chown clears setuid and setgid, so first), then its mode, then its
// extended attributes (read from oldFd), and refuses when the new file
// did not get the owner, group or mode: a rename would hand the file to
// this process's user, or widen or narrow who may use it.
func (t *Target) keepOld(fd int, old *State, oldFd int) error {
	// EPERM: this user cannot give the file another owner; the check
	// below says so in words.
	if err := unix.Fchown(fd, int(old.Uid), int(old.Gid)); err != nil && err != unix.EPERM {
		return err
	}
	if err := unix.Fchmod(fd, old.Perm); err != nil {
		return err
	}
	if name, err := copyXattrs(t.faults, oldFd, fd); err != nil {
		return words.Refusef("%s has the extended attribute %s (an ACL, a file capability or user data), which the rewritten file could not keep (%v), so repox does not change it — the file is unchanged; change it with another tool", t.shown, words.DisplayPath(name), err)
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return err
	}
	if st.Uid != old.Uid || st.Gid != old.Gid {
		return words.Refusef("%s belongs to user %d and group %d; repox changes a file by writing a new one and renaming it over the old, and this process (user %d, group %d) cannot give the new one that owner and group, so the change would hand the file to another owner — the file is unchanged; change it as its owner or with another tool", t.shown, old.Uid, old.Gid, os.Geteuid(), os.Getegid())
	}
	if uint32(st.Mode&0o7777) != old.Perm {
		return words.Refusef("%s has mode %#o, which the rewritten file could not keep (it would get %#o), so repox does not change it — the file is unchanged", t.shown, old.Perm, st.Mode&0o7777)
	}
	return nil
}

// linkNew gives the complete temp file the target's name by a hard link,
// which fails when the name exists meanwhile.
func (t *Target) linkNew(tmp string) error {
	if t.hooks.NoHardLinks {
		return unix.EPERM // what Linux's vfat answers
	}
	return unix.Linkat(t.dirFd, tmp, t.dirFd, t.name, 0)
}

func (t *Target) syncDir() error {
	if err := t.faults.Fsync(t.dirFd); err != nil {
		return words.Refusef("%s was written, but its folder could not be flushed to disk: %v", t.shown, err)
	}
	return nil
}

// tempName is a fresh name for a temp file: IsWriteTemp knows its form.
func tempName() string {
	var rnd [TempHexDigits / 2]byte
	rand.Read(rnd[:])
	return TempPrefix + hex.EncodeToString(rnd[:]) + TempSuffix
}

// nameUnnamed links a complete O_TMPFILE file at a fresh temp name.
func (t *Target) nameUnnamed(fd int) (string, error) {
	var err error
	for range 16 {
		name := tempName()
		if err = linkUnnamed(t.faults, fd, t.dirFd, name); err != unix.EEXIST {
			if err != nil {
				return "", err
			}
			return name, nil
		}
	}
	return "", err
}

// createTemp makes a new file in the target's folder: unnamed (O_TMPFILE,
// name "") where the file system allows, else with a random temp name; a
// name that exists (even a planted symlink) is never opened.
func (t *Target) createTemp(mode uint32) (int, string, error) {
	if fd, err := openUnnamedTemp(t.faults, t.dirFd, mode, t.hooks.NamedTemps); err == nil {
		return fd, "", nil
	}
	var lastErr error
	next := tempName
	if t.hooks.TempName != nil {
		next = t.hooks.TempName
	}
	for range 16 {
		name := next()
		fd, err := unix.Openat(t.dirFd, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, mode)
		if err == nil {
			return fd, name, nil
		}
		lastErr = err
		if err != unix.EEXIST {
			break
		}
	}
	return -1, "", words.Refusef("%s could not be written: no temp file could be made in its folder (%v); the file is unchanged", t.shown, lastErr)
}

// writeAllFd writes all of b, going on after a short write and retrying
// an interrupted one.
func writeAllFd(sys *faultSeam, fd int, b []byte) error {
	for len(b) > 0 {
		n, err := sys.Write(fd, b)
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
