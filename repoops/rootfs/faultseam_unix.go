//go:build unix

package rootfs

import "golang.org/x/sys/unix"

// faultSeam is a TEST SEAM, set only by rootfs's own tests: the system
// calls of the write path and the copy whose failures this kernel and file
// system will not produce on demand (a short or interrupted write(2), a
// close or fsync that fails, a file system without reflink, a machine
// without /proc). Each field left nil, as every field is outside those
// tests, is the real call of golang.org/x/sys/unix. A Root holds one; its
// Targets and Copiers point at it.
type faultSeam struct {
	write func(fd int, b []byte) (int, error)
	close func(fd int) error
	fsync func(fd int) error
	// the open and read of the file a write replaces
	openat func(dirFd int, name string, flags int, mode uint32) (int, error)
	pread  func(fd int, b []byte, off int64) (int, error)
	read   func(fd int, b []byte) (int, error) // a bulk scan's reads
	linuxFaults
}

func (s *faultSeam) Write(fd int, b []byte) (int, error) {
	if s.write != nil {
		return s.write(fd, b)
	}
	return unix.Write(fd, b)
}

func (s *faultSeam) Close(fd int) error {
	if s.close != nil {
		return s.close(fd)
	}
	return unix.Close(fd)
}

func (s *faultSeam) Fsync(fd int) error {
	if s.fsync != nil {
		return s.fsync(fd)
	}
	return unix.Fsync(fd)
}

func (s *faultSeam) Openat(dirFd int, name string, flags int, mode uint32) (int, error) {
	if s.openat != nil {
		return s.openat(dirFd, name, flags, mode)
	}
	return unix.Openat(dirFd, name, flags, mode)
}

func (s *faultSeam) Pread(fd int, b []byte, off int64) (int, error) {
	if s.pread != nil {
		return s.pread(fd, b, off)
	}
	return unix.Pread(fd, b, off)
}

func (s *faultSeam) Read(fd int, b []byte) (int, error) {
	if s.read != nil {
		return s.read(fd, b)
	}
	return unix.Read(fd, b)
}
