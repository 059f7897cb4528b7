package rootfs

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// A setuid program's write permission is its effective user's: here a
// process whose real user is nobody and whose effective user is root may
// write a file of root's mode 0644, also where the kernel lacks
// faccessat2 (ENOSYS) or a container's seccomp profile refuses it (EPERM),
// when the check asks by name instead. access(2), which asks with the real
// user, would refuse. Root sets the test up; a child of this test binary
// with those ids runs it.
func TestASetuidProcessMayWriteAsItsEffectiveUser(t *testing.T) {
	if dir := os.Getenv("REPOX_TEST_SETUID_DIR"); dir != "" {
		setuidChild(t, dir)
		return
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root to make a process with a real user other than its effective one")
	}
	dir := t.TempDir()
	for _, name := range []string{"real.txt", "enosys.txt", "eperm.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rerunInChild(t, t.TempDir(), "REPOX_TEST_SETUID_DIR="+dir)
	for _, name := range []string{"real.txt", "enosys.txt", "eperm.txt"} {
		mustHold(t, filepath.Join(dir, name), "new\n")
	}
}

func setuidChild(t *testing.T, dir string) {
	if err := syscall.Setresuid(65534, 0, 0); err != nil {
		t.Skipf("cannot make the real user nobody: %v", err)
	}
	if os.Getuid() == os.Geteuid() {
		t.Fatal("the real and effective users are the same")
	}
	for name, faccessat2 := range map[string]func(int, string, uint32, int) error{
		"real.txt":   nil,
		"enosys.txt": func(int, string, uint32, int) error { return unix.ENOSYS },
		"eperm.txt":  func(int, string, uint32, int) error { return unix.EPERM },
	} {
		tg, err := openTarget(t, dir, name, faultSeam{faccessat2: faccessat2}, false)
		if err != nil {
			t.Fatal(err)
		}
		f, err := tg.OpenFile()
		if err != nil {
			t.Fatal(err)
		}
		old, err := f.Load(1 << 20)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := tg.Replace([]byte("new\n"), old, f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		f.Close()
	}
}
