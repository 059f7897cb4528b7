//go:build unix

package rootfs

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestCloseWaitsForRunningScans: a scan holds the root's fd number; Close
// must not release it while a reader (a cancelled search finishing its
// batch) still opens names relative to it, or the number could already
// name another file. Readers made after Close open nothing.
func TestCloseWaitsForRunningScans(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	repo, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	rd := repo.Scanner()
	closed := make(chan struct{})
	go func() {
		repo.Close()
		close(closed)
	}()
	select {
	case <-closed:
		t.Fatal("Close returned while a scan still held the root's fd")
	case <-time.After(100 * time.Millisecond):
	}
	var buf []byte
	if _, oc := rd.Read("a.txt", &buf, 1<<20); oc != ScanRead {
		t.Fatalf("the running scan lost its root: outcome %v", oc)
	}
	rd.Close()
	<-closed
	late := repo.Scanner()
	if _, oc := late.Read("a.txt", &buf, 1<<20); oc == ScanRead {
		t.Fatal("a reader made after Close still read through the old fd number")
	}
	late.Close()
}
