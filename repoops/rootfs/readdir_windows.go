package rootfs

import "os"

// ReadDirTypes lists the open folder f. Windows has no dup-and-read trick
// (see readdir_unix.go): the plain ReadDir, which stats each entry, is the
// same answer at its own cost.
func ReadDirTypes(f *os.File) ([]os.DirEntry, error) { return f.ReadDir(-1) }
