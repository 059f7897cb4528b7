//go:build unix

package rootfs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// Scanner.Read takes a file of exactly limit bytes whole, with a small
// buffer or none, and refuses one byte more as too big; an empty file is
// read as empty.
func TestScannerReadLimitIsInclusive(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"exact": strings.Repeat("e", 100), "over": strings.Repeat("o", 101), "empty": ""} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repo, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	sc := repo.Scanner()
	defer sc.Close()
	for _, start := range []int{0, 10, 100} {
		buf := make([]byte, 0, start)
		if got, oc := sc.Read("exact", &buf, 100); oc != ScanRead || string(got) != strings.Repeat("e", 100) {
			t.Errorf("buffer %d: a file of exactly the limit: %v, %d bytes; want it whole", start, oc, len(got))
		}
		buf = make([]byte, 0, start)
		if got, oc := sc.Read("over", &buf, 100); oc != ScanTooBig {
			t.Errorf("buffer %d: a file one byte over the limit: %v, %d bytes; want ScanTooBig", start, oc, len(got))
		}
		if got, oc := sc.Read("empty", &buf, 100); oc != ScanRead || len(got) != 0 {
			t.Errorf("buffer %d: an empty file: %v, %q; want read, empty", start, oc, got)
		}
	}
}

// OpenChildDir takes one name: "", ".", ".." and a name with a slash are
// refused (EINVAL) before anything is opened.
func TestOpenChildDirTakesOneNameOnly(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	parent, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer parent.Close()
	for _, name := range []string{"", ".", "..", "a/b"} {
		if f, err := OpenChildDir(parent, name); !errors.Is(err, unix.EINVAL) {
			if f != nil {
				f.Close()
			}
			t.Errorf("OpenChildDir(%q): %v; want EINVAL", name, err)
		}
	}
	f, err := OpenChildDir(parent, "a")
	if err != nil {
		t.Fatalf("OpenChildDir(\"a\"): %v", err)
	}
	f.Close()
}
