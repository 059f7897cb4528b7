//go:build unix && !linux

package rootfs

import "golang.org/x/sys/unix"

// openUnnamedTemp: only Linux has O_TMPFILE; elsewhere writes use a named
// temp file, which listings never show.
func openUnnamedTemp(_ *faultSeam, dirFd int, mode uint32, named bool) (int, error) {
	return -1, unix.EOPNOTSUPP
}

func linkUnnamed(_ *faultSeam, fd, dirFd int, name string) error { return unix.EOPNOTSUPP }

// mayWrite asks whether this process may write the file, by name in its folder.
func mayWrite(_ *faultSeam, fd, dirFd int, name string) error {
	return unix.Faccessat(dirFd, name, unix.W_OK, unix.AT_EACCESS|unix.AT_SYMLINK_NOFOLLOW)
}

// copyXattrs keeps no extended attributes outside Linux (the README says so).
func copyXattrs(_ *faultSeam, src, dst int) (string, error) { return "", nil }
