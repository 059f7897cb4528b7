package demo

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return string(out)
}

var (
	sharedOnce sync.Once
	sharedDir  string
	sharedErr  error
)

// TestMain removes the demo the read-only tests share.
func TestMain(m *testing.M) {
	code := m.Run()
	if sharedDir != "" {
		os.RemoveAll(filepath.Dir(sharedDir))
	}
	os.Exit(code)
}

// shared is one demo written once for the tests that only read it (a
// write with its history takes a second or more).
func shared(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	sharedOnce.Do(func() {
		base, err := os.MkdirTemp("", "repox-demo-test-")
		if err != nil {
			sharedErr = err
			return
		}
		sharedDir = filepath.Join(base, "demo")
		sharedErr = Write(sharedDir)
	})
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return sharedDir
}

// written is a demo of the test's own.
func written(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := filepath.Join(t.TempDir(), "demo")
	if err := Write(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// The history has commits touching different folders, so a log limited
// to a path differs from the whole log; the work tree is clean.
func TestDemoHistory(t *testing.T) {
	dir := shared(t)
	all := strings.Split(strings.TrimSpace(gitOut(t, dir, "log", "--format=%s")), "\n")
	if len(all) != len(history()) {
		t.Fatalf("%d commits, want %d:\n%s", len(all), len(history()), strings.Join(all, "\n"))
	}
	server := strings.Split(strings.TrimSpace(gitOut(t, dir, "log", "--format=%s", "--", "server")), "\n")
	if len(server) != 2 || !strings.HasPrefix(server[0], "server: route 259") || server[1] != "server: one handler per route" {
		t.Errorf("git log -- server: %q", server)
	}
	if st := gitOut(t, dir, "status", "--porcelain"); st != "" {
		t.Errorf("the work tree is not clean:\n%s", st)
	}
	if ign := gitOut(t, dir, "status", "--porcelain", "--ignored"); !strings.Contains(ign, "!! debug.log") || !strings.Contains(ign, "!! node_modules/") {
		t.Errorf("ignored files: %q", ign)
	}
}

// The files the tour's steps need are there, as the constants say.
func TestDemoFiles(t *testing.T) {
	dir := shared(t)
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	lines := strings.Split(strings.TrimSuffix(string(read("server/handlers.go")), "\n"), "\n")
	if len(lines) != HandlersLines {
		t.Fatalf("handlers.go has %d lines, want %d", len(lines), HandlersLines)
	}
	if got := lines[ChangedLine-1]; ChangedLine <= 1000 || !strings.Contains(got, `{"route": 259`) {
		t.Errorf("line %d is %q: want the changed handler's JSON, beyond line 1,000", ChangedLine, got)
	}
	limits := string(read("internal/config/limits.go"))
	var at []int
	for i, l := range strings.Split(limits, "\n") {
		if l == AmbiguousLine {
			at = append(at, i+1)
		}
	}
	if len(at) != 2 {
		t.Errorf("%q occurs on lines %v of limits.go, want two", AmbiguousLine, at)
	}
	if crlf := read("docs/windows-notes.txt"); bytes.Count(crlf, []byte("\r\n")) != bytes.Count(crlf, []byte("\n")) {
		t.Errorf("windows-notes.txt is not all CRLF: %q", crlf)
	}
	if !bytes.HasPrefix(read("docs/bom-notes.md"), []byte("\xef\xbb\xbf")) {
		t.Errorf("bom-notes.md has no BOM")
	}
	if n := strings.Count(string(read("main.go"))+string(read("internal/config/config.go")), Needle); n != 2 {
		t.Errorf("the needle occurs %d times in main.go and config.go, want 2", n)
	}
}

// Two demos have the same commits: fixed identity and dates.
func TestDemoHistoryIsTheSameEveryTime(t *testing.T) {
	a, b := shared(t), written(t)
	if ha, hb := gitOut(t, a, "rev-parse", "HEAD"), gitOut(t, b, "rev-parse", "HEAD"); ha != hb {
		t.Errorf("HEAD %s and %s differ", ha, hb)
	}
}

// The caller's git environment does not leak into the demo's git: with
// GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE naming another repository (as
// inside a hook), the demo gets its own history and the other repository
// gains nothing.
func TestDemoGitIgnoresTheCallersEnvironment(t *testing.T) {
	other := repotest.GitRepo(t, map[string]string{"x.txt": "x\n"})
	before := gitOut(t, other, "rev-parse", "HEAD")
	t.Setenv("GIT_DIR", filepath.Join(other, ".git"))
	t.Setenv("GIT_WORK_TREE", other)
	t.Setenv("GIT_INDEX_FILE", filepath.Join(other, ".git", "index"))
	t.Setenv("GIT_AUTHOR_NAME", "trap")
	dir := written(t)
	os.Unsetenv("GIT_DIR")
	os.Unsetenv("GIT_WORK_TREE")
	os.Unsetenv("GIT_INDEX_FILE")
	if after := gitOut(t, other, "rev-parse", "HEAD"); after != before {
		t.Errorf("the other repository's HEAD moved: %s → %s", before, after)
	}
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		t.Fatalf("the demo has no .git: %v", err)
	}
	if who := gitOut(t, dir, "log", "-1", "--format=%an"); strings.TrimSpace(who) != "repox demo" {
		t.Errorf("author %q", who)
	}
}
