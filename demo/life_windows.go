package demo

import (
	"errors"
	"os"
)

// ownedByMe: the temporary folder on Windows is the user's own
// (%LOCALAPPDATA%\Temp), so what is in it is theirs.
func ownedByMe(os.FileInfo) bool { return true }

// processRuns reports whether pid is a running process: FindProcess opens
// a handle to it on Windows, which fails once it is gone.
func processRuns(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}

// platformRefusal: the demo is written through the same disk door as the
// write tools, and that door does not write on Windows yet.
func platformRefusal() error {
	return errors.New("repox demo writes its repository through the same door as repo_write, which does not write on Windows yet, so there is no demo here — run repox demo on Linux or macOS, or explore a repository of your own: repox DIR")
}
