package model

import (
	"os"
	"syscall"
)

// ctimeInode gives the poll fallback the change time and inode that catch a
// rewrite keeping size and mtime.
func ctimeInode(st os.FileInfo) (ctimeNs int64, inode uint64) {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return sys.Ctimespec.Sec*1e9 + sys.Ctimespec.Nsec, uint64(sys.Ino)
	}
	return 0, 0
}
