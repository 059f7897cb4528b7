//go:build linux

package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

func fileOwner(t *testing.T, p string) (uint32, uint32, os.FileMode) {
	t.Helper()
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	return st.Uid, st.Gid, fi.Mode()
}

// Issue 7 item 18: running unprivileged, the user's own 0444 file is not
// replaced (a rename needs only the folder's write permission; the file's
// own is what counts).
func TestWriteRefusesOwnReadOnlyFileAsUnprivileged(t *testing.T) {
	if asUnprivileged(t) {
		return
	}
	if os.Geteuid() == 0 {
		t.Skip("root may write every file")
	}
	dir, s := editFixture(t, "ro.txt", []byte("keep\n"), 0o444)
	fullRead(t, s, "ro.txt")
	mustRefuse(t, edit(t, s, "ro.txt", "keep", "lost"), "ro.txt is not writable by this process (mode 0444", "make it writable first")
	mustRefuse(t, insert(t, s, "ro.txt", 1, "x"), "ro.txt is not writable")
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "ro.txt", "content": "x\n"}), "ro.txt is not writable")
	mustSame(t, dir, "ro.txt", []byte("keep\n"))
	if _, _, m := fileOwner(t, filepath.Join(dir, "ro.txt")); m.Perm() != 0o444 {
		t.Fatalf("mode %v", m)
	}
	if v := s.GateCheck("ro.txt"); v.Allowed || !strings.Contains(v.Reason, "not writable") {
		t.Fatalf("gate %+v", v)
	}
	noTempLeft(t, dir)
}

// Issue 7 item 18: a root-owned file in a folder the user may write is not
// replaced: not when it is 0644 (not the user's to write), and not when it
// is 0666, where a rename would hand it to the user.
func TestWriteRefusesRootOwnedFileInUserFolder(t *testing.T) {
	if asUnprivilegedWith(t, func(dir string) {
		writeFiles(t, dir, map[string]string{"root644.txt": "root\n", "root666.txt": "root\n", "mine.txt": "mine\n"})
		os.Chmod(filepath.Join(dir, "root644.txt"), 0o644)
		os.Chmod(filepath.Join(dir, "root666.txt"), 0o666)
		os.Chown(filepath.Join(dir, "mine.txt"), nobodyUID, nobodyGID)
	}) {
		return
	}
	if os.Geteuid() == 0 {
		t.Skip("needs root to make the fixture; runs as nobody")
	}
	dir := unprivilegedFixture(t)
	s := openSession(t, dir)
	for _, n := range []string{"root644.txt", "root666.txt", "mine.txt"} {
		fullRead(t, s, n)
	}
	mustRefuse(t, edit(t, s, "root644.txt", "root", "mine"), "root644.txt is not writable by this process", "owner user 0")
	mustRefuse(t, edit(t, s, "root666.txt", "root", "mine"), "root666.txt belongs to user 0 and group 0", "hand the file to another owner", "the file is unchanged")
	for _, n := range []string{"root644.txt", "root666.txt"} {
		mustSame(t, dir, n, []byte("root\n"))
		if uid, gid, _ := fileOwner(t, filepath.Join(dir, n)); uid != 0 || gid != 0 {
			t.Fatalf("%s now belongs to %d:%d", n, uid, gid)
		}
	}
	// the user's own file in the same folder is still editable
	mustOK(t, edit(t, s, "mine.txt", "mine", "edited"))
	mustSame(t, dir, "mine.txt", []byte("edited\n"))
	noTempLeft(t, dir)
}

// Sibling: root editing another user's setuid file keeps its owner, group
// and every mode bit (a chown after the chmod would clear setuid/setgid).
func TestWriteAsRootKeepsOwnerAndSetuidBits(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give the file to another user")
	}
	dir, s := editFixture(t, "tool.sh", []byte("#!/bin/sh\necho a\n"), 0o755)
	p := filepath.Join(dir, "tool.sh")
	if err := os.Chown(p, nobodyUID, nobodyGID); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o755|os.ModeSetuid|os.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	fullRead(t, s, "tool.sh")
	mustOK(t, edit(t, s, "tool.sh", "echo a", "echo b"))
	uid, gid, m := fileOwner(t, p)
	if uid != nobodyUID || gid != nobodyGID {
		t.Fatalf("owner %d:%d", uid, gid)
	}
	if m&(os.ModeSetuid|os.ModeSetgid) != os.ModeSetuid|os.ModeSetgid || m.Perm() != 0o755 {
		t.Fatalf("mode %v, want -rwsr-sr-x", m)
	}
}

// Sibling: extended attributes (user data, ACLs, capabilities) survive an
// edit; the rename used to drop them.
func TestWriteKeepsExtendedAttributes(t *testing.T) {
	dir, s := editFixture(t, "x.txt", []byte("a\n"), 0o644)
	p := filepath.Join(dir, "x.txt")
	if err := unix.Setxattr(p, "user.repox-test", []byte("kept"), 0); err != nil {
		t.Skipf("no user xattrs on this file system: %v", err)
	}
	fullRead(t, s, "x.txt")
	mustOK(t, edit(t, s, "x.txt", "a", "b"))
	buf := make([]byte, 64)
	n, err := unix.Getxattr(p, "user.repox-test", buf)
	if err != nil || string(buf[:n]) != "kept" {
		t.Fatalf("xattr after the edit: %q, %v", buf[:max(n, 0)], err)
	}
}

// Issue 7 item 19: where O_TMPFILE works the new content has no name until
// it is complete (nothing in the folder while it is written), and with the
// named fallback the temp file exists then; either way nothing is left.
func TestWriteTempHasNoNameUntilComplete(t *testing.T) {
	for _, unnamed := range []bool{true, false} {
		old := unnamedTemps
		unnamedTemps = unnamed
		dir, s := editFixture(t, "f.txt", []byte("a\n"), 0o644)
		var seen []string
		testHookBeforeLink = func() {
			des, _ := os.ReadDir(dir)
			for _, de := range des {
				seen = append(seen, de.Name())
			}
		}
		fullRead(t, s, "f.txt")
		mustOK(t, edit(t, s, "f.txt", "a", "b"))
		mustOK(t, call(t, s, "repo_write", map[string]any{"path": "new.txt", "content": "n\n"}))
		testHookBeforeLink, unnamedTemps = nil, old
		temps := 0
		for _, n := range seen {
			if isWriteTemp(n) {
				temps++
			}
		}
		if unnamed && temps != 0 {
			t.Fatalf("O_TMPFILE: a temp name existed before the content was complete: %v", seen)
		}
		if !unnamed && temps != 2 {
			t.Fatalf("fallback: want the named temp file seen twice, saw %v", seen)
		}
		if len(seen) == 0 {
			t.Fatal("the hook did not run")
		}
		mustSame(t, dir, "f.txt", []byte("b\n"))
		mustSame(t, dir, "new.txt", []byte("n\n"))
		noTempLeft(t, dir)
	}
}

// Issue 7 item 19: a temp file left by a write killed mid-way (possible
// only with the named fallback) is never listed or searched, in git and
// outside it; names that merely look alike are.
func TestWriteTempLeftoverIsInvisible(t *testing.T) {
	files := map[string]string{
		"a.txt":                         "needle\n",
		"d/.repox-0123456789abcdef.tmp": "needle\n",
		".repox-fedcba9876543210.tmp":   "needle\n",
		".repox-notes.tmp":              "needle\n",
	}
	for name, dir := range map[string]string{"plain": plainDir(t, files), "git": gitRepo(t, map[string]string{"a.txt": "needle\n"})} {
		if name == "git" {
			writeFiles(t, dir, files) // untracked, not ignored: in git's file set
		}
		s := openSession(t, dir)
		tree := mustOK(t, call(t, s, "repo_tree", nil))
		find := mustOK(t, call(t, s, "repo_find", map[string]any{"query": "repox"}))
		grep := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "needle"}))
		for _, out := range []string{tree, find, grep} {
			mustNotContain(t, out, "0123456789abcdef", "fedcba9876543210")
			mustContain(t, out, ".repox-notes.tmp")
		}
		mustContain(t, grep, "(2 matching lines in 2 files)", "searched 2 files")
	}
}
