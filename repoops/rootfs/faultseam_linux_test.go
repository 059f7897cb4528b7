package rootfs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
	"golang.org/x/sys/unix"
)

// Linux's faults through the test seam: a machine without /proc (a
// chroot, a minimal container) and file systems with and without reflink.

// withoutProc makes the seam answer as a machine without /proc: the
// /proc/self/fd paths do not exist; every other call is the real one.
func withoutProc(s *faultSeam) {
	s.stat = func(p string, st *unix.Stat_t) error {
		if strings.HasPrefix(p, "/proc/") {
			return unix.ENOENT
		}
		return unix.Stat(p, st)
	}
	s.linkat = func(oldDirFd int, oldPath string, newDirFd int, newPath string, flags int) error {
		if strings.HasPrefix(oldPath, "/proc/") {
			return unix.ENOENT
		}
		return unix.Linkat(oldDirFd, oldPath, newDirFd, newPath, flags)
	}
}

// tempsSeen writes with the seam's faults and reports the write's error
// and whether a temp file had a name in the folder when the new content
// was complete (a named temp file) or not (an unnamed O_TMPFILE one).
func tempsSeen(t *testing.T, dir string, faults faultSeam, replace bool) (named bool, err error) {
	t.Helper()
	if replace {
		if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	seen := Hooks{BeforeLink: func() {
		des, _ := os.ReadDir(dir)
		for _, de := range des {
			named = named || IsWriteTemp(de.Name())
		}
	}}
	err = writeThroughSeam(t, dir, faults, seen, replace, "new\n")
	return named, err
}

// With no /proc, root still writes through an unnamed temp file, and
// gives it its name by linkat's AT_EMPTY_PATH (which root may use): the
// file gets its content and at no time has a temp name.
func TestWithoutProcTheUnnamedTempIsLinkedByEmptyPath(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("AT_EMPTY_PATH needs root (CAP_DAC_READ_SEARCH)")
	}
	for _, replace := range []bool{false, true} {
		var s faultSeam
		withoutProc(&s)
		dir := t.TempDir()
		named, err := tempsSeen(t, dir, s, replace)
		if err != nil {
			t.Fatalf("replace %v without /proc: %v", replace, err)
		}
		if named {
			t.Errorf("replace %v without /proc: a temp file had a name; want an unnamed one", replace)
		}
		mustHold(t, filepath.Join(dir, "f.txt"), "new\n")
		noTempLeft(t, dir)
	}
}

// With no /proc, a user other than root cannot name an O_TMPFILE file
// (AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH), so the write uses a named
// temp file from the start and succeeds. It runs as nobody.
func TestWithoutProcAUserWritesThroughANamedTemp(t *testing.T) {
	if repotest.AsNobody(t, nil) {
		return
	}
	if os.Geteuid() == 0 {
		t.Skip("runs as nobody")
	}
	for _, replace := range []bool{false, true} {
		var s faultSeam
		withoutProc(&s)
		dir := t.TempDir()
		named, err := tempsSeen(t, dir, s, replace)
		if err != nil {
			t.Fatalf("replace %v without /proc: %v", replace, err)
		}
		if !named {
			t.Errorf("replace %v without /proc: no named temp file; want one", replace)
		}
		mustHold(t, filepath.Join(dir, "f.txt"), "new\n")
		noTempLeft(t, dir)
	}
}

// With /proc, any user writes through an unnamed temp file, named through
// /proc/self/fd only when complete. It runs as nobody too.
func TestWithProcTheTempIsUnnamed(t *testing.T) {
	if repotest.AsNobody(t, nil) {
		return
	}
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	for _, replace := range []bool{false, true} {
		dir := t.TempDir()
		named, err := tempsSeen(t, dir, faultSeam{}, replace)
		if err != nil {
			t.Fatalf("replace %v: %v", replace, err)
		}
		if named {
			t.Errorf("replace %v: a temp file had a name before it was complete; want an unnamed one", replace)
		}
		mustHold(t, filepath.Join(dir, "f.txt"), "new\n")
	}
}
