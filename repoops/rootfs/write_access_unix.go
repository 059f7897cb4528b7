//go:build unix

package rootfs

import (
	"os"
	"slices"

	"github.com/repoxhq/repox/repoops/words"
	"golang.org/x/sys/unix"
)

// changeRefusal says why this process must not change the open file, or
// nil: the kernel must let it write the file itself (not only its folder,
// which is all a rename needs), and the rewritten file must be able to
// keep the old one's owner and group. Root passes both, as it may write and
// chown any file.
func (t *Target) changeRefusal(fd int, st *unix.Stat_t) error {
	switch err := mayWrite(t.faults, fd, t.dirFd, t.name); err {
	case nil, unix.ETXTBSY: // a running program is replaced by rename, not written in place
	case unix.EACCES:
		return words.Refusef("%s is not writable by this process (mode %#o, owner user %d, group %d; this process is user %d): repox changes only files you may write — the file is unchanged; make it writable first if it should be edited", t.shown, st.Mode&0o7777, st.Uid, st.Gid, os.Geteuid())
	case unix.EROFS:
		return words.Refusef("%s is on a read-only file system — the file is unchanged", t.shown)
	case unix.EPERM:
		return words.Refusef("%s may not be written (the kernel refuses: it is immutable or append-only) — the file is unchanged", t.shown)
	default:
		return words.Refusef("%s: whether it may be written could not be checked (%v) — the file is unchanged", t.shown, err)
	}
	if os.Geteuid() == 0 {
		return nil
	}
	if int(st.Uid) != os.Geteuid() || !inGroup(int(st.Gid)) {
		return words.Refusef("%s belongs to user %d and group %d; repox changes a file by writing a new one and renaming it over the old, and this process (user %d, group %d) cannot give the new one that owner and group, so the change would hand the file to another owner — the file is unchanged; change it as its owner or with another tool", t.shown, st.Uid, st.Gid, os.Geteuid(), os.Getegid())
	}
	return nil
}

func inGroup(gid int) bool {
	if gid == os.Getegid() {
		return true
	}
	groups, err := os.Getgroups()
	return err == nil && slices.Contains(groups, gid)
}
