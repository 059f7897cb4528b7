//go:build unix

package repoops

import (
	"testing"
	"time"
)

// TestCloseWaitsForRunningScans: a scan holds the root's fd number; Close
// must not release it while a reader (a cancelled search finishing its
// batch) still opens names relative to it, or the number could already
// name another file. Readers made after Close open nothing.
func TestCloseWaitsForRunningScans(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "x\n"})
	repo, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	rd := newFdReader(repo)
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
	if _, oc := rd.read("a.txt", &buf, 1<<20); oc != scanRead {
		t.Fatalf("the running scan lost its root: outcome %v", oc)
	}
	rd.close()
	<-closed
	late := newFdReader(repo)
	if _, oc := late.read("a.txt", &buf, 1<<20); oc == scanRead {
		t.Fatal("a reader made after Close still read through the old fd number")
	}
	late.close()
}
