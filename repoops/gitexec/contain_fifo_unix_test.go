//go:build unix

package gitexec

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
	"golang.org/x/sys/unix"
)

// A hostile repository's commondir or objects/info/alternates may be a
// FIFO: reading it would wait for a writer forever, so the check refuses
// it without waiting on it (the trap is waitsOnFIFO's).
func TestCheckGitDirNeverWaitsOnAFIFO(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"commondir", "its git folder's commondir is not a regular file"},
		{"objects/info/alternates", "its objects/info/alternates cannot be read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n"})
			fifo := filepath.Join(dir, ".git", c.name)
			must(t, os.MkdirAll(filepath.Dir(fifo), 0o755))
			must(t, unix.Mkfifo(fifo, 0o644))
			var err error
			if waitsOnFIFO(fifo, func() { _, _, err = checkGitDir(filepath.Join(dir, ".git"), []string{dir}) }) {
				t.Fatalf("checkGitDir waited on the FIFO %s for a writer (it would wait forever)", c.name)
			}
			wantRefusal(t, err, c.want)
		})
	}
}
