package gitexec

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"

	"golang.org/x/sys/windows"
)

// ownProcessGroup starts cmd in a new process group and makes its cancel
// stop the whole process tree (git and every helper it started) with the
// system's taskkill /T, then git itself, as Windows has no kill of a group.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: windows.CREATE_NEW_PROCESS_GROUP}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		if sys := os.Getenv("SystemRoot"); sys != "" {
			kill := exec.Command(filepath.Join(sys, "System32", "taskkill.exe"), "/T", "/F", "/PID", strconv.Itoa(cmd.Process.Pid))
			kill.Env = []string{"SystemRoot=" + sys}
			kill.Run()
		}
		cmd.Process.Kill()
		return nil
	}
}
