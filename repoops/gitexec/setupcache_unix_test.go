//go:build unix

package gitexec

import (
	"os"
	"syscall"
)

// unixBadFiles are cache files only Unix can make: a FIFO (opening it
// would block) and, when the test runs as root, another user's file.
var unixBadFiles = map[string]func(valid []byte, path string) []byte{
	"a FIFO": func(v []byte, path string) []byte {
		os.Remove(path)
		syscall.Mkfifo(path, 0o600)
		return nil
	},
}

func init() {
	if os.Geteuid() == 0 {
		unixBadFiles["another user's file"] = func(v []byte, path string) []byte {
			os.Chown(path, 65534, 65534)
			return nil
		}
	}
}
