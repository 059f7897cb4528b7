// Package repotest builds the fixture repositories of every package's
// tests: files written under t.TempDir(), and git run with a hermetic
// environment (no system, global or user configuration; a fixed identity
// and fixed dates, so the same files make the same commits everywhere).
//
// Only tests import it (arch_test.go fails when a non-test file does). It
// imports the standard library only, so repoops' own internal tests can
// use it too.
package repotest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Identity and date of every fixture commit.
const (
	Name  = "t"
	Email = "t@example.com"
	Date  = "2026-01-02T03:04:05Z"
)

// GitEnv is the whole environment of a fixture's git: PATH from the test
// process and nothing else of it, home as HOME, no system or global
// configuration, the fixed identity and dates, the C locale.
func GitEnv(home string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + os.DevNull,
		"GIT_AUTHOR_NAME=" + Name, "GIT_AUTHOR_EMAIL=" + Email, "GIT_COMMITTER_NAME=" + Name, "GIT_COMMITTER_EMAIL=" + Email,
		"GIT_AUTHOR_DATE=" + Date, "GIT_COMMITTER_DATE=" + Date, "LC_ALL=C",
	}
}

// HaveGit reports whether git is on PATH.
func HaveGit() bool {
	_, err := exec.LookPath("git")
	return err == nil
}

// NeedGit skips the test when git is not installed.
func NeedGit(t testing.TB) {
	t.Helper()
	if !HaveGit() {
		t.Skip("git not installed")
	}
}

// GitCmd is git args in dir with the hermetic environment (HOME is dir),
// for a test that sets its own input or reads the outcome itself.
func GitCmd(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = GitEnv(dir)
	return cmd
}

// Git runs git args in dir hermetically and returns its combined output;
// a failure fails the test with that output.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	out, err := GitCmd(dir, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// WriteFiles writes each slash-separated name's content under dir,
// making the folders on the way (0o755; files 0o644).
func WriteFiles(t testing.TB, dir string, files map[string]string) {
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

// PlainDir is a new folder (not a git repository) holding files.
func PlainDir(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	WriteFiles(t, dir, files)
	return dir
}

// GitRepo is a new git repository, branch main, with files committed in
// one commit "fixture". It skips the test when git is not installed.
func GitRepo(t testing.TB, files map[string]string) string {
	t.Helper()
	NeedGit(t)
	dir := t.TempDir()
	GitRepoAt(t, dir, files)
	return dir
}

// GitRepoAt writes files under dir (made if missing) and makes dir a git
// repository, branch main, with everything in it committed as "fixture".
// The caller checks for git (NeedGit or HaveGit).
func GitRepoAt(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	Git(t, dir, "init", "-q", "-b", "main")
	WriteFiles(t, dir, files)
	Git(t, dir, "add", "-A")
	Git(t, dir, "commit", "-q", "-m", "fixture")
}

// Numbered is n lines "prefix 1" … "prefix n", each ending in "\n".
func Numbered(n int, prefix string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(prefix)
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(i))
		b.WriteByte('\n')
	}
	return b.String()
}

// IsolateCache points REPOX_CACHE_DIR at a new temporary folder for the
// whole test binary and every repox process it starts (they inherit the
// environment), so no test reads or writes the user's own cache; call it
// first in TestMain and the returned func after m.Run. (A test binary's
// own cache is off unless REPOX_CACHE_DIR is set; a built repox binary's
// is not.)
func IsolateCache() func() {
	dir, err := os.MkdirTemp("", "repox-cache-")
	if err != nil {
		os.Setenv("REPOX_CACHE_DIR", "off")
		return func() {}
	}
	os.Setenv("REPOX_CACHE_DIR", dir)
	return func() { os.RemoveAll(dir) }
}
