package repoops

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// Helpers shared by the gate, edit, insert, write, plan and lock tests.

// editFixture makes a plain folder with one file of exactly these bytes
// and a session on it.
func editFixture(t testing.TB, name string, content []byte, perm os.FileMode) (string, *Session) {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, content, perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, perm); err != nil {
		t.Fatal(err)
	}
	return dir, openSession(t, dir)
}

func readBytes(t testing.TB, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mustSame fails when the file's bytes are not want.
func mustSame(t testing.TB, dir, name string, want []byte) {
	t.Helper()
	if got := readBytes(t, dir, name); !bytes.Equal(got, want) {
		t.Fatalf("%s changed:\n got %q\nwant %q", name, got, want)
	}
}

// fullRead reads a file with a limit that covers it and checks the read
// was full.
func fullRead(t testing.TB, s *Session, name string) {
	t.Helper()
	res := call(t, s, "repo_read_file", map[string]any{"path": name, "limit": 2000})
	mustOK(t, res)
	if rr, ok := res.Structured.(*ReadResult); !ok || !rr.Full {
		t.Fatalf("read of %s was not full:\n%s", name, res.Text)
	}
}

func edit(t testing.TB, s *Session, name, old, new string) Result {
	t.Helper()
	return call(t, s, "repo_edit", map[string]any{"path": name, "old_string": old, "new_string": new})
}

func insert(t testing.TB, s *Session, name string, after int, content string) Result {
	t.Helper()
	return call(t, s, "repo_insert", map[string]any{"path": name, "after_line": after, "content": content})
}

// noTempLeft fails when a write left a temp file behind.
func noTempLeft(t testing.TB, dir string) {
	t.Helper()
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && len(info.Name()) > len(rootfs.TempPrefix) && info.Name()[:len(rootfs.TempPrefix)] == rootfs.TempPrefix {
			t.Errorf("temp file left behind: %s", p)
		}
		return nil
	})
}
