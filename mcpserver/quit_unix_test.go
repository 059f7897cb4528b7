//go:build unix

package mcpserver

import (
	"os"
	"syscall"
)

// quitForDump asks a Go process to print every goroutine's stack to its
// stderr and exit (SIGQUIT, with GOTRACEBACK=all in its environment).
func quitForDump(p *os.Process) bool { return p.Signal(syscall.SIGQUIT) == nil }

func stopProcess(p *os.Process) error     { return p.Signal(syscall.SIGSTOP) }
func continueProcess(p *os.Process) error { return p.Signal(syscall.SIGCONT) }
