//go:build linux

package repoops

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/repoops/rootfs"
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
	if repotest.AsNobody(t, nil) {
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
	if repotest.AsNobody(t, func(dir string) {
		writeFiles(t, dir, map[string]string{"root644.txt": "root\n", "root666.txt": "root\n", "mine.txt": "mine\n"})
		os.Chmod(filepath.Join(dir, "root644.txt"), 0o644)
		os.Chmod(filepath.Join(dir, "root666.txt"), 0o666)
		os.Chown(filepath.Join(dir, "mine.txt"), repotest.NobodyUID, repotest.NobodyGID)
		// the user's own file, of a group the user is not in
		writeFiles(t, dir, map[string]string{"rootgroup.txt": "group\n"})
		os.Chown(filepath.Join(dir, "rootgroup.txt"), repotest.NobodyUID, 0)
		// the user's own writable file in a folder only root may write
		writeFiles(t, dir, map[string]string{"rootdir/mine.txt": "mine\n"})
		os.Chown(filepath.Join(dir, "rootdir/mine.txt"), repotest.NobodyUID, repotest.NobodyGID)
	}) {
		return
	}
	if os.Geteuid() == 0 {
		t.Skip("needs root to make the fixture; runs as nobody")
	}
	dir := repotest.NobodyFixture(t)
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
	// the owner matches but the group would not: a rename would move the
	// file to this user's group (refused before the write, and checked
	// again on the new file after the chown)
	fullRead(t, s, "rootgroup.txt")
	mustRefuse(t, edit(t, s, "rootgroup.txt", "group", "x"), fmt.Sprintf("rootgroup.txt belongs to user %d and group 0", repotest.NobodyUID), "hand the file to another owner")
	mustSame(t, dir, "rootgroup.txt", []byte("group\n"))
	if uid, gid, _ := fileOwner(t, filepath.Join(dir, "rootgroup.txt")); uid != repotest.NobodyUID || gid != 0 {
		t.Fatalf("rootgroup.txt now belongs to %d:%d", uid, gid)
	}
	fullRead(t, s, "rootdir/mine.txt")
	mustRefuse(t, edit(t, s, "rootdir/mine.txt", "mine", "x"), "rootdir/mine.txt could not be written: no temp file could be made in its folder (permission denied); the file is unchanged")
	mustSame(t, dir, "rootdir/mine.txt", []byte("mine\n"))
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
	if err := os.Chown(p, repotest.NobodyUID, repotest.NobodyGID); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o755|os.ModeSetuid|os.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	fullRead(t, s, "tool.sh")
	mustOK(t, edit(t, s, "tool.sh", "echo a", "echo b"))
	uid, gid, m := fileOwner(t, p)
	if uid != repotest.NobodyUID || gid != repotest.NobodyGID {
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
		dir, s := editFixture(t, "f.txt", []byte("a\n"), 0o644)
		var seen []string
		s.repo.fs.SetHooks(rootfs.Hooks{NamedTemps: !unnamed, BeforeLink: func() {
			des, _ := os.ReadDir(dir)
			for _, de := range des {
				seen = append(seen, de.Name())
			}
		}})
		fullRead(t, s, "f.txt")
		mustOK(t, edit(t, s, "f.txt", "a", "b"))
		mustOK(t, call(t, s, "repo_write", map[string]any{"path": "new.txt", "content": "n\n"}))
		temps := 0
		for _, n := range seen {
			if rootfs.IsWriteTemp(n) {
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

// Sibling: a created file takes the umask, as the folders repox creates
// already did (a 077 umask made private folders holding 0644 files).
func TestWriteCreateHonoursUmask(t *testing.T) {
	dir := plainDir(t, map[string]string{"k.txt": "k\n"})
	s := openSession(t, dir)
	old := unix.Umask(0o077)
	defer unix.Umask(old)
	for _, unnamed := range []bool{true, false} {
		s.repo.fs.SetHooks(rootfs.Hooks{NamedTemps: !unnamed})
		name := "new-" + map[bool]string{true: "tmpfile", false: "named"}[unnamed] + "/x.txt"
		mustOK(t, call(t, s, "repo_write", map[string]any{"path": name, "content": "x\n"}))
		if _, _, m := fileOwner(t, filepath.Join(dir, name)); m.Perm() != 0o600 {
			t.Fatalf("%s: mode %v under umask 077, want 0600", name, m.Perm())
		}
		if _, _, m := fileOwner(t, filepath.Join(dir, filepath.Dir(name))); m.Perm() != 0o700 {
			t.Fatalf("%s: folder mode %v under umask 077, want 0700", name, m.Perm())
		}
	}
}

// Siblings (TOCTOU): between the plan (the preview) and the apply, the
// file is replaced by a symlink to a file outside the root, its folder by a
// symlink to an outside folder, or it gains a hard link: each apply is
// refused and nothing outside is written.
func TestApplyRefusesWhatChangedKindSincePlan(t *testing.T) {
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"victim.txt": "a\n", "d/f.txt": "a\n"})
	ctx := t.Context()
	for _, c := range []struct {
		name, path string
		swap       func(dir string)
		want       string
	}{
		{"file to symlink", "f.txt", func(dir string) {
			os.Remove(filepath.Join(dir, "f.txt"))
			os.Symlink(filepath.Join(outside, "victim.txt"), filepath.Join(dir, "f.txt"))
		}, "f.txt is a symlink"},
		{"folder to symlink", "d/f.txt", func(dir string) {
			os.RemoveAll(filepath.Join(dir, "d"))
			os.Symlink(filepath.Join(outside, "d"), filepath.Join(dir, "d"))
		}, "the folder d is a symlink"},
		{"hard link added", "f.txt", func(dir string) {
			os.Link(filepath.Join(dir, "f.txt"), filepath.Join(dir, "other.txt"))
		}, "f.txt has 2 hard links"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := plainDir(t, map[string]string{"f.txt": "a\n", "d/f.txt": "a\n"})
			s := openSession(t, dir)
			fullRead(t, s, c.path)
			plan, err := s.Plan(ctx, EditArgs{Path: c.path, OldString: "a", NewString: "EVIL"})
			if err != nil || !plan.Verdict.Allowed {
				t.Fatalf("plan: %v %+v", err, plan)
			}
			c.swap(dir)
			_, err = s.Apply(ctx, plan)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("apply: %v, want %q", err, c.want)
			}
			mustSame(t, outside, "victim.txt", []byte("a\n"))
			mustSame(t, outside, "d/f.txt", []byte("a\n"))
			noTempLeft(t, dir)
		})
	}
}

// Sibling: an immutable file (chattr +i) is refused with that reason,
// also for root, which may otherwise write anything.
func TestWriteRefusesImmutableFile(t *testing.T) {
	chattr, err := exec.LookPath("chattr")
	if err != nil || os.Geteuid() != 0 {
		t.Skip("needs chattr and root")
	}
	dir, s := editFixture(t, "frozen.txt", []byte("a\n"), 0o644)
	p := filepath.Join(dir, "frozen.txt")
	if out, err := exec.Command(chattr, "+i", p).CombinedOutput(); err != nil {
		t.Skipf("chattr +i not supported here: %v %s", err, out)
	}
	defer exec.Command(chattr, "-i", p).Run()
	fullRead(t, s, "frozen.txt")
	mustRefuse(t, edit(t, s, "frozen.txt", "a", "b"), "frozen.txt may not be written (the kernel refuses: it is immutable or append-only)")
	mustSame(t, dir, "frozen.txt", []byte("a\n"))
	noTempLeft(t, dir)
}

// Sibling: the write tools do not make a file under a temp name, which
// the listings would then hide.
func TestWriteRefusesTempNameForm(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "a\n"})
	s := openSession(t, dir)
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "d/.repox-0123456789abcdef.tmp", "content": "x\n"}), "has the form of repox's own temp files", "choose another name")
	if _, err := os.Lstat(filepath.Join(dir, "d")); err == nil {
		t.Fatal("the refused write made its folder")
	}
	mustOK(t, call(t, s, "repo_write", map[string]any{"path": ".repox-notes.tmp", "content": "x\n"}))
}

// Sibling: a POSIX ACL (the system.posix_acl_access attribute) survives
// an edit, and the mode that goes with it.
func TestWriteKeepsACL(t *testing.T) {
	dir, s := editFixture(t, "acl.txt", []byte("a\n"), 0o644)
	p := filepath.Join(dir, "acl.txt")
	le := func(b []byte, v uint32, n int) []byte {
		for i := 0; i < n; i++ {
			b = append(b, byte(v>>(8*i)))
		}
		return b
	}
	acl := le(nil, 2, 4) // version
	for _, e := range [][3]uint32{{0x01, 6, 0xffffffff}, {0x02, 6, repotest.NobodyUID}, {0x04, 4, 0xffffffff}, {0x10, 6, 0xffffffff}, {0x20, 4, 0xffffffff}} {
		acl = le(acl, e[0], 2)
		acl = le(acl, e[1], 2)
		acl = le(acl, e[2], 4)
	}
	if err := unix.Setxattr(p, "system.posix_acl_access", acl, 0); err != nil {
		t.Skipf("no POSIX ACLs here: %v", err)
	}
	_, _, before := fileOwner(t, p)
	fullRead(t, s, "acl.txt")
	mustOK(t, edit(t, s, "acl.txt", "a", "b"))
	buf := make([]byte, 256)
	n, err := unix.Getxattr(p, "system.posix_acl_access", buf)
	if err != nil || string(buf[:n]) != string(acl) {
		t.Fatalf("ACL after the edit: %x, %v (want %x)", buf[:max(n, 0)], err, acl)
	}
	if _, _, after := fileOwner(t, p); after != before {
		t.Fatalf("mode %v, was %v", after, before)
	}
}
