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
// waits for a writer forever, so repox never opens it (IndexFiles says the
// direct read does not take it, and the caller asks git, under git's
// timeout). The trap: the test opens the FIFO's write end without
// blocking, which succeeds only while a reader has it open — and then
// releases that reader, so a failing run ends instead of hanging.
func TestIndexFilesNeverOpensAFIFOIndex(t *testing.T) {
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
	g := detectAt(t, dir)
	index := filepath.Join(dir, ".git", "index")
	must(t, os.Remove(index))
	must(t, unix.Mkfifo(index, 0o644))
	type result struct {
		ok  bool
		err error
	}
	done := make(chan result, 1)
	go func() {
		_, ok, err := g.IndexFiles(context.Background(), 1<<20)
		done <- result{ok, err}
	}()
	for {
		select {
		case r := <-done:
			if r.ok || r.err != nil {
				t.Fatalf("IndexFiles on a FIFO index: ok %v, %v; want not ok, no error (git is asked)", r.ok, r.err)
			}
			return
		default:
		}
		if fd, err := unix.Open(index, unix.O_WRONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0); err == nil {
			unix.Close(fd)
			<-done
			t.Fatal("IndexFiles opened the FIFO index for reading (it would wait for a writer forever)")
		}
		time.Sleep(time.Millisecond)
	}
}
