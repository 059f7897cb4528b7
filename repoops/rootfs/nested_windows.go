package rootfs

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// HasGitEntry reports whether the folder name inside the open folder dir
// holds a .git entry; a folder that is a symlink or other reparse point is
// never entered.
func HasGitEntry(dir *os.File, name string) bool {
	buf := make([]uint16, windows.MAX_LONG_PATH)
	n, err := windows.GetFinalPathNameByHandle(windows.Handle(dir.Fd()), &buf[0], uint32(len(buf)), 0)
	if err != nil || n == 0 || int(n) > len(buf) {
		return false
	}
	sub := filepath.Join(windows.UTF16ToString(buf[:n]), name)
	st, err := os.Lstat(sub)
	if err != nil || linkLike(st.Mode()) || !st.IsDir() {
		return false
	}
	_, err = os.Lstat(filepath.Join(sub, ".git"))
	return err == nil
}
