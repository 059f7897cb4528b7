package repoops

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// fileSetFixture has nested .gitignore files, negations, untracked files, a
// tracked file that matches an ignore rule, an ignored folder holding a
// tracked file, and .git/info/exclude.
var fileSetFixture = map[string]string{
	".gitignore":              "*.log\nbuild/\n/root-only.txt\n!keep.log\nnode_modules\n",
	"keep.log":                "k\n",
	"debug.log":               "d\n",
	"root-only.txt":           "r\n",
	"src/root-only.txt":       "kept: the rule is anchored to the root\n",
	"src/.gitignore":          "*.tmp\n!important.tmp\ngen/\n",
	"src/a.go":                "package a\n",
	"src/x.tmp":               "t\n",
	"src/important.tmp":       "i\n",
	"src/gen/out.go":          "g\n",
	"src/deep/er/.gitignore":  "/local.txt\n",
	"src/deep/er/local.txt":   "l\n",
	"src/deep/er/other.txt":   "o\n",
	"build/artifact.bin":      "b\n",
	"node_modules/m/index.js": "m\n",
	"docs/guide.md":           "g\n",
	"excluded-by-info.txt":    "e\n",
}

func TestFileSetMatchesGitLsFiles(t *testing.T) {
	needGit(t)
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	writeFiles(t, dir, fileSetFixture)
	writeFiles(t, dir, map[string]string{".git/info/exclude": "excluded-by-info.txt\n"})
	// Track a file that matches an ignore rule, and one inside an ignored folder.
	git(t, dir, "add", "-f", "debug.log", "build/artifact.bin")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "x")
	// Untracked files, one of them ignored.
	writeFiles(t, dir, map[string]string{"src/untracked.go": "u\n", "src/y.tmp": "y\n", "new-dir/n.txt": "n\n", "build/more.bin": "m\n"})
	// A tracked file deleted from disk is not in the set.
	writeFiles(t, dir, map[string]string{"gone.txt": "g\n"})
	git(t, dir, "add", "gone.txt")
	os.Remove(filepath.Join(dir, "gone.txt"))

	var want []string
	for _, p := range strings.Split(git(t, dir, "ls-files", "--cached", "--others", "--exclude-standard", "--deduplicate"), "\n") {
		if p == "" {
			continue
		}
		if _, err := os.Lstat(filepath.Join(dir, p)); err == nil {
			want = append(want, p)
		}
	}
	sort.Strings(want)

	r := openRepo(t, dir)
	// What grep and find search.
	got := existing(dir, sortedFileSet(t, r))
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("fileSet:\n%s\nwant (git):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// What the tree and the TUI list folder by folder must agree with git too.
	walked := walkedFiles(t, r)
	if strings.Join(walked, "\n") != strings.Join(want, "\n") {
		t.Fatalf("folder-by-folder walk:\n%s\nwant (git):\n%s", strings.Join(walked, "\n"), strings.Join(want, "\n"))
	}
	for _, p := range walked {
		if strings.HasPrefix(p, ".git/") {
			t.Fatal(".git appeared")
		}
	}
}

// Outside git, the walk honours every .gitignore the same way git would.
func TestPlainWalkHonoursEveryGitignore(t *testing.T) {
	needGit(t)
	plain := plainDir(t, fileSetFixture)
	// The same tree as an untracked git repo is the oracle.
	oracle := plainDir(t, fileSetFixture)
	git(t, oracle, "init", "-q", "-b", "main")
	var want []string
	for _, p := range strings.Split(git(t, oracle, "ls-files", "--others", "--exclude-standard"), "\n") {
		if p != "" {
			want = append(want, p)
		}
	}
	sort.Strings(want)
	r := openRepo(t, plain)
	got := sortedFileSet(t, r)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("plain walk:\n%s\nwant (git):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The tree counts what it hides.
	s := r.NewSession()
	mustContain(t, mustOK(t, call(t, s, "repo_tree", map[string]any{"max_depth": 1})), "matching .gitignore not listed")
}

func existing(dir string, paths []string) []string {
	var out []string
	for _, p := range paths {
		if _, err := os.Lstat(filepath.Join(dir, p)); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// sortedFileSet is what grep and find search, sorted.
func sortedFileSet(t *testing.T, r *Repo) []string {
	t.Helper()
	got, _, err := r.fileSet(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(got)
	return got
}

// walkedFiles is what the tree and the TUI list folder by folder: every
// entry that is not a folder, sorted.
func walkedFiles(t *testing.T, r *Repo) []string {
	t.Helper()
	var walked []string
	if _, err := r.walk(context.Background(), "", func(e DirEntry) {
		if e.Kind != KindDir {
			walked = append(walked, e.Path)
		}
	}); err != nil {
		t.Fatal(err)
	}
	sort.Strings(walked)
	return walked
}
