package rootfs

import "golang.org/x/sys/unix"

// faultSeam is a TEST SEAM, set only by rootfs's own tests: the system
// calls whose failures this kernel and file system will not produce on
// demand (a short or interrupted write(2) or read(2), a close or fsync
// that fails, a file replaced between its open and its check, a file
// system without reflink or extended attributes, a machine without /proc,
// a kernel without faccessat2). Each field left nil, as every field is
// outside those tests, is the real call of golang.org/x/sys/unix. A Root
// holds one; its Targets, Scanners and Copiers point at it. The fields
// before ficlone are every Unix's (faultseam_other_unix.go lists them
// again: keep the two in step).
type faultSeam struct {
	write func(fd int, b []byte) (int, error)
	close func(fd int) error
	fsync func(fd int) error
	// the open and read of the file a write replaces
	openat func(dirFd int, name string, flags int, mode uint32) (int, error)
	pread  func(fd int, b []byte, off int64) (int, error)
	read   func(fd int, b []byte) (int, error) // a bulk scan's reads

	// Linux's only
	ficlone func(dstFd, srcFd int) error
	linkat  func(oldDirFd int, oldPath string, newDirFd int, newPath string, flags int) error
	stat    func(path string, st *unix.Stat_t) error
	// the copy of the old file's extended attributes
	flistxattr func(fd int, dest []byte) (int, error)
	fsetxattr  func(fd int, attr string, data []byte, flags int) error
	// the write permission check of a process whose ids differ (setuid)
	faccessat2 func(dirFd int, path string, mode uint32, flags int) error
}

func (s *faultSeam) IoctlFileClone(dstFd, srcFd int) error {
	if s.ficlone != nil {
		return s.ficlone(dstFd, srcFd)
	}
	return unix.IoctlFileClone(dstFd, srcFd)
}

func (s *faultSeam) Linkat(oldDirFd int, oldPath string, newDirFd int, newPath string, flags int) error {
	if s.linkat != nil {
		return s.linkat(oldDirFd, oldPath, newDirFd, newPath, flags)
	}
	return unix.Linkat(oldDirFd, oldPath, newDirFd, newPath, flags)
}

// canLinkUnnamed is the process's cached answer, or, when a test fakes
// stat (no /proc), the answer asked again through the fake.
func (s *faultSeam) canLinkUnnamed() bool {
	if s.stat != nil {
		return unnamedLinkable(s)
	}
	return canLinkUnnamed()
}

func (s *faultSeam) Stat(path string, st *unix.Stat_t) error {
	if s.stat != nil {
		return s.stat(path, st)
	}
	return unix.Stat(path, st)
}

func (s *faultSeam) Flistxattr(fd int, dest []byte) (int, error) {
	if s.flistxattr != nil {
		return s.flistxattr(fd, dest)
	}
	return unix.Flistxattr(fd, dest)
}

func (s *faultSeam) Fsetxattr(fd int, attr string, data []byte, flags int) error {
	if s.fsetxattr != nil {
		return s.fsetxattr(fd, attr, data, flags)
	}
	return unix.Fsetxattr(fd, attr, data, flags)
}

func (s *faultSeam) Faccessat2(dirFd int, path string, mode uint32, flags int) error {
	if s.faccessat2 != nil {
		return s.faccessat2(dirFd, path, mode, flags)
	}
	return unix.Faccessat2(dirFd, path, mode, flags)
}
