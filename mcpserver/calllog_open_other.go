//go:build !unix

package mcpserver

import (
	"fmt"
	"io/fs"
	"os"
)

// openLogFile opens abs for appending. Without O_NOFOLLOW, a link at the
// last name is refused before the open, and the open file must be the one
// that was looked at (a link swapped in between is refused too).
func openLogFile(abs string) (*os.File, error) {
	before, statErr := os.Lstat(abs)
	if statErr == nil && (before.Mode()&fs.ModeSymlink != 0 || before.Mode()&fs.ModeIrregular != 0) {
		return nil, linkRefusal(abs)
	}
	f, err := os.OpenFile(abs, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("--log: cannot open the call log: %v", err)
	}
	after, err := os.Lstat(abs)
	opened, ferr := f.Stat()
	if err != nil || ferr != nil || after.Mode()&fs.ModeSymlink != 0 || !os.SameFile(after, opened) {
		f.Close()
		return nil, linkRefusal(abs)
	}
	return f, nil
}

// checkLogOwner has nothing to check where files have no Unix owner or
// link count to read.
func checkLogOwner(fs.FileInfo, string) error { return nil }
