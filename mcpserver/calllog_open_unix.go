//go:build unix

package mcpserver

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// openLogFile opens abs for appending without following a link at its last
// name (O_NOFOLLOW: an existing or dangling link fails the open) and
// without blocking on a FIFO (O_NONBLOCK: with no reader the open fails).
func openLogFile(abs string) (*os.File, error) {
	f, err := os.OpenFile(abs, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0o600)
	if err == nil {
		return f, nil
	}
	if errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK) || isLink(abs) {
		return nil, linkRefusal(abs)
	}
	return nil, fmt.Errorf("--log: cannot open the call log: %v", err)
}

// checkLogOwner refuses a log another user owns, and one with other hard
// links (another name of it could be any file of the user's, e.g. a
// repository's hard link to ~/.bashrc).
func checkLogOwner(st fs.FileInfo, abs string) error {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if uid := os.Geteuid(); int(sys.Uid) != uid {
		return fmt.Errorf("--log %s belongs to another user (uid %d, you are %d) — give a log file of your own", abs, sys.Uid, uid)
	}
	if sys.Nlink > 1 {
		return fmt.Errorf("--log %s has %d hard links, so it is also another file — give a new path, or make it a file of its own: cp %s %s.new && mv %s.new %s", abs, sys.Nlink, abs, abs, abs, abs)
	}
	return nil
}

// isLink reports whether abs itself is a symbolic link.
func isLink(abs string) bool {
	st, err := os.Lstat(abs)
	return err == nil && st.Mode()&fs.ModeSymlink != 0
}
