//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// Issue 43, "the doors, pinned": each security flag of the door's opens
// has a test that fails when the flag is dropped. These two could be
// dropped with every test passing.

// HasGitEntry opens the folder with O_NOFOLLOW: a link the repository
// ships, leading to a folder with a .git elsewhere, is not a nested
// repository of this one (following it would let a repository decide
// what repox treats as a submodule, by a folder outside it).
func TestHasGitEntryFollowsNoLink(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(outside, "other", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "nested", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "other"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !HasGitEntry(f, "nested") {
		t.Error("a folder with a .git is a nested repository")
	}
	if HasGitEntry(f, "link") {
		t.Error("HasGitEntry followed a link to a folder outside")
	}
}

// A named temp file is made with O_EXCL: a name that already exists is
// never opened, so a file planted at the next temp name (here a hard
// link to a file outside the folder's tree of interest) is neither
// written through nor put in the target's place; the write takes the
// following name.
func TestNamedTempNeverOpensAnExistingName(t *testing.T) {
	dir := t.TempDir()
	canary := filepath.Join(t.TempDir(), "canary")
	// the canary must share the file system to be hard-linked: a sibling
	// folder of dir under the same temp root
	if err := os.WriteFile(canary, []byte("canary\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	planted := TempPrefix + "0000000000000000" + TempSuffix
	if err := os.Link(canary, filepath.Join(dir, planted)); err != nil {
		t.Skipf("no hard link across the test's temp folders: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	names := []string{planted, TempPrefix + "1111111111111111" + TempSuffix}
	r.SetHooks(Hooks{NamedTemps: true, TempName: func() string {
		n := names[0]
		if len(names) > 1 {
			names = names[1:]
		}
		return n
	}})
	tg, err := r.Target("f.txt", false)
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Close()
	f, err := tg.OpenFile()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Load(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	if err := tg.Replace([]byte("new\n"), st, f); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(canary); string(got) != "canary\n" {
		t.Errorf("the file planted at a temp name was written through: %q", got)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(got) != "new\n" {
		t.Errorf("f.txt holds %q, want the new content", got)
	}
	if st, err := os.Stat(filepath.Join(dir, "f.txt")); err == nil {
		if cst, _ := os.Stat(canary); os.SameFile(st, cst) {
			t.Error("the planted file took f.txt's place")
		}
	}
}

// Target.OpenFile looks at the name (no link, a regular file) and then
// opens it with O_NOFOLLOW and O_NONBLOCK: the flags hold when the name
// is swapped between the look and the open. The seam's openat swaps it
// in that window, then makes the real call with the real flags.
func TestTargetOpenHoldsWhenTheNameIsSwappedAfterTheLook(t *testing.T) {
	for _, swap := range []string{"symlink", "fifo"} {
		t.Run(swap, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			secret := filepath.Join(outside, "secret")
			if err := os.WriteFile(secret, []byte("secret\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(dir, "f.txt")
			if err := os.WriteFile(p, []byte("mine\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			swapped := false
			r.faults.openat = func(dirFd int, name string, flags int, mode uint32) (int, error) {
				if name == "f.txt" && !swapped {
					swapped = true
					os.Remove(p)
					if swap == "symlink" {
						os.Symlink(secret, p)
					} else if err := unix.Mkfifo(p, 0o644); err != nil {
						t.Skipf("no FIFO here: %v", err)
					}
				}
				return unix.Openat(dirFd, name, flags, mode)
			}
			tg, err := r.Target("f.txt", false)
			if err != nil {
				t.Fatal(err)
			}
			defer tg.Close()
			type opened struct {
				f   *File
				err error
			}
			done := make(chan opened, 1)
			go func() { f, err := tg.OpenFile(); done <- opened{f, err} }()
			select {
			case o := <-done:
				if o.err == nil {
					defer o.f.Close()
				}
				// the open itself refuses the link (O_NOFOLLOW): no file
				// outside is opened, whatever later checks would say
				if swap == "symlink" && (o.err == nil || !strings.Contains(o.err.Error(), "is a symlink")) {
					t.Fatalf("the open followed the link swapped in after the look: %v", o.err)
				}
			case <-time.After(20 * time.Second):
				// unblock the open so the test can end: a writer for the FIFO
				if w, err := os.OpenFile(p, os.O_WRONLY|unix.O_NONBLOCK, 0); err == nil {
					w.Close()
				}
				t.Fatal("the open waited on a FIFO swapped in after the look (no O_NONBLOCK)")
			}
		})
	}
}

// A Target enters the folders on its way with O_NOFOLLOW: a folder link
// (here to a folder outside) refuses the target, whatever the layers
// above checked before (repoops resolves paths first; this door must
// hold on its own).
func TestTargetEntersNoFolderLink(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, mkdirs := range []bool{false, true} {
		tg, err := r.Target("out/new.txt", mkdirs)
		if err == nil {
			tg.Create([]byte("through the link\n"))
			tg.Close()
		}
		if err == nil {
			t.Errorf("mkdirs %v: a target through a folder link was opened", mkdirs)
		}
	}
	if ents, _ := os.ReadDir(outside); len(ents) > 0 {
		t.Errorf("a file was made through the folder link: %v", ents)
	}
}

// OpenRead opens with O_NONBLOCK: a FIFO at the name is opened at once,
// for the caller's fstat to refuse, never waited on for a writer.
func TestOpenReadNeverWaitsOnAFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pipe")
	if err := unix.Mkfifo(p, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	done := make(chan error, 1)
	go func() {
		f, err := r.OpenRead("pipe")
		if err == nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		if w, err := os.OpenFile(p, os.O_WRONLY|unix.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatal("OpenRead waited on a FIFO (no O_NONBLOCK)")
	}
}

// OpenChildDir opens the sub-folder with O_NOFOLLOW: a link to a folder
// outside is refused, never entered.
func TestOpenChildDirEntersNoLink(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, "in"), 0o755)
	parent, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer parent.Close()
	if f, err := OpenChildDir(parent, "in"); err != nil {
		t.Errorf("a real sub-folder: %v", err)
	} else {
		f.Close()
	}
	if f, err := OpenChildDir(parent, "out"); err == nil {
		f.Close()
		t.Error("OpenChildDir entered a folder link")
	}
}

// HasGitEntry opens the name as a folder only (O_DIRECTORY): a FIFO
// planted where a folder was listed (a race between the listing and the
// check) fails the open at once and is no nested repository, instead of
// holding the walk until some writer opens the pipe.
func TestHasGitEntryNeverWaitsOnAFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pipe")
	if err := unix.Mkfifo(p, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	done := make(chan bool, 1)
	go func() { done <- HasGitEntry(f, "pipe") }()
	select {
	case got := <-done:
		if got {
			t.Error("a FIFO was taken for a folder holding .git")
		}
	case <-time.After(20 * time.Second):
		if w, err := os.OpenFile(p, os.O_WRONLY|unix.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatal("HasGitEntry waited on a FIFO (no O_DIRECTORY)")
	}
}
