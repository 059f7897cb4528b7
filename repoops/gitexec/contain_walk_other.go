//go:build !linux

package gitexec

import (
	"io/fs"
	"path/filepath"
)

// walkLinks visits every entry under dir (dir counted too) within *budget
// and calls link with the path of each symlink; it never follows one. An
// error reading dir itself is returned; a sub-folder that cannot be read
// is skipped, as git cannot read it either.
func walkLinks(dir string, budget *int, tooMany error, link func(p string) error) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil
		}
		if *budget--; *budget < 0 {
			return tooMany
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return link(p)
		}
		return nil
	})
}
