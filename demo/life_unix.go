//go:build unix

package demo

import (
	"errors"
	"os"
	"syscall"
)

// ownedByMe: only this user's leftover demo folders are ever removed.
func ownedByMe(st os.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(sys.Uid) == os.Getuid()
}

// processRuns reports whether pid is a running process (signal 0 probes).
func processRuns(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// platformRefusal: the demo is written through the disk door, which
// writes on Unix.
func platformRefusal() error { return nil }
