package demo

import "os"

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
