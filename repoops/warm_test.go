package repoops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// warmFixture is a git repository with tracked, untracked and ignored
// files, a folder git walks that holds only ignored files, an ignored
// folder, a nested repository and a sub-folder .gitignore; keepMargin is
// shortened and the test waits it out, so a listing can be kept.
func warmFixture(t *testing.T) string {
	t.Helper()
	needGit(t)
	dir := gitRepo(t, map[string]string{
		"a.go":             "package a // needle\n",
		"src/b.go":         "package b // needle\n",
		"src/deep/c.go":    "package c\n",
		".gitignore":       "*.log\nbuild/\n",
		"src/.gitignore":   "*.tmp\n",
		"docs/readme.md":   "needle docs\n",
		"tools/x/y/z.txt":  "z\n",
		"tools/x/keep.txt": "keep\n",
	})
	writeFiles(t, dir, map[string]string{
		"untracked.txt":      "needle u\n",
		"src/new/u.go":       "package u // needle\n",
		"logs/only.log":      "ignored\n", // logs/ holds only ignored files: git walks it, lists nothing there
		"build/out.bin":      "ignored\n",
		"src/x.tmp":          "ignored\n",
		"nested/inner.txt":   "needle nested\n",
		"emptyish/.keep.log": "",
	})
	git(t, filepath.Join(dir, "nested"), "init", "-q")
	old := keepMargin
	keepMargin = 40 * time.Millisecond
	t.Cleanup(func() { keepMargin = old })
	settle()
	return dir
}

// settle waits until everything written so far is keepMargin old.
func settle() { time.Sleep(2*keepMargin + 20*time.Millisecond) }

// warmAndFresh runs one call on the warm session and on a fresh repository.
func warmAndFresh(t *testing.T, warm *Session, dir, tool, args string) (string, string) {
	t.Helper()
	w := call(t, warm, tool, args)
	f := call(t, openSession(t, dir), tool, args)
	if w.Text != f.Text || w.IsError != f.IsError {
		t.Errorf("%s %s: the warm answer differs from a fresh one\nwarm:\n%s\nfresh:\n%s", tool, args, w.Text, f.Text)
	}
	return w.Text, f.Text
}

func warmSession(t *testing.T, dir string) (*Repo, *Session) {
	r := openRepo(t, dir)
	r.KeepWarm()
	return r, r.NewSession()
}

var warmRequests = []struct{ tool, args string }{
	{"repo_find", `{"query":"go"}`},
	{"repo_find", `{"query":"zzz-no-match"}`},
	{"repo_find", `{"query":"u","path":"src"}`},
	{"repo_find", `{"query":"*.txt"}`},
	{"repo_find", `{"query":"inner"}`},
	{"repo_find", `{"query":"t","limit":1}`},
	{"repo_tree", `{}`},
	{"repo_tree", `{"path":"src","max_depth":1}`},
	{"repo_grep", `{"pattern":"needle"}`},
	{"repo_grep", `{"pattern":"needle","path":"src"}`},
	{"repo_grep", `{"pattern":"NEEDLE","case_sensitive":false}`},
}

// Every counted footer of a warm session equals a fresh repository's, and
// the second round is served from the kept listing (else the rest of these
// tests would prove nothing).
func TestWarmAnswersEqualFreshOnes(t *testing.T) {
	dir := warmFixture(t)
	r, s := warmSession(t, dir)
	for round := 0; round < 2; round++ {
		for _, q := range warmRequests {
			warmAndFresh(t, s, dir, q.tool, q.args)
		}
	}
	lists, reuses, drops := r.WarmCounts()
	if lists != 1 || reuses < len(warmRequests) || drops != 0 {
		t.Fatalf("git listed the untracked files %d times, the kept listing served %d calls, dropped %d: want 1 listing kept and reused", lists, reuses, drops)
	}
}

// A name created, deleted or renamed between two warm calls is in the
// next answer: in the root, deep down, in a folder git walks but that
// holds only ignored files, in a new folder; so is an edit of a
// .gitignore in place, of info/exclude, a git add and a git rm --cached.
func TestWarmSeesEveryChangeBetweenCalls(t *testing.T) {
	dir := warmFixture(t)
	_, s := warmSession(t, dir)
	find := func(q string) string {
		w, _ := warmAndFresh(t, s, dir, "repo_find", `{"query":"`+q+`"}`)
		warmAndFresh(t, s, dir, "repo_tree", `{}`)
		warmAndFresh(t, s, dir, "repo_grep", `{"pattern":"x"}`)
		return w
	}
	find("x") // the listing is kept
	steps := []struct {
		what   string
		do     func()
		q      string
		in     bool
		notein string
	}{
		{"create in the root", func() { writeFiles(t, dir, map[string]string{"fresh1.txt": "x"}) }, "fresh1", true, "fresh1.txt"},
		{"create deep", func() { writeFiles(t, dir, map[string]string{"src/deep/fresh2.txt": "x"}) }, "fresh2", true, "src/deep/fresh2.txt"},
		{"create where only ignored files were", func() { writeFiles(t, dir, map[string]string{"logs/fresh3.txt": "x"}) }, "fresh3", true, "logs/fresh3.txt"},
		{"create in a new folder", func() { writeFiles(t, dir, map[string]string{"brand/new/fresh4.txt": "x"}) }, "fresh4", true, "brand/new/fresh4.txt"},
		{"delete", func() { must(t, os.Remove(filepath.Join(dir, "untracked.txt"))) }, "untracked", false, "untracked.txt"},
		{"delete a tracked file", func() { must(t, os.Remove(filepath.Join(dir, "src/deep/c.go"))) }, "c.go", false, "src/deep/c.go"},
		{"bring it back", func() { writeFiles(t, dir, map[string]string{"src/deep/c.go": "package c\n"}) }, "c.go", true, "src/deep/c.go"},
		{"rename", func() {
			must(t, os.Rename(filepath.Join(dir, "src/new/u.go"), filepath.Join(dir, "src/new/renamed.go")))
		}, "renamed", true, "src/new/renamed.go"},
		{"rename a folder", func() { must(t, os.Rename(filepath.Join(dir, "brand"), filepath.Join(dir, "moved"))) }, "fresh4", true, "moved/new/fresh4.txt"},
		{".gitignore edited in place", func() {
			f, err := os.OpenFile(filepath.Join(dir, "src/.gitignore"), os.O_WRONLY, 0)
			must(t, err)
			_, err = f.WriteAt([]byte("*.go\n"), 0) // same size, same inode
			must(t, err)
			must(t, f.Close())
		}, "x.tmp", true, "src/x.tmp"},
		{"info/exclude", func() {
			writeFiles(t, dir, map[string]string{".git/info/exclude": "fresh1.txt\n"})
		}, "fresh1", false, "fresh1.txt"},
		{"git add", func() { git(t, dir, "add", "logs/fresh3.txt") }, "fresh3", true, "logs/fresh3.txt"},
		{"git rm --cached", func() { git(t, dir, "rm", "-q", "--cached", "a.go") }, "a.go", true, "a.go"},
		{"nested repository removed", func() { must(t, os.RemoveAll(filepath.Join(dir, "nested", ".git"))) }, "inner", true, "nested/inner.txt"},
	}
	for _, st := range steps {
		st.do()
		got := find(st.q)
		if has := strings.Contains(got, st.notein); has != st.in {
			t.Errorf("%s: %q in the answer is %v, want %v:\n%s", st.what, st.notein, has, st.in, got)
		}
		settle() // so the next step's listing can be kept again
		find("x")
	}
}

// The trap: the kept listing is really served, and without the
// revalidation it would be stale — so the tests above would fail if the
// revalidation missed a change.
func TestWarmListingIsStaleWithoutRevalidation(t *testing.T) {
	dir := warmFixture(t)
	r, s := warmSession(t, dir)
	mustOK(t, call(t, s, "repo_find", `{"query":"x"}`))
	writeFiles(t, dir, map[string]string{"src/deep/trap.txt": "x"})
	var direct []string
	if _, err := r.eachFile(context.Background(), "", func(p string) { direct = append(direct, p) }); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.Join(direct, ","), "trap.txt") {
		t.Fatal("the file set without revalidation already holds the new file: the kept listing is not being served, so the warm tests test nothing")
	}
	if got := mustOK(t, call(t, s, "repo_find", `{"query":"trap"}`)); !strings.Contains(got, "src/deep/trap.txt") {
		t.Fatalf("the call after the change does not list it:\n%s", got)
	}
	// The same for a kept folder listing (repo_tree's).
	settle()
	mustOK(t, call(t, s, "repo_tree", `{}`))
	writeFiles(t, dir, map[string]string{"src/deep/trap2.txt": "x"})
	l, err := r.listDir("src/deep")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range l.Entries {
		if e.Name == "trap2.txt" {
			t.Fatal("the listing without revalidation already holds the new file: kept listings are not being served")
		}
	}
	if got := mustOK(t, call(t, s, "repo_tree", `{"path":"src/deep"}`)); !strings.Contains(got, "src/deep/trap2.txt") {
		t.Fatalf("the tree after the change does not list it:\n%s", got)
	}
}

// A listing made while a folder had just changed is served, not kept: a
// second change within the same clock tick could keep the folder's stamp.
func TestWarmDoesNotKeepARacyListing(t *testing.T) {
	dir := warmFixture(t)
	r, s := warmSession(t, dir)
	writeFiles(t, dir, map[string]string{"src/racy.txt": "x"})
	keepMargin = time.Minute // every folder is younger: all of them racy, whatever the machine's load
	for i := 0; i < 2; i++ {
		warmAndFresh(t, s, dir, "repo_find", `{"query":"racy"}`)
	}
	if lists, reuses, _ := r.WarmCounts(); reuses != 0 || lists != 0 {
		t.Fatalf("a listing made within keepMargin of a change was kept (%d kept, %d reused)", lists, reuses)
	}
}

// A call that uses nothing kept (a read, git) revalidates nothing; the next
// call that lists does, once, and sees what changed meanwhile.
func TestWarmRevalidatesOncePerListingCall(t *testing.T) {
	dir := warmFixture(t)
	r, s := warmSession(t, dir)
	mustOK(t, call(t, s, "repo_find", `{"query":"x"}`))
	checks := func() int {
		r.warm.mu.Lock()
		defer r.warm.mu.Unlock()
		return r.warm.checks
	}
	before := checks()
	writeFiles(t, dir, map[string]string{"src/later.txt": "x"})
	mustOK(t, call(t, s, "repo_read_file", `{"path":"a.go"}`))
	mustOK(t, call(t, s, "repo_git", `{"cmd":"log"}`))
	if n := checks() - before; n != 0 {
		t.Errorf("a read and a git log revalidated %d times, want none", n)
	}
	if got := mustOK(t, call(t, s, "repo_grep", `{"pattern":"x"}`)); !strings.Contains(got, "src/later.txt") {
		t.Errorf("the grep after the change does not see it:\n%s", got)
	}
	if n := checks() - before; n != 1 {
		t.Errorf("one grep revalidated %d times, want once", n)
	}
}
