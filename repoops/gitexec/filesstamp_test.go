package gitexec

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/repoxhq/repox/repoops/repotest"
)

// FilesStamp moves with every file git's file set depends on outside the
// root's folders (the trap of a warm repository's revalidation), and only
// then; an index without a trailer gives no stamp.
func TestFilesStampMovesWithWhatTheFileSetDependsOn(t *testing.T) {
	ctx := context.Background()
	dir := repotest.GitRepo(t, map[string]string{"a.txt": "a\n", "sub/b.txt": "b\n"})
	g := detectAt(t, dir)
	stamp := func() string {
		s, _, ok := g.FilesStamp(ctx)
		if !ok {
			t.Fatal("no stamp for an ordinary repository")
		}
		return s
	}
	last := stamp()
	if again := stamp(); again != last {
		t.Fatalf("the stamp moved with nothing changed:\n%s\n%s", last, again)
	}
	for _, c := range []struct {
		what string
		do   func()
	}{
		{"git add", func() {
			must(t, os.WriteFile(filepath.Join(dir, "c.txt"), []byte("c"), 0o644))
			repotest.Git(t, dir, "add", "c.txt")
		}},
		{"info/exclude", func() {
			must(t, os.MkdirAll(filepath.Join(dir, ".git", "info"), 0o755))
			must(t, os.WriteFile(filepath.Join(dir, ".git", "info", "exclude"), []byte("*.x\n"), 0o644))
		}},
		{"config", func() { repotest.Git(t, dir, "config", "core.excludesFile", "rules") }},
		{"the excludes file inside the root", func() {
			must(t, os.WriteFile(filepath.Join(dir, "rules"), []byte("*.y\n"), 0o644))
		}},
	} {
		time.Sleep(10 * time.Millisecond)
		c.do()
		now := stamp()
		if now == last {
			t.Errorf("%s: the stamp did not move", c.what)
		}
		last = now
	}
	// The stamp of a root in a sub-folder covers the .gitignore above it.
	sub := detectAt(t, filepath.Join(dir, "sub"))
	before, _, _ := sub.FilesStamp(ctx)
	must(t, os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("*.z\n"), 0o644))
	if after, _, _ := sub.FilesStamp(ctx); after == before {
		t.Error("a .gitignore above the root: the stamp did not move")
	}
}
