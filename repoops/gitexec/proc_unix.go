//go:build unix

package gitexec

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts cmd in its own process group and makes its
// cancel kill the whole group, so a timeout stops git and every helper it
// started.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process != nil {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
		return nil
	}
}
