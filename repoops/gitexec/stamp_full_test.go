package gitexec

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// idlessInfo is a file's stat with no inode and no ctime, as Windows gives.
type idlessInfo struct{ os.FileInfo }

func (idlessInfo) Sys() any { return nil }

// Only a stamp whose every present file had an inode and a ctime may be
// kept across processes: one file without them makes the whole stamp not
// full, wherever it stands among the files; absent files do not count.
func TestStampIsFullOnlyWhenEveryFileHasItsIDs(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, full, _ := statText(st); !full {
		t.Skip("this system's stat gives no inode or ctime")
	}
	bare := idlessInfo{st}
	for _, c := range []struct {
		name string
		sts  []os.FileInfo
		full bool
	}{
		{"every file with ids", []os.FileInfo{st, st}, true},
		{"an absent file", []os.FileInfo{nil, st}, true},
		{"the first without ids", []os.FileInfo{bare, st}, false},
		{"the last without ids", []os.FileInfo{st, bare}, false},
	} {
		if got := stampOf(c.sts).full; got != c.full {
			t.Errorf("%s: full %v, want %v", c.name, got, c.full)
		}
	}
	if s := stampOf([]os.FileInfo{st, bare}); s.settled(time.Now().Add(time.Hour).UnixNano()) {
		t.Error("a stamp that is not full counts as settled")
	}
}
