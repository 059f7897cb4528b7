package rootfs

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// The old file's extended attributes and the write: every one is kept but
// the SELinux label (the folder's policy sets the new file's); one that
// cannot be kept refuses the write; a file system without them writes.

// xattrFile makes f.txt ("old\n") in a fresh folder with the attributes,
// skipping the test where the file system has no user attributes.
func xattrFile(t *testing.T, attrs [][2]string) string {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(p, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, a := range attrs {
		if err := unix.Setxattr(p, a[0], []byte(a[1]), 0); err != nil {
			t.Skipf("cannot set %s here: %v", a[0], err)
		}
	}
	return dir
}

func TestAReplaceKeepsEveryExtendedAttributeButTheSELinuxLabel(t *testing.T) {
	attrs := [][2]string{{"user.a", "1"}, {"user.b", "two"}, {"user.c", "3"}}
	dir := xattrFile(t, nil)
	p := filepath.Join(dir, "f.txt")
	// where this kernel lets root set them, another security attribute and
	// then the label: some attribute is listed after the label whatever
	// order the file system lists them in (ext4 in the order they were
	// set, tmpfs the user ones first and the security ones newest first),
	// and it is kept too
	labelled := unix.Setxattr(p, "security.repox-test", []byte("kept"), 0) == nil &&
		unix.Setxattr(p, "security.selinux", []byte("test_u:test_r:test_t:s0"), 0) == nil
	for _, a := range attrs {
		if err := unix.Setxattr(p, a[0], []byte(a[1]), 0); err != nil {
			t.Skipf("no user attributes here: %v", err)
		}
	}
	if labelled {
		attrs = append(attrs, [2]string{"security.repox-test", "kept"})
	}
	if _, err := seamReplace(t, dir, faultSeam{}); err != nil {
		t.Fatal(err)
	}
	mustHold(t, p, "new\n")
	for _, a := range attrs {
		buf := make([]byte, 64)
		n, err := unix.Getxattr(p, a[0], buf)
		if err != nil || string(buf[:n]) != a[1] {
			t.Errorf("%s after the replace: %q, %v; want %q", a[0], buf[:max(n, 0)], err, a[1])
		}
	}
	if labelled {
		buf := make([]byte, 64)
		if n, err := unix.Getxattr(p, "security.selinux", buf); err == nil && string(buf[:n]) == "test_u:test_r:test_t:s0" {
			t.Errorf("the SELinux label was copied; want the folder's policy to set it")
		}
	}
}

// seamReplace replaces dir/f.txt with "new\n" through the seam.
func seamReplace(t *testing.T, dir string, faults faultSeam) (string, error) {
	t.Helper()
	return dir, writeThroughSeam(t, dir, faults, Hooks{}, true, "new\n")
}

// An attribute the new file cannot get (the file system is out of space
// for it) refuses the write, names the attribute, and changes nothing.
func TestAnAttributeThatCannotBeKeptRefusesTheWrite(t *testing.T) {
	dir := xattrFile(t, [][2]string{{"user.a", "1"}, {"user.b", "2"}})
	full := faultSeam{fsetxattr: func(fd int, attr string, data []byte, flags int) error {
		if attr == "user.b" {
			return unix.ENOSPC
		}
		return unix.Fsetxattr(fd, attr, data, flags)
	}}
	_, err := seamReplace(t, dir, full)
	wantRefusal(t, "user.b not kept", err, "f.txt has the extended attribute user.b (an ACL, a file capability or user data), which the rewritten file could not keep (no space left on device), so repox does not change it — the file is unchanged")
	checkUnchanged(t, "user.b not kept", dir, true)
}

// A file system without extended attributes (ENOTSUP) has none to keep:
// the write goes on.
func TestWithoutExtendedAttributesTheWriteGoesOn(t *testing.T) {
	dir := xattrFile(t, nil)
	none := faultSeam{flistxattr: func(int, []byte) (int, error) { return -1, unix.ENOTSUP }}
	if _, err := seamReplace(t, dir, none); err != nil {
		t.Fatalf("a replace where there are no extended attributes: %v", err)
	}
	mustHold(t, filepath.Join(dir, "f.txt"), "new\n")
}
