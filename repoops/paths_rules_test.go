package repoops

import (
	"strings"
	"testing"
)

// Paths are at most 4,096 bytes: exactly that is looked up (and not found
// here), one byte more is refused before anything is opened.
func TestPathOfExactly4096BytesIsLookedUp(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	p := strings.Repeat("d/", 2047) + "xy" // 4,096 bytes
	got := call(t, s, "repo_read_file", map[string]any{"path": p})
	if !got.IsError || strings.Contains(got.Text, "paths are at most") {
		t.Fatalf("a 4,096-byte path is within the cap:\n%.300s", got.Text)
	}
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": p + "z"}), "path is 4,097 bytes long; paths are at most 4,096 bytes")
}

// The quoted empty name, with or without the folder "/", is the root.
func TestQuotedEmptyNameIsTheRoot(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	want := mustOK(t, call(t, s, "repo_tree", map[string]any{}))
	for _, p := range []string{`""`, `""/`} {
		if got := mustOK(t, call(t, s, "repo_tree", map[string]any{"path": p})); got != want {
			t.Errorf("path %s should list the root:\n%s\nwant\n%s", p, got, want)
		}
	}
}

// A NUL is refused wherever it stands, also first.
func TestNULFirstInAPathIsRefused(t *testing.T) {
	s := openSession(t, plainDir(t, map[string]string{"a.txt": "a\n"}))
	for _, p := range []string{"\x00", "\x00a.txt", "a.txt\x00"} {
		mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": p}), "contains a NUL byte, which no file name can hold")
	}
}

// A "/" after a file's name names a folder, however the path gets there
// ("./", "//", "a/../"), and the write tools refuse it; a path that only
// cleans to a file name ("./g.txt") is that file.
func TestSlashAfterAFileIsRefusedHoweverThePathIsSpelled(t *testing.T) {
	dir := plainDir(t, map[string]string{"f.txt": "f\n", "a/x.txt": "x\n"})
	s := openSession(t, dir)
	fullRead(t, s, "f.txt")
	for _, p := range []string{"./f.txt/", ".//f.txt/", "a/../f.txt/", "a/./../f.txt/."} {
		r := call(t, s, "repo_read_file", map[string]any{"path": p})
		if !r.IsError {
			t.Errorf("%s read a file as a folder:\n%s", p, r.Text)
		}
		mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": p, "content": "x\n"}), "folder")
	}
	mustSame(t, dir, "f.txt", []byte("f\n"))
	for _, p := range []string{"./g.txt", "a/../h.txt", ".//i.txt"} {
		mustOK(t, call(t, s, "repo_write", map[string]any{"path": p, "content": "n\n"}))
	}
	mustSame(t, dir, "g.txt", []byte("n\n"))
	mustSame(t, dir, "h.txt", []byte("n\n"))
	mustSame(t, dir, "i.txt", []byte("n\n"))
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "./a/../f.txt"})), "1→f")
}

// A search scoped to a file searches that file, in a plain folder and in
// git's file list.
func TestSearchScopedToAFileSearchesIt(t *testing.T) {
	files := map[string]string{"a.txt": "needle\n", "b.txt": "needle\n", "a.txt.bak": "needle\n"}
	for _, dir := range []string{plainDir(t, files), gitRepo(t, files)} {
		s := openSession(t, dir)
		got := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "needle", "path": "a.txt"}))
		mustContain(t, got, "a.txt:1")
		if strings.Contains(got, "b.txt") || strings.Contains(got, "a.txt.bak") {
			t.Fatalf("a search scoped to a.txt found other files:\n%s", got)
		}
		mustContain(t, mustOK(t, call(t, s, "repo_find", map[string]any{"query": "a", "path": "a.txt"})), "a.txt")
	}
}
