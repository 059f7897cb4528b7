//go:build unix

package gitexec

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
	"golang.org/x/sys/unix"
)

// A hostile repository's .git/index may be a FIFO: opening it for reading
// would wait for a writer forever, so repox never waits on it (IndexFiles
// says the direct read does not take it, and the caller asks git, under
// git's timeout). The trap is waitsOnFIFO's.
func TestIndexFilesNeverWaitsOnAFIFOIndex(t *testing.T) {
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
	g := detectAt(t, dir)
	index := filepath.Join(dir, ".git", "index")
	must(t, os.Remove(index))
	must(t, unix.Mkfifo(index, 0o644))
	var ok bool
	var err error
	if waitsOnFIFO(index, func() { _, ok, err = g.IndexFiles(context.Background(), 1<<20) }) {
		t.Fatal("IndexFiles waited on the FIFO index for a writer (it would wait forever)")
	}
	if ok || err != nil {
		t.Fatalf("IndexFiles on a FIFO index: ok %v, %v; want not ok, no error (git is asked)", ok, err)
	}
}

// waitsOnFIFO runs read and says whether it waited on the FIFO: when it
// has not returned within 10 s (a reader that does not wait returns at
// once), the FIFO's write end is opened without blocking — which succeeds
// only while a reader has it open — to release the reader, so a failing
// run ends instead of hanging.
func waitsOnFIFO(fifo string, read func()) bool {
	done := make(chan struct{})
	go func() { read(); close(done) }()
	select {
	case <-done:
		return false
	case <-time.After(10 * time.Second):
	}
	for {
		if fd, err := unix.Open(fifo, unix.O_WRONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0); err == nil {
			unix.Close(fd)
		}
		select {
		case <-done:
			return true
		case <-time.After(time.Millisecond):
		}
	}
}
