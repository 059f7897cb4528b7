//go:build unix

package repoops

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// Unreadable files and folders are skipped, counted and named: a "no match"
// never hides them.
func TestUnreadableIsCountedNeverDropped(t *testing.T) {
	if repotest.AsNobody(t, nil) {
		return
	}
	dir := plainDir(t, map[string]string{
		"a.txt":        "needle\n",
		"secret.txt":   "needle\n",
		"locked/b.txt": "needle\n",
	})
	if err := os.Chmod(filepath.Join(dir, "secret.txt"), 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "locked"), 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(dir, "locked"), 0o755) })
	s := openSession(t, dir)
	g := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "needle"}))
	mustContain(t, g, "a.txt:1: needle", "searched 1 file in the whole repository; skipped 1 unreadable, 1 unreadable folder whose files were not searched (locked/)")
	f := mustOK(t, call(t, s, "repo_find", map[string]any{"query": "txt"}))
	mustContain(t, f, "(1 folder could not be read, so the files in it are not included: locked/)")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "secret.txt"}), "secret.txt is not readable (permission denied)")
	tr := mustOK(t, call(t, s, "repo_tree", nil))
	mustContain(t, tr, "locked/ (locked is not readable (permission denied))")
}
