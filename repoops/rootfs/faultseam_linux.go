package rootfs

import "golang.org/x/sys/unix"

// linuxFaults is the part of the test seam faultSeam (faultseam_unix.go)
// for the calls only Linux's code makes: the reflink ioctl, and the /proc
// and AT_EMPTY_PATH ways of naming an O_TMPFILE file.
type linuxFaults struct {
	ficlone func(dstFd, srcFd int) error
	linkat  func(oldDirFd int, oldPath string, newDirFd int, newPath string, flags int) error
	stat    func(path string, st *unix.Stat_t) error
	// the copy of the old file's extended attributes
	flistxattr func(fd int, dest []byte) (int, error)
	fsetxattr  func(fd int, attr string, data []byte, flags int) error
	// the write permission check of a process whose ids differ (setuid)
	faccessat2 func(dirFd int, path string, mode uint32, flags int) error
}

func (s *linuxFaults) IoctlFileClone(dstFd, srcFd int) error {
	if s.ficlone != nil {
		return s.ficlone(dstFd, srcFd)
	}
	return unix.IoctlFileClone(dstFd, srcFd)
}

func (s *linuxFaults) Linkat(oldDirFd int, oldPath string, newDirFd int, newPath string, flags int) error {
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

func (s *linuxFaults) Stat(path string, st *unix.Stat_t) error {
	if s.stat != nil {
		return s.stat(path, st)
	}
	return unix.Stat(path, st)
}

func (s *linuxFaults) Flistxattr(fd int, dest []byte) (int, error) {
	if s.flistxattr != nil {
		return s.flistxattr(fd, dest)
	}
	return unix.Flistxattr(fd, dest)
}

func (s *linuxFaults) Fsetxattr(fd int, attr string, data []byte, flags int) error {
	if s.fsetxattr != nil {
		return s.fsetxattr(fd, attr, data, flags)
	}
	return unix.Fsetxattr(fd, attr, data, flags)
}

func (s *linuxFaults) Faccessat2(dirFd int, path string, mode uint32, flags int) error {
	if s.faccessat2 != nil {
		return s.faccessat2(dirFd, path, mode, flags)
	}
	return unix.Faccessat2(dirFd, path, mode, flags)
}
