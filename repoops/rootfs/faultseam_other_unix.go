//go:build unix && !linux

package rootfs

// faultSeam is the test seam of faultseam_linux.go without Linux's own
// calls: the fields every Unix uses, listed there too (keep the two in
// step).
type faultSeam struct {
	write  func(fd int, b []byte) (int, error)
	close  func(fd int) error
	fsync  func(fd int) error
	openat func(dirFd int, name string, flags int, mode uint32) (int, error)
	pread  func(fd int, b []byte, off int64) (int, error)
	read   func(fd int, b []byte) (int, error)
}
