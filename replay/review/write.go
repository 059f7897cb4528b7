package review

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/repoxhq/repox/repoops"
)

// WriteFile writes what write prints to the file name, or to stdout when
// name is "-". As `pandoc -o` and `git format-patch -o` users expect, a
// regular file is replaced; what CheckTarget refuses is refused. The
// document is written whole beside its final name and renamed over it, so
// a failed write leaves the old file (or none). flag names the option for
// the messages ("--html").
func WriteFile(name, flag, transcript string, stdout io.Writer, write func(io.Writer) error) error {
	if name == "-" {
		return write(stdout)
	}
	if err := CheckTarget(name, flag, transcript); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	dir := filepath.Dir(name)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return fmt.Errorf("%s %s: cannot write in %s: %v — name a file in a folder you can write to, or - for stdout", flag, repoops.QuoteName(name), repoops.QuoteName(dir), errors.Unwrap(err))
	}
	defer os.Remove(tmp.Name()) // after a successful rename: nothing left to remove
	mode := fs.FileMode(0o644)
	if fi, err := os.Lstat(name); err == nil {
		mode = fi.Mode().Perm() // a replaced file keeps its permissions
	}
	_, err = tmp.Write(buf.Bytes())
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		return fmt.Errorf("%s %s: writing failed: %v", flag, repoops.QuoteName(name), err)
	}
	return nil
}

// CheckTarget says why the review may not be written to name (nil: it
// may; "" and "-" always may): a folder, a symbolic link (not written
// through) or a special file (a FIFO, a device, a socket) is refused, and
// so is the transcript itself.
func CheckTarget(name, flag, transcript string) error {
	if name == "" || name == "-" {
		return nil
	}
	fi, err := os.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("%s %s: %v — name another file, or - for stdout", flag, repoops.QuoteName(name), errors.Unwrap(err))
	}
	if why := notRegular(fi); why != "" {
		return fmt.Errorf("%s %s: it is %s; the review is written only to a new or a regular file — name another file, or - for stdout", flag, repoops.QuoteName(name), why)
	}
	if ti, err := os.Stat(transcript); err == nil && os.SameFile(fi, ti) {
		return fmt.Errorf("%s %s: that is the transcript being replayed, which the review would replace — name another file", flag, repoops.QuoteName(name))
	}
	return nil
}

// notRegular says what fi is when it is not a regular file ("": it is).
func notRegular(fi fs.FileInfo) string {
	switch m := fi.Mode(); {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link (repox does not write through links)"
	default:
		return "a " + repoops.SpecialKind(m)
	}
}
