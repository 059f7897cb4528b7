//go:build !unix

package mcpserver

import (
	"errors"
	"os"
	"runtime"
)

// quitForDump has no signal to ask for a goroutine dump here: the process
// is ended, and the failure says no dump was taken.
func quitForDump(p *os.Process) bool {
	p.Kill()
	return false
}

func stopProcess(*os.Process) error {
	return errors.New("no SIGSTOP on " + runtime.GOOS)
}
func continueProcess(*os.Process) error { return nil }
