package repoops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/repoops/rootfs"
)

// indexFixture is a repository whose index holds what the tracked half
// must get right: a conflict (stages 1-3 of one path), gitlinks, an
// intent-to-add entry, a tracked file deleted on disk, names with a
// newline, UTF-8, a backslash and a tab, siblings that sort between a
// folder's name and its contents ("sub-x", "sub.c"), a write's temp name,
// and untracked files. form is the index: "v2" (no intent-to-add entry),
// "v3", "v4" (prefix-compressed), or "skip-worktree", "split", "sha256"
// (left to git).
func indexFixture(t *testing.T, form string) string {
	t.Helper()
	files := map[string]string{
		"a.txt": "a\n", "sub/b.txt": "b\n", "sub/deep/c.txt": "c\n", "sub-x/y.txt": "y\n", "sub.c": "c\n",
		"z/conf.txt": "base\n", "nl\nname.txt": "n\n", "sp ace/é ü\tq.txt": "u\n", `back\slash.txt`: "b\n",
		"gone/deleted.txt": "d\n", "sub/" + rootfs.TempPrefix + "0123456789abcdef" + rootfs.TempSuffix: "t\n",
	}
	var dir string
	if form == "sha256" {
		needGit(t)
		dir = t.TempDir()
		git(t, dir, "init", "-q", "-b", "main", "--object-format=sha256")
		writeFiles(t, dir, files)
		git(t, dir, "add", "-A")
		git(t, dir, "commit", "-q", "-m", "fixture")
	} else {
		dir = gitRepo(t, files)
	}
	head := strings.TrimSpace(git(t, dir, "rev-parse", "HEAD"))
	git(t, dir, "update-index", "--add", "--cacheinfo", "160000,"+head+",sub/module")
	git(t, dir, "update-index", "--add", "--cacheinfo", "160000,"+head+",top-module")
	blob := strings.TrimSpace(git(t, dir, "rev-parse", "HEAD:z/conf.txt"))
	zero := strings.Repeat("0", len(blob))
	info := "0 " + zero + "\tz/conf.txt\n100644 " + blob + " 1\tz/conf.txt\n100644 " + blob + " 2\tz/conf.txt\n100644 " + blob + " 3\tz/conf.txt\n"
	cmd := repotest.GitCmd(dir, "update-index", "--index-info")
	cmd.Stdin = strings.NewReader(info)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	writeFiles(t, dir, map[string]string{"new/intent.txt": "n\n", "untracked.txt": "u\n", "sub/loose.txt": "l\n"})
	if form != "v2" { // an intent-to-add entry makes the index version 3
		git(t, dir, "add", "-N", "new/intent.txt")
	}
	must(t, os.Remove(filepath.Join(dir, "gone", "deleted.txt")))
	switch form {
	case "v2", "v3", "v4":
		git(t, dir, "update-index", "--index-version", form[1:])
	case "skip-worktree":
		git(t, dir, "update-index", "--skip-worktree", "a.txt")
	case "split":
		git(t, dir, "update-index", "--split-index")
		git(t, dir, "update-index", "--add", "--cacheinfo", "100644,"+blob+",later.txt")
	}
	return dir
}

// gitListing is `git ls-files -z <which> [-- scope]` in dir as repox runs
// it (literal pathspecs), less what the file set never lists.
func gitListing(t *testing.T, dir, scope string, which ...string) []string {
	t.Helper()
	args := append([]string{"--literal-pathspecs", "ls-files", "-z"}, which...)
	if scope != "" {
		args = append(args, "--", scope)
	}
	out, err := repotest.GitCmd(dir, args...).Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	var l []string
	for p := range strings.SplitSeq(string(out), "\x00") {
		p = strings.TrimSuffix(p, "/")
		if p != "" && !hasGitDirPart(p) && !rootfs.IsWriteTempPath(p) {
			l = append(l, p)
		}
	}
	return l
}

// TestFileSetTrackedHalfIsGits: the file set is, path for path and in
// order, `git ls-files --cached --deduplicate` then `--others
// --exclude-standard`, with and without a scope, at the top and in a
// sub-folder root — read from the index file itself where it can be
// (v2, v3 with intent-to-add, v4), and by git where it cannot
// (skip-worktree, split index, SHA-256), with the same answer.
func TestFileSetTrackedHalfIsGits(t *testing.T) {
	for _, form := range []string{"v2", "v3", "v4", "skip-worktree", "split", "sha256"} {
		dir := indexFixture(t, form)
		direct := form[0] == 'v'
		if data, err := os.ReadFile(filepath.Join(dir, ".git", "index")); err != nil || len(data) < 8 {
			t.Fatal(err)
		} else if direct && "v"+string(rune('0'+data[7])) != form {
			t.Fatalf("%s: the fixture's index is version %d", form, data[7])
		}
		for _, root := range []string{dir, filepath.Join(dir, "sub")} {
			r := openRepo(t, root)
			if !r.IsGit() {
				t.Fatalf("%s: no git mode: %s", form, r.gitNote)
			}
			if _, ok, err := r.git.IndexFiles(context.Background(), maxFileListBytes); err != nil || ok != direct {
				t.Fatalf("%s at %s: index read directly = %v (%v), want %v", form, root, ok, err, direct)
			}
			for _, scope := range []string{"", "sub", "sub/deep", "sub/module", "a.txt", "z", "new", "gone", "none", "deep"} {
				tracked := gitListing(t, root, scope, "--cached", "--deduplicate")
				want := append(tracked, gitListing(t, root, scope, "--others", "--exclude-standard")...)
				var got []string
				if _, err := r.eachFile(context.Background(), scope, func(p string) { got = append(got, p) }); err != nil {
					t.Fatalf("%s at %s, scope %q: %v", form, root, scope, err)
				}
				if g, w := strings.Join(got, "\n|"), strings.Join(want, "\n|"); g != w {
					t.Fatalf("%s at %s, scope %q:\nlisted:\n%s\ngit:\n%s", form, root, scope, g, w)
				}
				if root == dir && scope == "" && len(tracked) < 12 {
					t.Fatalf("%s: git tracks only %q", form, tracked)
				}
			}
		}
	}
}

// TestFileSetSeesIndexChangesInOneSession: one Session (as repox mcp keeps
// for its whole life) sees the index as it is at each call: a file that
// git stops tracking and an ignore rule hides leaves repo_find's answer,
// and one added comes in, with no Refresh between.
func TestFileSetSeesIndexChangesInOneSession(t *testing.T) {
	dir := gitRepo(t, map[string]string{".gitignore": "*.log\n", "a.txt": "a\n"})
	writeFiles(t, dir, map[string]string{"kept.log": "k\n", "other.log": "o\n"})
	git(t, dir, "add", "-f", "kept.log")
	s := openSession(t, dir)
	if ok, _, _ := s.repo.git.IndexFiles(context.Background(), maxFileListBytes); ok == nil {
		t.Fatal("the fixture's index is not read directly")
	}
	mustContain(t, mustOK(t, call(t, s, "repo_find", FindArgs{Query: ".log"})), "kept.log", "(1 match among")
	git(t, dir, "rm", "-q", "--cached", "kept.log")
	git(t, dir, "add", "-f", "other.log")
	got := mustOK(t, call(t, s, "repo_find", FindArgs{Query: ".log"}))
	mustContain(t, got, "other.log", "(1 match among")
	mustNotContain(t, got, "kept.log")
}
