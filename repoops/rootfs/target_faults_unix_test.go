//go:build unix

package rootfs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
	"golang.org/x/sys/unix"
)

// The Target's rules for the file a write replaces: how it is read, how a
// replacement between open and check is seen, which folders are missing.

func openTarget(t *testing.T, dir, rel string, faults faultSeam, mkdirs bool) (*Target, error) {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	r.faults = faults
	tg, err := r.Target(rel, mkdirs)
	if tg != nil {
		t.Cleanup(tg.Close)
	}
	return tg, err
}

// Load reads at most max+1 bytes: a file of max bytes whole, and one
// byte more of a longer one, which tells the caller it is over max.
func TestLoadReadsOneBytePastMax(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"five.txt": "12345", "nine.txt": "123456789"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, want := range map[string]string{"five.txt": "12345", "nine.txt": "123456"} {
		tg, err := openTarget(t, dir, name, faultSeam{}, false)
		if err != nil {
			t.Fatal(err)
		}
		st, err := tg.Inspect(5)
		if err != nil || string(st.Content) != want {
			t.Errorf("%s at max 5: %q, %v; want %q", name, st.Content, err, want)
		}
	}
}

// A read interrupted (EINTR) or told to wait (EAGAIN) is tried again: the
// content is whole, and no error is reported.
func TestAnInterruptedReadOfTheOldFileIsRetried(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("old content\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, e := range []error{unix.EINTR, unix.EAGAIN} {
		calls := 0
		tg, err := openTarget(t, dir, "f.txt", faultSeam{pread: func(fd int, b []byte, off int64) (int, error) {
			calls++
			if calls%2 == 1 {
				return 0, e
			}
			return unix.Pread(fd, b, off)
		}}, false)
		if err != nil {
			t.Fatal(err)
		}
		st, err := tg.Inspect(1 << 20)
		if err != nil || string(st.Content) != "old content\n" {
			t.Errorf("a read interrupted by %v: %q, %v; want the whole content", e, st.Content, err)
		}
	}
}

// replacingOpen opens the file as asked, then puts another file at its
// name (a concurrent writer's rename) for the first times opens.
func replacingOpen(t *testing.T, dir string, times int) faultSeam {
	n := 0
	return faultSeam{openat: func(dirFd int, name string, flags int, mode uint32) (int, error) {
		fd, err := unix.Openat(dirFd, name, flags, mode)
		if n < times {
			n++
			tmp := filepath.Join(dir, "next.tmp")
			if err := os.WriteFile(tmp, []byte("replaced "+strings.Repeat("!", n)+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
		return fd, err
	}}
}

// A file replaced between its open and the check that its name still
// holds it is read again: Inspect answers with what the name holds now.
func TestInspectReadsAgainAFileReplacedMeanwhile(t *testing.T) {
	for _, times := range []int{1, 2} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("first\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		tg, err := openTarget(t, dir, "f.txt", replacingOpen(t, dir, times), false)
		if err != nil {
			t.Fatal(err)
		}
		st, err := tg.Inspect(1 << 20)
		if want := "replaced " + strings.Repeat("!", times) + "\n"; err != nil || string(st.Content) != want {
			t.Errorf("replaced %d times: %q, %v; want %q", times, st.Content, err, want)
		}
	}
}

// A file replaced at each of three reads, or at every read, is refused
// after the third, saying so.
func TestInspectRefusesAFileReplacedAtEveryRead(t *testing.T) {
	for _, times := range []int{3, 1000} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("first\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		tg, err := openTarget(t, dir, "f.txt", replacingOpen(t, dir, times), false)
		if err != nil {
			t.Fatal(err)
		}
		_, err = tg.Inspect(1 << 20)
		wantRefusal(t, fmt.Sprintf("replaced at %d reads", times), err, "f.txt was replaced while it was being read — try again")
	}
}

// Load of a file opened before another file took its name says so
// (ErrReplaced): the write would replace a file it never read.
func TestLoadSeesTheNameNowHoldsAnotherFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("first\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tg, err := openTarget(t, dir, "f.txt", replacingOpen(t, dir, 1), false)
	if err != nil {
		t.Fatal(err)
	}
	f, err := tg.OpenFile()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Load(1 << 20); !errors.Is(err, ErrReplaced) {
		t.Errorf("Load of a file whose name now holds another: %v; want ErrReplaced", err)
	}
}

// Without mkdirs, every folder on the way that does not exist is listed,
// outermost first, and none is made.
func TestTargetListsEveryMissingFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	tg, err := openTarget(t, dir, "a/b/c/f.txt", faultSeam{}, false)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tg.MissingDirs(), []string{"a/b", "a/b/c"}; !slices.Equal(got, want) {
		t.Errorf("MissingDirs: %q; want %q", got, want)
	}
	if _, err := os.Lstat(filepath.Join(dir, "a", "b")); err == nil {
		t.Error("a folder was made without mkdirs")
	}
}

// Closing a Target twice closes nothing else: not the fd its folder had,
// which the kernel hands to the next file opened, nor stdout.
func TestClosingATargetTwiceClosesNothingElse(t *testing.T) {
	dir := t.TempDir()
	tg, err := openTarget(t, dir, "f.txt", faultSeam{}, false)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := unix.Dup(1)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(saved)
	tg.Close()
	next, err := os.Open(dir) // likely the folder's fd number again
	if err != nil {
		t.Fatal(err)
	}
	defer next.Close()
	tg.Close()
	if _, err := unix.FcntlInt(1, unix.F_GETFD, 0); err != nil {
		unix.Dup2(saved, 1)
		t.Fatal("closing a Target twice closed stdout")
	}
	if _, err := next.Readdirnames(-1); err != nil {
		t.Errorf("closing a Target twice closed a file opened after the first close: %v", err)
	}
}

// Closing a Target releases its folder's fd.
func TestClosingATargetReleasesItsFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	fds := func() int {
		des, err := os.ReadDir("/dev/fd")
		if err != nil {
			t.Skipf("no /dev/fd: %v", err)
		}
		return len(des)
	}
	before := fds()
	for range 50 {
		tg, err := r.Target("sub/f.txt", false)
		if err != nil {
			t.Fatal(err)
		}
		tg.Close()
	}
	if after := fds(); after > before+5 {
		t.Errorf("%d fds open after 50 Targets were closed, %d before", after, before)
	}
}

// A folder on the way that cannot be made or entered is refused with
// the reason: permission to create it, or to enter it. It runs as nobody.
func TestTargetSaysWhyAFolderCannotBeMadeOrEntered(t *testing.T) {
	if repotest.AsNobody(t, func(dir string) {
		for _, d := range []string{"ro", "locked"} {
			if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Chmod(filepath.Join(dir, "locked"), 0o700); err != nil {
			t.Fatal(err)
		}
	}) {
		return
	}
	if os.Geteuid() == 0 {
		t.Skip("root may make and enter every folder; runs as nobody")
	}
	dir := repotest.NobodyFixture(t)
	_, err := openTarget(t, dir, "ro/new/f.txt", faultSeam{}, true)
	wantRefusal(t, "a folder in a read-only folder", err, "ro/new/f.txt: the folder ro/new cannot be created: permission denied")
	_, err = openTarget(t, dir, "locked/f.txt", faultSeam{}, false)
	wantRefusal(t, "a folder it may not enter", err, "locked/f.txt: the folder locked is not accessible (permission denied)")
}

// A file of another owner is refused at Load, before any write, even when
// this process may write it through its group: the rewritten file would
// belong to this process's user. It runs as nobody.
func TestLoadRefusesAFileOfAnotherOwnerInItsGroup(t *testing.T) {
	if repotest.AsNobody(t, func(dir string) {
		p := filepath.Join(dir, "theirs.txt")
		if err := os.WriteFile(p, []byte("theirs\n"), 0o664); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, 0o664); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(p, 0, repotest.NobodyGID); err != nil {
			t.Fatal(err)
		}
	}) {
		return
	}
	if os.Geteuid() == 0 {
		t.Skip("runs as nobody")
	}
	tg, err := openTarget(t, repotest.NobodyFixture(t), "theirs.txt", faultSeam{}, false)
	if err != nil {
		t.Fatal(err)
	}
	_, err = tg.Inspect(1 << 20)
	wantRefusal(t, "another owner's file in this group", err, fmt.Sprintf("theirs.txt belongs to user 0 and group %d", repotest.NobodyGID))
}
