package repoops

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// openWithStandInGit opens dir with a shell script as its git: cases are
// `case "$*" in` arms run before the real git is exec'ed with the same
// arguments (so a test can hold or mark one git call). It skips without
// git or sleep, and closes the Repo when the test ends.
func openWithStandInGit(t *testing.T, dir, cases string) *Repo {
	t.Helper()
	realGit := findGitBin()
	if _, err := exec.LookPath("sleep"); realGit == "" || err != nil {
		t.Skip("needs git and sleep")
	}
	d := t.TempDir()
	writeFiles(t, d, map[string]string{"git": "#!/bin/sh\ncase \"$*\" in\n" + cases + "esac\nexec " + realGit + " \"$@\"\n"})
	must(t, os.Chmod(filepath.Join(d, "git"), 0o755))
	old := findGitBin
	findGitBin = func() string { return filepath.Join(d, "git") }
	r, err := Open(dir)
	findGitBin = old
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	if !r.IsGit() {
		t.Fatalf("the stand-in git was not used: %s", r.gitNote)
	}
	return r
}

// holdUntil is a shell command that waits for marker (up to 10 s), then
// fails the git call with why.
func holdUntil(marker, why string) string {
	sleep, _ := exec.LookPath("sleep")
	return "i=0; while [ ! -e " + marker + " ]; do " + sleep + " 0.05; i=$((i+1)); [ $i -gt 200 ] && { echo '" + why + "' >&2; exit 1; }; done"
}
