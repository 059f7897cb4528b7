//go:build unix

package gitexec

import (
	"os"
	"syscall"
)

// openNoWait opens file for reading without ever waiting on it: with
// O_NONBLOCK the open of a FIFO returns at once instead of waiting for a
// writer, so the caller's fstat of the open file can refuse it. Checking
// the name first and opening after left a window in which a hostile
// repository could put a FIFO at the name. With follow false the last
// name must not be a symlink (O_NOFOLLOW), as git reads these files.
// O_NONBLOCK changes nothing for the reads of a regular file.
func openNoWait(file string, follow bool) (*os.File, error) {
	flags := os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	if !follow {
		flags |= syscall.O_NOFOLLOW
	}
	return os.OpenFile(file, flags, 0)
}
