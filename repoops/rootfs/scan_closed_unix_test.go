//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"testing"
)

// A Scanner of a root that is closing, or one used after its Close, opens
// nothing: every read says the file could not be read — never that it is
// missing, which would tell the caller something false about the tree.
func TestScannerOfAClosedRootReadsNothing(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s := r.Scanner()
	var buf []byte
	if _, oc := s.Read("a.txt", &buf, 1<<20); oc != ScanRead {
		t.Fatalf("a.txt before Close: outcome %v", oc)
	}
	s.Close()
	if _, oc := s.Read("a.txt", &buf, 1<<20); oc != ScanUnreadable {
		t.Errorf("a.txt through a closed Scanner: outcome %v, want %v", oc, ScanUnreadable)
	}
	r.Close()
	late := r.Scanner()
	defer late.Close()
	if _, oc := late.Read("a.txt", &buf, 1<<20); oc != ScanUnreadable {
		t.Errorf("a.txt through a Scanner of a closed root: outcome %v, want %v", oc, ScanUnreadable)
	}
}
