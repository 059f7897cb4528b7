package repoops

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// A root inside a work tree (not its top) is still git mode: the file set
// is git's view of that subtree, with the ignore rules from above it, and
// repo_git covers only the subtree, with paths relative to the root.
func TestRootInsideAWorkTree(t *testing.T) {
	top := gitRepo(t, map[string]string{
		".gitignore":          "*.log\n/sub/gen/\n",
		"sub/a.txt":           "a\n",
		"sub/deeper/keep.txt": "k\n",
		"other/b.txt":         "b\n",
	})
	writeFiles(t, top, map[string]string{
		"sub/x.log":      "ignored by the top's rule\n",
		"sub/gen/out.go": "ignored by an anchored rule above the root\n",
		"sub/new.txt":    "untracked\n",
		"sub/a.txt":      "a changed\n",
		"other/c.txt":    "outside the root\n",
	})
	sub := filepath.Join(top, "sub")
	var want []string
	for _, p := range strings.Split(git(t, sub, "ls-files", "--cached", "--others", "--exclude-standard"), "\n") {
		if p != "" {
			want = append(want, p)
		}
	}
	sort.Strings(want)
	if strings.Join(want, ",") != "a.txt,deeper/keep.txt,new.txt" {
		t.Fatalf("git's own view changed: %v", want)
	}
	r, err := Open(sub)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !r.IsGit() || r.Branch() != "main" {
		t.Fatalf("git mode %v, branch %q", r.IsGit(), r.Branch())
	}
	got, walked := sortedFileSet(t, r), walkedFiles(t, r)
	if strings.Join(got, ",") != strings.Join(want, ",") || strings.Join(walked, ",") != strings.Join(want, ",") {
		t.Fatalf("file set %v, walk %v, want (git) %v", got, walked, want)
	}
	s := r.NewSession()
	tr := mustOK(t, call(t, s, "repo_tree", nil))
	mustContain(t, tr, "a.txt", "deeper/", "(2 entries matching .gitignore not listed, e.g. gen/, x.log)")
	st := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "status"}))
	mustContain(t, st, " M a.txt", "?? new.txt")
	mustNotContain(t, st, "other", "sub/")
	df := mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "diff"}))
	mustContain(t, df, "diff --git a/a.txt b/a.txt", "+a changed")
	mustNotContain(t, df, "other")
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "ls-files"})), "a.txt\ndeeper/keep.txt\n(2 tracked files)")
	mustContain(t, mustOK(t, call(t, s, "repo_git", map[string]any{"cmd": "log", "path": "deeper"})), "fixture")
	mustContain(t, mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "ignored"})), "no match")
}

func TestRootInsideAnIgnoredFolderListsNothing(t *testing.T) {
	top := gitRepo(t, map[string]string{".gitignore": "node_modules/\n", "a.txt": "a\n"})
	writeFiles(t, top, map[string]string{"node_modules/pkg/index.js": "x\n"})
	s := openSession(t, filepath.Join(top, "node_modules"))
	out := mustOK(t, call(t, s, "repo_tree", nil))
	mustContain(t, out, "has nothing to list", "matching .gitignore not listed")
	if _, err := os.Stat(filepath.Join(top, "node_modules/pkg/index.js")); err != nil {
		t.Fatal(err)
	}
}
