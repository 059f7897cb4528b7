//go:build unix

package rootfs

import (
	"os"

	"golang.org/x/sys/unix"
)

// HasGitEntry reports whether the folder name inside the open folder dir
// holds a .git entry, without following a link at either step.
func HasGitEntry(dir *os.File, name string) bool {
	fd, err := openat(int(dir.Fd()), name, oFolder)
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	return unix.Fstatat(fd, ".git", &st, unix.AT_SYMLINK_NOFOLLOW) == nil
}
