//go:build unix

package repoops

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/repoops/rootfs"
)

func TestWriteCreatesFileAndFolders(t *testing.T) {
	dir := plainDir(t, map[string]string{"keep.txt": "k\n"})
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_write", map[string]any{"path": "a/b/new.txt", "content": "one\ntwo\n"}))
	if out != "created a/b/new.txt: 2 lines (new folders a/, a/b/)" {
		t.Fatalf("got %q", out)
	}
	mustSame(t, dir, "a/b/new.txt", []byte("one\ntwo\n"))
	st, _ := os.Stat(filepath.Join(dir, "a/b/new.txt"))
	if st.Mode().Perm() != rootfs.NewFileMode {
		t.Fatalf("mode %v", st.Mode().Perm())
	}
	// the write granted: an edit follows without a read
	mustOK(t, edit(t, s, "a/b/new.txt", "two", "TWO"))
	// a second session did not read it: overwriting is refused
	s2 := openSession(t, dir)
	mustRefuse(t, call(t, s2, "repo_write", map[string]any{"path": "a/b/new.txt", "content": "x\n"}), "has not been read in this session")
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "/etc/x.txt", "content": "x"}), "outside the repository")
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "keep.txt/x", "content": "x"}), "keep.txt is a file, not a folder")
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": ".git/config", "content": "x"}), "inside .git")
	mustSame(t, dir, "a/b/new.txt", []byte("one\nTWO\n"))
	noTempLeft(t, dir)
}

func TestWriteOverwriteNeedsFullFreshReadAndKeepsForm(t *testing.T) {
	content := []byte(utf8BOM + "a\r\nb\r\n")
	dir, s := editFixture(t, "w.txt", content, 0o750)
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "w.txt", "content": "x\n"}), "has not been read")
	mustSame(t, dir, "w.txt", content)
	fullRead(t, s, "w.txt")
	out := mustOK(t, call(t, s, "repo_write", map[string]any{"path": "w.txt", "content": "x\ny\nz\n"}))
	mustContain(t, out, "overwrote w.txt: the file now has 3 lines (it had 2;")
	mustSame(t, dir, "w.txt", []byte(utf8BOM+"x\r\ny\r\nz\r\n"))
	st, _ := os.Stat(filepath.Join(dir, "w.txt"))
	if st.Mode().Perm() != 0o750 {
		t.Fatalf("mode %v", st.Mode().Perm())
	}
}
