package repoops

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// writeFiles creates files (and their folders) under dir.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// gitEnv isolates test git runs from the machine's configuration.
func gitEnv(home string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_AUTHOR_DATE=2026-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2026-01-02T03:04:05Z", "LC_ALL=C",
	}
}

func needGit(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
}

// git runs git in dir for a fixture and returns its output.
func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = gitEnv(dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// gitRepo makes a git repository with files committed.
func gitRepo(t testing.TB, files map[string]string) string {
	t.Helper()
	needGit(t)
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	writeFiles(t, dir, files)
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "fixture")
	return dir
}

// plainDir makes a non-git folder with files.
func plainDir(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	return dir
}

func openSession(t testing.TB, dir string) *Session {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r.NewSession()
}

// call runs a tool with args given as a Go value (marshalled to JSON).
func call(t testing.TB, s *Session, tool string, args any) Result {
	t.Helper()
	var raw []byte
	switch a := args.(type) {
	case string:
		raw = []byte(a)
	case nil:
	default:
		var err error
		if raw, err = json.Marshal(a); err != nil {
			t.Fatal(err)
		}
	}
	return s.Call(context.Background(), tool, raw)
}

func mustOK(t testing.TB, r Result) string {
	t.Helper()
	if r.IsError {
		t.Fatalf("unexpected refusal: %s", r.Text)
	}
	return r.Text
}

func mustRefuse(t testing.TB, r Result, wants ...string) string {
	t.Helper()
	if !r.IsError {
		t.Fatalf("expected a refusal, got:\n%s", r.Text)
	}
	for _, w := range wants {
		if !strings.Contains(r.Text, w) {
			t.Fatalf("refusal %q does not contain %q", r.Text, w)
		}
	}
	return r.Text
}

func mustContain(t testing.TB, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Fatalf("text does not contain %q:\n%s", w, text)
		}
	}
}

func mustNotContain(t testing.TB, text string, bad ...string) {
	t.Helper()
	for _, w := range bad {
		if strings.Contains(text, w) {
			t.Fatalf("text contains %q but must not:\n%s", w, text)
		}
	}
}

// numbered returns n lines "line 1".."line n", each ending in \n.
func numbered(n int, prefix string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(prefix)
		b.WriteString(" ")
		b.WriteString(itoa(i))
		b.WriteByte('\n')
	}
	return b.String()
}

func itoa(i int) string { return strconv.Itoa(i) }

func ptr[T any](v T) *T { return &v }
