package rootfs

import "io/fs"

// DirName is one name of a folder listing and the type of what it names
// (fs.ModeDir, fs.ModeSymlink, 0 for a regular file, another type bit for
// a special file).
type DirName struct {
	Name string
	Type fs.FileMode
}
