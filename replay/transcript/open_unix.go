//go:build unix

package transcript

import (
	"errors"
	"os"
	"syscall"
)

// openNonBlocking: O_NONBLOCK makes open(2) of a FIFO return at once
// instead of waiting for a writer (on a regular file it changes nothing);
// O_NOFOLLOW refuses a link at the last component.
func openNonBlocking(path string, follow bool) (*os.File, error) {
	flags := os.O_RDONLY | syscall.O_NONBLOCK
	if !follow {
		flags |= syscall.O_NOFOLLOW
	}
	f, err := os.OpenFile(path, flags, 0)
	if err != nil && !follow && errors.Is(err, syscall.ELOOP) {
		return nil, &fileTypeError{path: path, kind: ErrLink.Error()}
	}
	return f, err
}
