//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// Faults of the write path that this kernel will not cause on demand,
// caused through the Root's test seam (faultSeam). Each test checks what a
// user sees: the file's content on disk, the refusal's words, no temp file
// left behind.

// seamWrite writes content to the file rel of a fresh folder with the
// seam's faults: a replace of "old\n" when replace, else a create. named
// forces a named temp file (the path where there is no O_TMPFILE).
func seamWrite(t *testing.T, faults faultSeam, named, replace bool, content string) (dir string, err error) {
	t.Helper()
	dir = t.TempDir()
	if replace {
		if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, writeThroughSeam(t, dir, faults, Hooks{NamedTemps: named}, replace, content)
}

// writeThroughSeam writes content to dir/f.txt through a Root with the
// seam's faults and the hooks: a replace of the file there (loaded whole
// first, as a tool's write does) when replace, else a create.
func writeThroughSeam(t *testing.T, dir string, faults faultSeam, hooks Hooks, replace bool, content string) error {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.faults = faults
	r.SetHooks(hooks)
	tg, err := r.Target("f.txt", false)
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Close()
	if !replace {
		return tg.Create([]byte(content))
	}
	f, err := tg.OpenFile()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	old, err := f.Load(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	return tg.Replace([]byte(content), old, f)
}

// noTempLeft fails the test when a write's temp file is left in dir.
func noTempLeft(t *testing.T, dir string) {
	t.Helper()
	des, _ := os.ReadDir(dir)
	for _, de := range des {
		if IsWriteTemp(de.Name()) {
			t.Errorf("the temp file %s was left behind", de.Name())
		}
	}
}

func mustHold(t *testing.T, p, want string) {
	t.Helper()
	got, err := os.ReadFile(p)
	if err != nil || string(got) != want {
		t.Fatalf("%s holds %q (%v); want %q", filepath.Base(p), got, err, want)
	}
}

// writeCases are the four ways a write makes its file: a create and a
// replace, each through an unnamed (O_TMPFILE) and a named temp file.
var writeCases = []struct {
	name           string
	named, replace bool
}{
	{"create, unnamed temp", false, false},
	{"create, named temp", true, false},
	{"replace, unnamed temp", false, true},
	{"replace, named temp", true, true},
}

// A write(2) may write less than asked (a signal, a quota boundary): the
// rest is written after it, so the file gets every byte.
func TestAShortWriteIsContinued(t *testing.T) {
	const content = "a line longer than three bytes\nand a second\n"
	for _, c := range writeCases {
		short := faultSeam{write: func(fd int, b []byte) (int, error) {
			return unix.Write(fd, b[:min(3, len(b))])
		}}
		dir, err := seamWrite(t, short, c.named, c.replace, content)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		mustHold(t, filepath.Join(dir, "f.txt"), content)
		noTempLeft(t, dir)
	}
}

// A write(2) interrupted before it wrote anything (EINTR) is tried again:
// the file gets every byte, and the interruption is not reported.
func TestAnInterruptedWriteIsRetried(t *testing.T) {
	const content = "new content\n"
	for _, c := range writeCases {
		calls := 0
		interrupted := faultSeam{write: func(fd int, b []byte) (int, error) {
			calls++
			if calls%2 == 1 {
				return 0, unix.EINTR
			}
			return unix.Write(fd, b)
		}}
		dir, err := seamWrite(t, interrupted, c.named, c.replace, content)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		mustHold(t, filepath.Join(dir, "f.txt"), content)
	}
}

// A write(2) that fails (a full disk) refuses, says so, and changes nothing.
func TestAFailingWriteLeavesTheOldFileUnchanged(t *testing.T) {
	for _, c := range writeCases {
		full := faultSeam{write: func(fd int, b []byte) (int, error) { return 0, unix.ENOSPC }}
		dir, err := seamWrite(t, full, c.named, c.replace, "new\n")
		wantRefusal(t, c.name, err, "f.txt could not be written (no space left on device); the file is unchanged")
		checkUnchanged(t, c.name, dir, c.replace)
	}
}

func wantRefusal(t *testing.T, name string, err error, want string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: got %v; want a refusal saying %q", name, err, want)
	}
}

// checkUnchanged: the old file keeps its content (a create made no file),
// and no temp file is left.
func checkUnchanged(t *testing.T, name, dir string, replace bool) {
	t.Helper()
	p := filepath.Join(dir, "f.txt")
	if replace {
		mustHold(t, p, "old\n")
	} else if _, err := os.Lstat(p); err == nil {
		t.Errorf("%s: a failed create left f.txt", name)
	}
	noTempLeft(t, dir)
}

// close(2) of the complete new file can report a write the kernel could
// not finish (NFS, a full quota): the write refuses, says the file is
// unchanged, and it is — the new file never gets the name.
func TestAFailingCloseOfTheNewFileLeavesTheOldFileUnchanged(t *testing.T) {
	for _, c := range writeCases {
		if !c.named && !c.replace {
			continue // an unnamed new file gets its name before it is closed
		}
		failingClose := faultSeam{close: func(fd int) error {
			unix.Close(fd)
			return unix.EIO
		}}
		dir, err := seamWrite(t, failingClose, c.named, c.replace, "new\n")
		wantRefusal(t, c.name, err, "f.txt could not be written (input/output error); the file is unchanged")
		checkUnchanged(t, c.name, dir, c.replace)
	}
}

// fsync(2) of the new file fails (the disk reports an error): nothing is
// renamed or linked, so the old file stays.
func TestAFailingFsyncOfTheNewFileLeavesTheOldFileUnchanged(t *testing.T) {
	for _, c := range writeCases {
		failingFsync := faultSeam{fsync: func(fd int) error {
			if isFolder(fd) {
				return unix.Fsync(fd)
			}
			return unix.EIO
		}}
		dir, err := seamWrite(t, failingFsync, c.named, c.replace, "new\n")
		wantRefusal(t, c.name, err, "f.txt could not be written (input/output error); the file is unchanged")
		checkUnchanged(t, c.name, dir, c.replace)
	}
}

// fsync(2) of the folder fails after the rename: the new content is in
// place, and the refusal says that only its flush to disk failed.
func TestAFailingFsyncOfTheFolderSaysTheFileWasWritten(t *testing.T) {
	for _, c := range writeCases {
		failingFsync := faultSeam{fsync: func(fd int) error {
			if isFolder(fd) {
				return unix.EIO
			}
			return unix.Fsync(fd)
		}}
		dir, err := seamWrite(t, failingFsync, c.named, c.replace, "new\n")
		wantRefusal(t, c.name, err, "f.txt was written, but its folder could not be flushed to disk: input/output error")
		mustHold(t, filepath.Join(dir, "f.txt"), "new\n")
		noTempLeft(t, dir)
	}
}

func isFolder(fd int) bool {
	var st unix.Stat_t
	return unix.Fstat(fd, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFDIR
}
