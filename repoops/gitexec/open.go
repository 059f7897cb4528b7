package gitexec

import (
	"errors"
	"io"
	"os"
)

// errTooLarge: a git folder file larger than its reader's bound.
var errTooLarge = errors.New("larger than repox reads")

// openRegular opens file by openNoWait's rules and returns it with its
// file information only when the open file itself is a regular file of at most max
// bytes: the check is of what was opened, not of the name, so nothing
// swapped in at the name meanwhile is ever read.
func openRegular(file string, follow bool, max int64) (*os.File, os.FileInfo, error) {
	f, err := openNoWait(file, follow)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, errNotRegular
	}
	if st.Size() > max {
		f.Close()
		return nil, nil, errTooLarge
	}
	return f, st, nil
}

// readRegularFile is openRegular and the read of the whole file, which
// may not grow past max meanwhile.
func readRegularFile(file string, follow bool, max int64) ([]byte, error) {
	f, _, err := openRegular(file, follow, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, errTooLarge
	}
	return data, nil
}
