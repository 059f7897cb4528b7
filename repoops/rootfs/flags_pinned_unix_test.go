//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"testing"
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
