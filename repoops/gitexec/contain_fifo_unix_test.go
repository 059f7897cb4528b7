//go:build unix

package gitexec

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
	"golang.org/x/sys/unix"
)

// A hostile repository's commondir or objects/info/alternates may be a
// FIFO: reading it would wait for a writer forever, so the open's check
// refuses it without opening it. The trap is TestIndexFilesNeverOpensAFIFOIndex's:
// a write end opened without blocking succeeds only while a reader has
// the FIFO open, and releases it.
func TestCheckGitDirNeverOpensAFIFO(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"commondir", "its git folder's commondir is not a regular file"},
		{"objects/info/alternates", "its objects/info/alternates cannot be read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
			fifo := filepath.Join(dir, ".git", c.name)
			must(t, os.MkdirAll(filepath.Dir(fifo), 0o755))
			must(t, unix.Mkfifo(fifo, 0o644))
			done := make(chan error, 1)
			go func() {
				_, _, err := checkGitDir(filepath.Join(dir, ".git"), []string{dir})
				done <- err
			}()
			for {
				select {
				case err := <-done:
					wantRefusal(t, err, c.want)
					return
				default:
				}
				if fd, err := unix.Open(fifo, unix.O_WRONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0); err == nil {
					unix.Close(fd)
					<-done
					t.Fatalf("checkGitDir opened the FIFO %s for reading (it would wait for a writer forever)", c.name)
				}
				time.Sleep(time.Millisecond)
			}
		})
	}
}
