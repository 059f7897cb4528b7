package repoops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// outsideSecret is the content planted outside the root; no tool may ever
// return it.
const outsideSecret = "TOP-SECRET-OUTSIDE-BYTES"

// escapeFixture builds /T/allowed (the root) next to /T/allowed_evil and
// /T/outside, with every kind of link that could lead out.
func escapeFixture(t testing.TB) (root, parent string) {
	t.Helper()
	parent = t.TempDir()
	root = filepath.Join(parent, "allowed")
	writeFiles(t, parent, map[string]string{
		"allowed/inside.txt":     "inside text\n",
		"allowed/sub/ok.txt":     "ok\n",
		"allowed_evil/s":         outsideSecret + "\n",
		"outside/secret.txt":     outsideSecret + "\n",
		"outside/dir/nested.txt": outsideSecret + "\n",
	})
	links := map[string]string{
		"passwd":      "/etc/passwd",
		"up":          "../outside/secret.txt",
		"sibling":     "../outside",
		"dangling":    "/nonexistent/pwn",
		"loop":        "loop",
		"sub/inroot":  "../inside.txt",
		"evil_prefix": "../allowed_evil/s",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	return root, parent
}

func TestPathSafetyRefusesEveryEscape(t *testing.T) {
	root, parent := escapeFixture(t)
	s := openSession(t, root)
	escapes := map[string]string{
		"../outside/secret.txt":                  "leads outside the repository",
		"a/../../outside/secret.txt":             "leads outside the repository",
		"a//..//..//outside/secret.txt":          "leads outside the repository",
		strings.Repeat("../", 40) + "etc/passwd": "leads outside the repository",
		"/etc/passwd":                            "is outside the repository",
		parent + "/allowed_evil/s":               "is outside the repository",
		"../allowed_evil/s":                      "leads outside the repository",
		"passwd":                                 "outside the repository",
		"up":                                     "outside the repository",
		"sibling/secret.txt":                     "outside the repository",
		"sibling/dir/nested.txt":                 "outside the repository",
		"evil_prefix":                            "outside the repository",
		"dangling":                               "",
		"loop":                                   "",
		"inside.txt\x00.png":                     "NUL byte",
		".git/config":                            "inside .git",
	}
	for p, want := range escapes {
		r := call(t, s, "repo_read_file", map[string]any{"path": p})
		if !r.IsError {
			t.Errorf("read %q succeeded:\n%s", p, r.Text)
			continue
		}
		if want != "" && !strings.Contains(r.Text, want) {
			t.Errorf("read %q refusal %q lacks %q", p, r.Text, want)
		}
		for _, tool := range []string{"repo_tree", "repo_grep", "repo_find"} {
			args := map[string]any{"path": p}
			switch tool {
			case "repo_grep":
				args["pattern"] = "SECRET"
			case "repo_find":
				args["query"] = "secret"
			}
			r := call(t, s, tool, args)
			mustNotContain(t, r.Text, outsideSecret, "root:x:0")
			if tool != "repo_tree" && !r.IsError && strings.Contains(r.Text, "secret.txt") {
				t.Errorf("%s %q listed an outside file:\n%s", tool, p, r.Text)
			}
		}
	}
	// Inside links are fine for reads; walks never follow any link.
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "sub/inroot"})), "1→inside text")
	for _, tool := range []string{"repo_grep", "repo_find", "repo_tree"} {
		args := map[string]any{}
		switch tool {
		case "repo_grep":
			args["pattern"] = "SECRET"
		case "repo_find":
			args["query"] = "s"
		}
		out := mustOK(t, call(t, s, tool, args))
		mustNotContain(t, out, outsideSecret, "root:x:0", "nested.txt")
	}
	// The whole-repo grep says the links were not followed.
	mustContain(t, mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "inside"})), "symlinks (not followed)")
}

func TestSpecialFilesNeverBlock(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "needle\n"})
	if err := mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	s := openSession(t, dir)
	// The calls run off the test goroutine (so a block is seen as one);
	// their results come back and are checked here.
	done := make(chan [4]Result, 1)
	go func() {
		ctx := context.Background()
		done <- [4]Result{
			s.Call(ctx, "repo_tree", nil),
			s.Call(ctx, "repo_find", []byte(`{"query":"p"}`)),
			s.Call(ctx, "repo_grep", []byte(`{"pattern":"needle"}`)),
			s.Call(ctx, "repo_read_file", []byte(`{"path":"pipe"}`)),
		}
	}()
	select {
	case r := <-done:
		mustContain(t, mustOK(t, r[0]), "(1 special file skipped")
		mustContain(t, mustOK(t, r[1]), "no path matches")
		mustContain(t, mustOK(t, r[2]), "a.txt:1: needle")
		mustRefuse(t, r[3], "FIFO", "not a regular file")
	case <-time.After(10 * time.Second):
		t.Fatal("a tool blocked on a FIFO")
	}
}

func TestSpecialFileInGitRepoIsSkippedByGrep(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "needle\n"})
	if err := mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	s := openSession(t, dir)
	done := make(chan string)
	go func() { done <- s.Call(context.Background(), "repo_grep", []byte(`{"pattern":"needle"}`)).Text }()
	select {
	case out := <-done:
		mustContain(t, out, "a.txt:1: needle")
	case <-time.After(10 * time.Second):
		t.Fatal("grep blocked on a FIFO")
	}
}

func TestInvalidUTF8NamesRoundTrip(t *testing.T) {
	dir := plainDir(t, map[string]string{"bad\xff.txt": "needle in bad\n", "tab\tname.txt": "x\n"})
	s := openSession(t, dir)
	tr := mustOK(t, call(t, s, "repo_tree", nil))
	mustContain(t, tr, `"bad\xff.txt"`, `"tab\tname.txt"`)
	g := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": "needle"}))
	mustContain(t, g, `"bad\xff.txt":1: needle in bad`)
	// The quoted form is accepted back.
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": `"bad\xff.txt"`})), "1→needle in bad")
	mustContain(t, mustOK(t, call(t, s, "repo_find", map[string]any{"query": "tab"})), `"tab\tname.txt"`)
}
