//go:build linux

package rootfs

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The door opens every fd with O_CLOEXEC: a program started meanwhile
// (git, $EDITOR) must not inherit a descriptor of the repository's
// folders or files. The child lists its own descriptors; none may lead
// into the folder while a Target and its open file are held — one in a
// sub-folder (the folders entered on the way) and one at the top (the
// root's own folder fd is the one the Target keeps).
func TestDoorFdsAreNotInherited(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc here")
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"sub/f.txt", "top.txt"} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, rel := range []string{"sub/f.txt", "top.txt"} {
		tg, err := r.Target(rel, false)
		if err != nil {
			t.Fatal(err)
		}
		f, err := tg.OpenFile()
		if err != nil {
			tg.Close()
			t.Fatal(err)
		}
		out, err := exec.Command("/bin/sh", "-c", `for fd in /proc/self/fd/*; do readlink "$fd"; done; exit 0`).Output()
		f.Close()
		tg.Close()
		if err != nil {
			t.Skipf("no shell to list a child's descriptors: %v", err)
		}
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(l, dir) {
				t.Errorf("holding %s, a child inherited a descriptor of the folder: %s", rel, l)
			}
		}
	}
}
