package repoops

import (
	"context"
	"sort"
	"strings"
	"testing"
)

// streamFixture has tracked files and untracked ones that sort before,
// between and after them, an ignored untracked file, a tracked file an
// ignore rule matches, and enough matching lines that repo_grep's caps
// cut (over 50 lines in all, over 5 in some files).
func streamFixture(t *testing.T) (dir string, tracked, untracked []string) {
	files := map[string]string{".gitignore": "*.log\n"}
	for i := range 12 {
		files["m/tracked"+itoa(i)+".txt"] = strings.Repeat("needle\n", i%7+1)
	}
	files["m/kept.log"] = "needle kept\n"
	dir = gitRepo(t, files)
	git(t, dir, "add", "-f", "m/kept.log")
	git(t, dir, "commit", "-q", "-m", "a tracked file an ignore rule matches")
	untrackedFiles := map[string]string{"a/first.txt": strings.Repeat("needle\n", 9), "m/between.txt": "a needle\n", "z/last.txt": "needle\nneedle\n", "z/ignored.log": "needle\n"}
	for i := range 8 {
		untrackedFiles["b/u"+itoa(i)+".txt"] = strings.Repeat("x needle\n", i+1)
	}
	writeFiles(t, dir, untrackedFiles)
	tracked = strings.Split(strings.TrimSpace(git(t, dir, "ls-files", "--cached")), "\n")
	untracked = strings.Split(strings.TrimSpace(git(t, dir, "ls-files", "--others", "--exclude-standard")), "\n")
	return dir, tracked, untracked
}

// TestFileSetTrackedFirst: inside git the file set streams every tracked
// path (from the index) before any untracked one, so a search starts on
// them while git still walks the folders for the untracked ones; the set
// is still exactly git's.
func TestFileSetTrackedFirst(t *testing.T) {
	dir, tracked, untracked := streamFixture(t)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var got []string
	if _, err := r.eachFile(context.Background(), "", func(p string) { got = append(got, p) }); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(tracked)+len(untracked) {
		t.Fatalf("listed %d paths, git has %d tracked and %d untracked:\n%s", len(got), len(tracked), len(untracked), strings.Join(got, "\n"))
	}
	head, tail := append([]string(nil), got[:len(tracked)]...), append([]string(nil), got[len(tracked):]...)
	sort.Strings(head)
	sort.Strings(tail)
	sort.Strings(untracked)
	if strings.Join(head, "\n") != strings.Join(tracked, "\n") || strings.Join(tail, "\n") != strings.Join(untracked, "\n") {
		t.Fatalf("not every tracked path came before the untracked ones:\n%s", strings.Join(got, "\n"))
	}
	// A scope narrows both parts.
	got = got[:0]
	if _, err := r.eachFile(context.Background(), "m", func(p string) { got = append(got, p) }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 14 || got[len(got)-1] != "m/between.txt" {
		t.Fatalf("scope m lists %v", got)
	}
}

// TestGrepResultIndependentOfListingOrder: repo_grep's capped text and
// every count are byte-identical whether the set streams tracked first
// (git) or in path order (the walk of the same tree outside git), with
// and without a scope, case folded or not.
func TestGrepResultIndependentOfListingOrder(t *testing.T) {
	dir, _, _ := streamFixture(t)
	plain := plainDir(t, nil)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// The same files in a plain folder (no .git): its walk is path order.
	if _, err := r.CopyFileSet(context.Background(), plain); err != nil {
		t.Fatal(err)
	}
	// Outside git nothing is tracked, so the ignored-but-tracked file goes.
	writeFiles(t, plain, map[string]string{".gitignore": "*.log\n!m/kept.log\n"})
	gs, ps := openSession(t, dir), openSession(t, plain)
	for _, args := range []GrepArgs{{Pattern: "needle"}, {Pattern: "NEEDLE", CaseSensitive: ptr(false)}, {Pattern: "needle", Path: "b"}, {Pattern: "x needle"}} {
		want := mustOK(t, call(t, ps, "repo_grep", args))
		got := mustOK(t, call(t, gs, "repo_grep", args))
		if got != want {
			t.Fatalf("%+v: git's listing order changed the result:\n%s\nin path order:\n%s", args, got, want)
		}
		if args.Path == "" && args.Pattern == "needle" {
			mustContain(t, got, "(showing 50 of ", "a/first.txt: (+4 more matching lines in this file)")
		}
	}
}
