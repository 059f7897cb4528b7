package rootfs

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

const testGroup = 12345 // a supplementary group of the child below

// A file of this user's in one of its supplementary groups may be
// changed: the rewritten file can keep that group. One in a group the user
// is not in is refused at Load, before any write. A child of the test
// binary that makes itself nobody with a supplementary group runs it.
func TestASupplementaryGroupKeepsItsFilesWritable(t *testing.T) {
	if dir := os.Getenv("REPOX_TEST_GROUPS_DIR"); dir != "" {
		groupsChild(t, dir)
		return
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root to make a process with supplementary groups")
	}
	// not t.TempDir(): the child, nobody by then, writes its coverage here
	dir, err := os.MkdirTemp("/tmp", "repox-groups-")
	if err != nil {
		t.Skipf("no /tmp: %v", err)
	}
	defer os.RemoveAll(dir)
	for name, gid := range map[string]int{"mine.txt": testGroup, "other.txt": 0} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("old\n"), 0o664); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, 0o664); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(p, 65534, gid); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chown(dir, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	rerunInChild(t, dir, "REPOX_TEST_GROUPS_DIR="+dir)
	mustHold(t, filepath.Join(dir, "mine.txt"), "new\n")
	mustHold(t, filepath.Join(dir, "other.txt"), "old\n")
	var st unix.Stat_t
	if err := unix.Stat(filepath.Join(dir, "mine.txt"), &st); err != nil || st.Gid != testGroup {
		t.Errorf("mine.txt's group after the write: %d, %v; want %d", st.Gid, err, testGroup)
	}
}

func groupsChild(t *testing.T, dir string) {
	if err := syscall.Setgroups([]int{testGroup}); err != nil {
		t.Skipf("cannot set supplementary groups: %v", err)
	}
	if err := syscall.Setresgid(65534, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Setresuid(65534, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	// a process that changed its ids is not dumpable, which makes its
	// /proc/self/fd root's: give it back, as a process started as nobody has
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 1, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	tg, err := openTarget(t, dir, "mine.txt", faultSeam{}, false)
	if err != nil {
		t.Fatal(err)
	}
	f, err := tg.OpenFile()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	old, err := f.Load(1 << 20)
	if err != nil {
		t.Fatalf("mine.txt, in a supplementary group: %v", err)
	}
	if err := tg.Replace([]byte("new\n"), old, f); err != nil {
		t.Fatalf("mine.txt, in a supplementary group: %v", err)
	}
	other, err := openTarget(t, dir, "other.txt", faultSeam{}, false)
	if err != nil {
		t.Fatal(err)
	}
	_, err = other.Inspect(1 << 20)
	wantRefusal(t, "a group it is not in", err, "other.txt belongs to user 65534 and group 0; repox changes a file by writing a new one")
}
