//go:build unix

package repoops

import "golang.org/x/sys/unix"

// hasGitEntry reports whether the folder name inside the open folder dirfd
// holds a .git entry, without following a link at either step.
func hasGitEntry(dirfd int, name string) bool {
	fd, err := openat(dirfd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC)
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	return unix.Fstatat(fd, ".git", &st, unix.AT_SYMLINK_NOFOLLOW) == nil
}
