//go:build !unix

package gitexec

import (
	"errors"
	"os"
)

// openNoWait opens file for reading; Windows has no FIFOs that an open
// waits on. With follow false a symlink at the last name is refused (the
// caller's fstat then checks the open file is regular).
func openNoWait(file string, follow bool) (*os.File, error) {
	if !follow {
		if st, err := os.Lstat(file); err != nil {
			return nil, err
		} else if st.Mode()&os.ModeSymlink != 0 {
			return nil, &os.PathError{Op: "open", Path: file, Err: errors.New("a symlink")}
		}
	}
	return os.Open(file)
}
