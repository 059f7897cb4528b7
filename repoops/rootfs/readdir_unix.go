//go:build unix

package rootfs

import (
	"os"

	"golang.org/x/sys/unix"
)

// ReadDirTypes lists the open folder f with the types the directory entries
// carry. Go's File.ReadDir on a file opened through an os.Root lstats every
// entry (it cannot load the FileInfo lazily there), which is one fstatat a
// name — most of the time of a listing. Reading a duplicate of the same fd
// as a plain File keeps the types getdents reports and stats only entries
// whose type the file system leaves unknown, relative to the same fd, so
// nothing outside the folder is reached either way. Only names and types are
// used by callers, never Info.
func ReadDirTypes(f *os.File) ([]os.DirEntry, error) { return readDirTypes(f, dupCloexec) }

// readDirTypes is ReadDirTypes with the dup call as a parameter: a test
// seam, for the fallback where dup fails (the process is out of fds).
func readDirTypes(f *os.File, dup func(fd uintptr) (int, error)) ([]os.DirEntry, error) {
	fd, err := dup(f.Fd())
	if err != nil {
		return f.ReadDir(-1)
	}
	plain := os.NewFile(uintptr(fd), f.Name())
	defer plain.Close()
	return plain.ReadDir(-1)
}

func dupCloexec(fd uintptr) (int, error) { return unix.FcntlInt(fd, unix.F_DUPFD_CLOEXEC, 0) }
