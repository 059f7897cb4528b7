package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// repo_find's contract, line by line: every match (not only the first),
// file-name matches before folder-part matches, shorter paths first, then
// by path; case folded both ways; globs at any depth or anchored with /
// and **; the limit and the footer that says a list was cut; tracked
// files deleted from disk left out; a missing scope refused.
func TestFindListsEveryMatchRankedWithItsFooter(t *testing.T) {
	dir := plainDir(t, map[string]string{
		"b/util.txt":           "x",
		"a/util.txt":           "x",
		"util.txt":             "x",
		"util/z.txt":           "x",
		"deep/er/util_more.md": "x",
		"other.txt":            "x",
	})
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_find", map[string]any{"query": "util"}))
	want := "util.txt\na/util.txt\nb/util.txt\ndeep/er/util_more.md\nutil/z.txt\n(5 matches among 6 files in the whole repository)"
	if out != want {
		t.Fatalf("repo_find util:\n%s\nwant:\n%s", out, want)
	}
	out = mustOK(t, call(t, s, "repo_find", map[string]any{"query": "UTIL", "limit": 2}))
	if want := "util.txt\na/util.txt\n(showing 2 of 5 matches — narrow with path or a longer query)"; out != want {
		t.Fatalf("repo_find UTIL limit 2:\n%s\nwant:\n%s", out, want)
	}
	out = mustOK(t, call(t, s, "repo_find", map[string]any{"query": "util", "limit": 5}))
	mustContain(t, out, "(5 matches among 6 files in the whole repository)")
	out = mustOK(t, call(t, s, "repo_find", map[string]any{"query": "util", "path": "b"}))
	if want := "b/util.txt\n(1 match among 1 file in b)"; out != want {
		t.Fatalf("repo_find util in b:\n%s\nwant:\n%s", out, want)
	}
	out = mustOK(t, call(t, s, "repo_find", map[string]any{"query": "nothing-like-it"}))
	if want := `no path matches "nothing-like-it" among 6 files in the whole repository (repo_find matches paths; use repo_grep to search contents)`; out != want {
		t.Fatalf("no match:\n%s", out)
	}
	mustRefuse(t, call(t, s, "repo_find", map[string]any{"query": "util", "path": "missing"}), "missing does not exist")
}

func TestFindGlobs(t *testing.T) {
	dir := plainDir(t, map[string]string{
		"Main.GO":                "x",
		"src/app/test_a.py":      "x",
		"src/test_b.py":          "x",
		"src/app/deep/test_c.py": "x",
		"lib/test_d.py":          "x",
		"src/app/notes.txt":      "x",
	})
	s := openSession(t, dir)
	for q, want := range map[string]string{
		"*.go":             "Main.GO\n(1 match among 6 files in the whole repository)",
		"test_?.PY":        "lib/test_d.py\nsrc/test_b.py\nsrc/app/test_a.py\nsrc/app/deep/test_c.py\n(4 matches among 6 files in the whole repository)",
		"src/**/test_*.py": "src/test_b.py\nsrc/app/test_a.py\nsrc/app/deep/test_c.py\n(3 matches among 6 files in the whole repository)",
		"src/*/test_*.py":  "src/app/test_a.py\n(1 match among 6 files in the whole repository)",
		"[mn]*":            "Main.GO\nsrc/app/notes.txt\n(2 matches among 6 files in the whole repository)",
	} {
		if out := mustOK(t, call(t, s, "repo_find", map[string]any{"query": q})); out != want {
			t.Errorf("repo_find %s:\n%s\nwant:\n%s", q, out, want)
		}
	}
	mustRefuse(t, call(t, s, "repo_find", map[string]any{"query": "[ab"}), "is a malformed glob")
}

func TestFindLeavesOutTrackedFilesDeletedFromDisk(t *testing.T) {
	dir := gitRepo(t, map[string]string{"keep.txt": "k\n", "gone.txt": "g\n", "sub/gone2.txt": "g\n"})
	for _, n := range []string{"gone.txt", "sub/gone2.txt"} {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(n))); err != nil {
			t.Fatal(err)
		}
	}
	s := openSession(t, dir)
	out := mustOK(t, call(t, s, "repo_find", map[string]any{"query": ".txt"}))
	if !strings.HasPrefix(out, "keep.txt\n(1 match among ") {
		t.Fatalf("repo_find .txt after deleting two tracked files:\n%s", out)
	}
}

// In a git repository the file set of a missing folder is just empty; find
// still refuses the scope rather than saying "no match" under it.
func TestFindRefusesAMissingScope(t *testing.T) {
	for _, mode := range []string{"git", "plain"} {
		t.Run(mode, func(t *testing.T) {
			files := map[string]string{"a.txt": "a\n", "empty/.keep": ""}
			dir := plainDir(t, files)
			if mode == "git" {
				dir = gitRepo(t, files)
			}
			s := openSession(t, dir)
			txt := mustRefuse(t, call(t, s, "repo_find", map[string]any{"query": "a", "path": "missing"}), "missing does not exist — call repo_find")
			mustNotContain(t, txt, "no path matches")
		})
	}
}
