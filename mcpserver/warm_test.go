package mcpserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// repox mcp keeps its file set between calls (repoops.Repo.KeepWarm): every
// answer, counted footers included, is byte for byte what a fresh `repox
// call` prints for the same request, before and after files are created,
// deleted and renamed between two calls of one session.
func TestWarmServerAnswersEqualFreshCalls(t *testing.T) {
	dir := gitFixture(t)
	writeFiles(t, dir, map[string]string{"untracked.txt": "needle\n", "docs/a/new/u.go": "package u // needle\n"})
	// A listing is kept only when every folder is 2 s old (a change within
	// one clock tick could keep a folder's stamp): wait, so the second
	// round is served from what the first kept.
	time.Sleep(2200 * time.Millisecond)
	c := connect(t, "--root", dir)
	requests := []struct{ tool, args string }{
		{"repo_find", `{"query":"go"}`},
		{"repo_find", `{"query":"zzqqxx"}`},
		{"repo_find", `{"query":"*.txt","path":"docs"}`},
		{"repo_tree", `{}`},
		{"repo_tree", `{"path":"docs","max_depth":2}`},
		{"repo_grep", `{"pattern":"needle","case_sensitive":false}`},
	}
	same := func(when string) {
		t.Helper()
		for _, q := range requests {
			res, err := c.call(t, q.tool, q.args)
			if err != nil {
				t.Fatalf("%s %s: %v", q.tool, q.args, err)
			}
			got := text(t, res)
			if want, _ := repoxCall(t, dir, q.tool, q.args); got != want {
				t.Errorf("%s, %s %s:\n mcp: %q\ncall: %q", when, q.tool, q.args, got, want)
			}
		}
	}
	same("first round")
	same("second round")
	writeFiles(t, dir, map[string]string{"docs/a/b/c/fresh.txt": "needle\n", "made/here.go": "package x\n"})
	must(t, os.Remove(filepath.Join(dir, "untracked.txt")))
	must(t, os.Rename(filepath.Join(dir, "docs/a/new"), filepath.Join(dir, "docs/a/renamed")))
	same("after a create, a delete and a rename")
	res, err := c.call(t, "repo_find", `{"query":"fresh"}`)
	if err != nil || !strings.Contains(text(t, res), "docs/a/b/c/fresh.txt") {
		t.Fatalf("the file created between two calls is not in the next answer: %v %v", res, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
