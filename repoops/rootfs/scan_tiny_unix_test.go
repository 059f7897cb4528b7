//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"testing"
)

// The smallest reads: a 1-byte file is read whole into a Scanner's fresh
// (empty) buffer, with a limit far above it and with a limit of exactly
// one byte.
func TestScannerReadsAOneByteFileIntoAFreshBuffer(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "one"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, limit := range []int{1 << 20, 1} {
		s := r.Scanner()
		var buf []byte
		got, oc := s.Read("one", &buf, limit)
		s.Close()
		if oc != ScanRead || string(got) != "x" {
			t.Errorf("limit %d: %q, outcome %v; want \"x\" read", limit, got, oc)
		}
	}
}
