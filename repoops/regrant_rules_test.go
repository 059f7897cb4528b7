//go:build unix

package repoops

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// After a write the session is granted the file only if the name holds
// exactly the bytes it wrote: a change that lands between the write and
// the re-read (here: made before regrant runs) leaves it ungranted.
func TestRegrantOnlyForTheBytesTheSessionWrote(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("a\n"), 0o644)
	fullRead(t, s, "f.txt")
	p, err := s.Plan(context.Background(), EditArgs{Path: "f.txt", OldString: "a", NewString: "b"})
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"f.txt": "someone else\n"})
	tg, err := s.repo.openEditTarget(p.rel, false)
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Close()
	s.regrant(tg, p)
	if v := s.GateCheck("f.txt"); v.Allowed {
		t.Fatalf("granted a file that does not hold the written bytes: %+v", v)
	}
	// and a name that cannot be opened grants nothing either
	writeFiles(t, dir, map[string]string{"g.txt": "g\n"})
	tg2, err := s.repo.openEditTarget("g.txt", false)
	if err != nil {
		t.Fatal(err)
	}
	defer tg2.Close()
	if err := os.Remove(filepath.Join(dir, "g.txt")); err != nil {
		t.Fatal(err)
	}
	s.regrant(tg2, &Plan{Path: "g.txt", rel: "g.txt", After: []byte("g\n"), Tool: "repo_write"})
	if _, read := s.Seen("g.txt"); read {
		t.Fatal("a missing file was granted")
	}
}
