package rootfs

import (
	"os"
	"syscall"
)

// FileIDs is the identity a fingerprint keeps beside size and mtime: inode,
// device and ctime (ns). darwin's syscall.Stat_t names ctime Ctimespec; dev is
// widened the way fingerprintOfStat widens it, so the two agree.
func FileIDs(st os.FileInfo) (ino, dev uint64, ctimeNs int64) {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(sys.Ino), uint64(sys.Dev), sys.Ctimespec.Sec*1e9 + sys.Ctimespec.Nsec
	}
	return 0, 0, 0
}
