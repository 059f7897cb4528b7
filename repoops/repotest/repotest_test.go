package repotest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The fixture's git reads none of the machine's configuration and none of
// the test process's git variables: a global config and a system-wide
// identity that would change the commit (and run a hook) are not seen, and
// two fixtures of the same files have the same commit.
func TestGitRepoIsHermetic(t *testing.T) {
	NeedGit(t)
	home := t.TempDir()
	marker := filepath.Join(home, "hook-ran")
	hooks := filepath.Join(home, "hooks")
	WriteFiles(t, hooks, map[string]string{"pre-commit": "#!/bin/sh\ntouch '" + marker + "'\n"})
	if err := os.Chmod(filepath.Join(hooks, "pre-commit"), 0o755); err != nil {
		t.Fatal(err)
	}
	global := filepath.Join(home, "gitconfig")
	WriteFiles(t, home, map[string]string{"gitconfig": "[user]\n\tname = evil\n[core]\n\thooksPath = " + hooks + "\n"})
	t.Setenv("HOME", home)
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	t.Setenv("GIT_AUTHOR_NAME", "evil")
	t.Setenv("GIT_COMMITTER_DATE", "2001-01-01T00:00:00Z")
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "core.hooksPath")
	t.Setenv("GIT_CONFIG_VALUE_0", hooks)

	files := map[string]string{"a.txt": "a\n", "d/b.txt": "b\n"}
	a, b := GitRepo(t, files), GitRepo(t, files)
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the fixture's git ran the machine's hook")
	}
	got := Git(t, a, "log", "-1", "--format=%an <%ae> %aI %cn <%ce> %cI %s")
	want := "t <t@example.com> 2026-01-02T03:04:05Z t <t@example.com> 2026-01-02T03:04:05Z fixture\n"
	if strings.ReplaceAll(got, "+00:00", "Z") != want {
		t.Fatalf("commit: %q, want %q", got, want)
	}
	if ha, hb := Git(t, a, "rev-parse", "HEAD"), Git(t, b, "rev-parse", "HEAD"); ha != hb {
		t.Fatalf("the same files made two commits: %s vs %s", ha, hb)
	}
	if br := Git(t, a, "branch", "--show-current"); br != "main\n" {
		t.Fatalf("branch %q", br)
	}
	if st := Git(t, a, "status", "--porcelain"); st != "" {
		t.Fatalf("not everything committed: %q", st)
	}
}

func TestWriteFilesAndPlainDir(t *testing.T) {
	dir := PlainDir(t, map[string]string{"x/y/z.txt": "deep\n", "top": ""})
	for name, want := range map[string]string{"x/y/z.txt": "deep\n", "top": ""} {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || string(got) != want {
			t.Fatalf("%s: %q %v, want %q", name, got, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".git")); !os.IsNotExist(err) {
		t.Fatalf("a plain folder has .git: %v", err)
	}
}

func TestNumbered(t *testing.T) {
	if got := Numbered(3, "line"); got != "line 1\nline 2\nline 3\n" {
		t.Fatalf("%q", got)
	}
	if got := Numbered(0, "x"); got != "" {
		t.Fatalf("%q", got)
	}
}

func TestSharedFindsTheModulesTestdata(t *testing.T) {
	p := Transcript(t, "SOURCES.md")
	want, err := filepath.Abs(filepath.Join("..", "..", "testdata", "transcripts", "SOURCES.md"))
	if err != nil {
		t.Fatal(err)
	}
	if p != want {
		t.Fatalf("Transcript = %s, want %s", p, want)
	}
}

func TestModuleRoot(t *testing.T) {
	top := t.TempDir()
	deep := filepath.Join(top, "a", "b")
	WriteFiles(t, top, map[string]string{"go.mod": "module x\n", "a/b/f": ""})
	if got, err := moduleRoot(deep); err != nil || got != top {
		t.Fatalf("moduleRoot(%s) = %s, %v; want %s", deep, got, err, top)
	}
	// A folder named go.mod is not the module's file: the search goes on
	// past it (and, above a temporary folder, finds none).
	lone := filepath.Join(t.TempDir(), "go.mod", "x")
	if err := os.MkdirAll(lone, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := moduleRoot(lone); err == nil {
		t.Fatalf("moduleRoot(%s) = %s, want none", lone, got)
	} else if !strings.Contains(err.Error(), "no go.mod in "+lone) {
		t.Fatalf("the error does not say where it looked: %v", err)
	}
}

func TestGoRootSrcIsTheGoTree(t *testing.T) {
	dir := GoRootSrc(t)
	if fi, err := os.Stat(filepath.Join(dir, "fmt", "print.go")); err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("%s is not the Go source tree: %v", dir, err)
	}
}

func TestBenchCorpusSkipsWithoutOne(t *testing.T) {
	t.Setenv("REPOX_BENCH_CORPUS", "/some/corpus")
	if got := BenchCorpus(t); got != "/some/corpus" {
		t.Fatalf("BenchCorpus = %q", got)
	}
}
