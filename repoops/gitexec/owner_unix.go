//go:build unix

package gitexec

import (
	"os"
	"syscall"
)

// ownedByMe reports whether st belongs to this process's effective user.
func ownedByMe(st os.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(sys.Uid) == os.Geteuid()
}
