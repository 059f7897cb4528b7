//go:build unix

package rootfs

import "golang.org/x/sys/unix"

// The methods of the test seam faultSeam (faultseam_linux.go,
// faultseam_other_unix.go) that every Unix uses: a nil field is the real
// call.

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
