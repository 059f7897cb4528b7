//go:build !unix

package transcript

import "os"

// openNonBlocking: without FIFOs in the file system there is nothing to
// block on; a link is checked by name before the open (the open file's
// type is checked after it all the same).
func openNonBlocking(path string, follow bool) (*os.File, error) {
	if !follow {
		if info, err := os.Lstat(path); err == nil && info.Mode()&os.ModeSymlink != 0 {
			return nil, &fileTypeError{path: path, kind: ErrLink.Error()}
		}
	}
	return os.Open(path)
}
