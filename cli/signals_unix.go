//go:build unix

package cli

import (
	"os"
	"syscall"
)

// hangupSignals end the demo explorer as Ctrl-C does, so its folder is
// removed: the terminal closing, and a polite kill.
var hangupSignals = []os.Signal{os.Interrupt, syscall.SIGHUP, syscall.SIGTERM}
