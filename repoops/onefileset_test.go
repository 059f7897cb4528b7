package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Item 21: the tree, find, grep and git's file set agree with a repo-level
// core.excludesFile (honoured inside the root, never read outside it) and
// with nested repositories of every kind, each shown as one entry.
func TestOneFileSetWithExcludesFileAndNestedRepos(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "hello\n", "tracked/t.txt": "hello\n"})
	// A submodule (gitlink with its .git), an embedded gitlink whose .git
	// is gone but whose files remain, an untracked repository, a folder
	// with an empty .git folder (not a repository to git), a gitfile to a
	// repository, and a tracked folder that also holds a .git.
	sm := filepath.Join(dir, "sm")
	writeFiles(t, sm, map[string]string{"s.txt": "hello\n"})
	git(t, sm, "init", "-q")
	git(t, sm, "add", ".")
	git(t, sm, "commit", "-q", "-m", "s")
	gone := filepath.Join(dir, "gone")
	writeFiles(t, gone, map[string]string{"g.txt": "hello\n"})
	git(t, gone, "init", "-q")
	git(t, gone, "add", ".")
	git(t, gone, "commit", "-q", "-m", "g")
	git(t, dir, "add", "sm", "gone")
	git(t, dir, "commit", "-q", "-m", "gitlinks")
	must(t, os.RemoveAll(filepath.Join(gone, ".git")))
	nested := filepath.Join(dir, "nested")
	writeFiles(t, nested, map[string]string{"n.txt": "hello\n"})
	git(t, nested, "init", "-q")
	writeFiles(t, dir, map[string]string{"fake/x.txt": "hello\n"})
	must(t, os.MkdirAll(filepath.Join(dir, "fake", ".git"), 0o755))
	writeFiles(t, dir, map[string]string{"linked/l.txt": "hello\n", "linked/.git": "gitdir: ../nested/.git\n"})
	git(t, filepath.Join(dir, "tracked"), "init", "-q")
	writeFiles(t, dir, map[string]string{"tracked/u.txt": "hello\n"})
	// core.excludesFile inside the root is honoured; one outside is not read.
	outside := filepath.Join(t.TempDir(), "excludes")
	writeFiles(t, filepath.Dir(outside), map[string]string{"excludes": "*.out\n"})
	writeFiles(t, dir, map[string]string{"x.ex": "hello\n", "y.out": "hello\n", "excl/rules": "*.ex\n"})
	for _, c := range []struct{ value, excluded, kept string }{
		{"excl/rules", "x.ex", "y.out"},
		{filepath.Join(dir, "excl", "rules"), "x.ex", "y.out"},
		{outside, "", "y.out"},
	} {
		git(t, dir, "config", "core.excludesFile", c.value)
		for _, root := range []string{dir} {
			r, err := Open(root)
			if err != nil {
				t.Fatal(err)
			}
			set, walked := sortedFileSet(t, r), walkedFiles(t, r)
			if strings.Join(set, ",") != strings.Join(walked, ",") {
				t.Fatalf("excludesFile %s: git's file set %v, the listing %v", c.value, set, walked)
			}
			joined := "," + strings.Join(set, ",") + ","
			for _, want := range []string{"a.txt", "sm", "gone", "nested", "linked", "fake/x.txt", "tracked/t.txt", "tracked/u.txt", c.kept} {
				if !strings.Contains(joined, ","+want+",") {
					t.Fatalf("excludesFile %s: %s missing from %v", c.value, want, set)
				}
			}
			for _, bad := range []string{"sm/s.txt", "gone/g.txt", "nested/n.txt", "linked/l.txt"} {
				if strings.Contains(joined, ","+bad+",") {
					t.Fatalf("%s is listed: %v", bad, set)
				}
			}
			if c.excluded != "" && strings.Contains(joined, ","+c.excluded+",") {
				t.Fatalf("excludesFile %s: %s listed: %v", c.value, c.excluded, set)
			}
			s := r.NewSession()
			tr := mustOK(t, call(t, s, "repo_tree", nil))
			mustContain(t, tr, "sm/ "+MarkSubmodule, "gone/ "+MarkSubmodule, "nested/ "+MarkNestedRepo, "linked/ "+MarkNestedRepo, "fake/x.txt", "tracked/u.txt")
			mustNotContain(t, tr, "s.txt", "g.txt", "n.txt", "l.txt")
			g := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "hello"}))
			mustContain(t, g, "4 submodules (a separate repository")
			mustNotContain(t, g, "missing on disk", "n.txt", "s.txt")
			f := mustOK(t, call(t, s, "repo_find", map[string]any{"query": "e"}))
			mustContain(t, f, "nested/ "+MarkNestedRepo, "gone/ "+MarkSubmodule, "linked/ "+MarkNestedRepo)
			mustRefuse(t, call(t, s, "repo_tree", map[string]any{"path": "nested"}), "a git repository inside this one", "open nested as its own root")
			mustRefuse(t, call(t, s, "repo_tree", map[string]any{"path": "sm"}), "is a submodule")
			r.Close()
		}
	}
}

// The same with the root in a sub-folder of the work tree.
func TestOneFileSetWithNestedReposFromASubFolder(t *testing.T) {
	dir := gitRepo(t, map[string]string{"deep/f.txt": "hello\n", "top.txt": "x\n"})
	sm := filepath.Join(dir, "deep", "sm")
	writeFiles(t, sm, map[string]string{"s.txt": "hello\n"})
	git(t, sm, "init", "-q")
	git(t, sm, "add", ".")
	git(t, sm, "commit", "-q", "-m", "s")
	git(t, dir, "add", "deep/sm")
	git(t, dir, "commit", "-q", "-m", "sm")
	inner := filepath.Join(dir, "deep", "inner")
	writeFiles(t, inner, map[string]string{"n.txt": "hello\n"})
	git(t, inner, "init", "-q")
	r, err := Open(filepath.Join(dir, "deep"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	set, walked := sortedFileSet(t, r), walkedFiles(t, r)
	if strings.Join(set, ",") != "f.txt,inner,sm" || strings.Join(walked, ",") != strings.Join(set, ",") {
		t.Fatalf("git's file set %v, the listing %v", set, walked)
	}
	s := r.NewSession()
	mustContain(t, mustOK(t, call(t, s, "repo_tree", nil)), "inner/ "+MarkNestedRepo, "sm/ "+MarkSubmodule)
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "status"})), "1 submodule not inspected (sm)")
	g := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "hello"}))
	mustContain(t, g, "f.txt:1: hello", "2 submodules")
	mustNotContain(t, g, "missing on disk")
}
