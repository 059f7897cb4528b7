package rootfs

import (
	"os"
	"syscall"
)

// FileIDs is the identity a fingerprint keeps beside size and mtime: inode,
// device and ctime (ns). Zero where the stat carries none.
func FileIDs(st os.FileInfo) (ino, dev uint64, ctimeNs int64) {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(sys.Ino), uint64(sys.Dev), sys.Ctim.Sec*1e9 + sys.Ctim.Nsec
	}
	return 0, 0, 0
}
