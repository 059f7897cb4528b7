package repoops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mergeFixture is a repository whose untracked files test every rule of
// the merge walk (untrackedWalk) against git's own walk: ignored folders
// holding tracked and untracked files, a negated rule, rules in a
// sub-folder, an untracked repository, a folder with a .git file that
// leads nowhere, a folder ignored by name whose files git tracks, a
// tracked file that is a folder on disk and a tracked folder that is a
// file, names that sort between a folder's name and its contents, a
// symlink, a FIFO and empty folders.
func mergeFixture(t *testing.T) string {
	t.Helper()
	dir := gitRepo(t, map[string]string{
		".gitignore": "*.log\nbuild/\n!keep.log\nout\n", "build/tracked.txt": "t\n", "src/a.go": "a\n",
		"src/.gitignore": "gen/\n*.tmp\n", "was-file": "f\n", "was-dir/x.txt": "x\n", "out/kept.txt": "k\n",
		"s/p.go": "p\n",
	})
	must(t, os.Remove(filepath.Join(dir, "was-file")))
	must(t, os.RemoveAll(filepath.Join(dir, "was-dir")))
	writeFiles(t, dir, map[string]string{
		"build/new.txt": "n\n", "debug.log": "d\n", "keep.log": "k\n", "src/gen/g.go": "g\n", "src/x.tmp": "t\n",
		"src/b.go": "b\n", "src/sub-dir/c.go": "c\n", "was-file/inside.txt": "i\n", "was-dir": "now a file\n",
		"out/new.txt": "n\n", "s-x/q.go": "q\n", "s.c": "c\n", "s/r.go": "r\n", "s0/z.go": "z\n",
		"fake/.git": "gitdir: /nowhere\n", "fake/f.txt": "f\n", "deep/a/b/c/d.txt": "d\n",
		"deep/a/.gitignore": "c/\n!keep.tmp\n", "deep/a/b/e.txt": "e\n", "deep/y.tmp": "y\n", "src/z/keep.tmp": "k\n", "src/z/w.tmp": "w\n",
	})
	nested := filepath.Join(dir, "nested")
	must(t, os.MkdirAll(nested, 0o755))
	git(t, nested, "init", "-q")
	writeFiles(t, nested, map[string]string{"n.txt": "n\n"})
	must(t, os.MkdirAll(filepath.Join(dir, "empty", "deeper"), 0o755))
	must(t, os.Symlink("src", filepath.Join(dir, "link")))
	if err := mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Log("no FIFO:", err)
	}
	return dir
}

// TestMergeWalkIsGitsOthers: the file set a fresh call lists without
// git's walk is, path for path and in order, `git ls-files --cached
// --deduplicate` then `--others --exclude-standard`, with and without a
// scope, at the top and in a sub-folder root.
func TestMergeWalkIsGitsOthers(t *testing.T) {
	if !streamedListing {
		t.Skip("git lists the untracked files on this system")
	}
	dir := mergeFixture(t)
	for _, root := range []string{dir, filepath.Join(dir, "src")} {
		r := openRepo(t, root)
		for _, scope := range []string{"", "src", "build", "build/new.txt", "nested", "nested/n.txt", "fake", "was-file", "was-dir", "s", "out", "deep/a", "link", "none"} {
			want := append(gitListing(t, root, scope, "--cached", "--deduplicate"), gitListing(t, root, scope, "--others", "--exclude-standard")...)
			var got []string
			handled, err := r.gitFilesStreamed(context.Background(), scope, func(p string) { got = append(got, p) }, nil)
			if err != nil || !handled {
				t.Fatalf("at %s, scope %q: handled %v, %v", root, scope, handled, err)
			}
			if g, w := strings.Join(got, "\n|"), strings.Join(want, "\n|"); g != w {
				t.Fatalf("at %s, scope %q:\nlisted:\n%s\ngit:\n%s", root, scope, g, w)
			}
		}
	}
}
