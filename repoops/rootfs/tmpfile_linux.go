package rootfs

import (
	"os"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"
)

// openUnnamedTemp opens a new file in the folder that has no name
// (O_TMPFILE): killed before it is linked, it leaves nothing behind. File
// systems without O_TMPFILE return an error, and the caller falls back to a
// named temp file.
func openUnnamedTemp(sys *faultSeam, dirFd int, mode uint32, named bool) (int, error) {
	if named || !sys.canLinkUnnamed() {
		return -1, unix.EOPNOTSUPP
	}
	return unix.Openat(dirFd, ".", unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, mode)
}

// canLinkUnnamed: an O_TMPFILE file can be given a name through
// /proc/self/fd, or without /proc by AT_EMPTY_PATH, which needs root
// (CAP_DAC_READ_SEARCH); otherwise the named temp file is used.
// It is asked once a process (unnamedLinkable with the real calls).
var canLinkUnnamed = sync.OnceValue(func() bool { return unnamedLinkable(&faultSeam{}) })

func unnamedLinkable(sys *faultSeam) bool {
	var st unix.Stat_t
	return sys.Stat("/proc/self/fd", &st) == nil || os.Geteuid() == 0
}

// linkUnnamed gives an O_TMPFILE file a name in the folder; it fails with
// EEXIST when the name exists (nothing is replaced). Through /proc/self/fd
// it needs no privilege; AT_EMPTY_PATH (which needs CAP_DAC_READ_SEARCH)
// is the fallback where /proc is not mounted.
func linkUnnamed(sys *faultSeam, fd, dirFd int, name string) error {
	err := sys.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(fd), dirFd, name, unix.AT_SYMLINK_FOLLOW)
	if err == unix.ENOENT {
		var st unix.Stat_t
		if sys.Stat("/proc/self/fd", &st) != nil { // no /proc
			err = sys.Linkat(fd, "", dirFd, name, unix.AT_EMPTY_PATH)
		}
	}
	return err
}

// mayWrite asks the kernel whether this process may write the open file
// itself (mode, ACLs, capabilities, read-only mounts, immutable flag),
// with the effective ids, on the inode the fd holds: no name is looked up
// again. Where /proc is missing it asks by name in the folder.
func mayWrite(sys *faultSeam, fd, dirFd int, name string) error {
	p := "/proc/self/fd/" + strconv.Itoa(fd)
	var err error
	if os.Geteuid() == os.Getuid() && os.Getegid() == os.Getgid() {
		// real ids are the effective ones: plain access(2), which every
		// kernel and seccomp profile has (faccessat2 may be missing or
		// answer EPERM under an old container profile)
		err = unix.Access(p, unix.W_OK)
	} else if err = sys.Faccessat2(unix.AT_FDCWD, p, unix.W_OK, unix.AT_EACCESS); err == unix.ENOSYS || err == unix.EPERM {
		err = unix.Faccessat(dirFd, name, unix.W_OK, unix.AT_EACCESS|unix.AT_SYMLINK_NOFOLLOW)
	}
	if err == unix.ENOENT { // no /proc
		err = unix.Faccessat(dirFd, name, unix.W_OK, unix.AT_EACCESS|unix.AT_SYMLINK_NOFOLLOW)
	}
	return err
}

// copyXattrs gives the new file the old one's extended attributes (user
// attributes, POSIX ACLs, file capabilities), so a rewrite does not drop
// them. The SELinux label is left to the folder's policy. It returns the
// name of an attribute that could not be kept.
func copyXattrs(sys *faultSeam, src, dst int) (string, error) {
	size, err := sys.Flistxattr(src, nil)
	if err == unix.ENOTSUP || size == 0 {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	list := make([]byte, size)
	if size, err = sys.Flistxattr(src, list); err != nil {
		return "", err
	}
	for _, name := range splitNul(list[:size]) {
		if name == "security.selinux" {
			continue
		}
		n, err := unix.Fgetxattr(src, name, nil)
		if err != nil {
			return name, err
		}
		val := make([]byte, n)
		if n, err = unix.Fgetxattr(src, name, val); err != nil {
			return name, err
		}
		if err := sys.Fsetxattr(dst, name, val[:n], 0); err != nil {
			return name, err
		}
	}
	return "", nil
}

func splitNul(b []byte) []string {
	var out []string
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] != 0 {
			i++
		}
		if i > 0 {
			out = append(out, string(b[:i]))
		}
		if i == len(b) {
			break
		}
		b = b[i+1:]
	}
	return out
}
