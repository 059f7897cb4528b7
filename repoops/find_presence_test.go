package repoops

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repo_find checks that its tracked matches still exist while git is still
// walking the folders for the untracked files, not after: a stand-in git
// holds `ls-files --others` until the check of the tracked matches has
// started (a marker its hook writes), and gives up — failing the call —
// if that never happens. The answer is the same as always: deleted tracked
// files are neither shown nor counted, untracked matches are.
func TestFindChecksTrackedMatchesWhileGitWalks(t *testing.T) {
	realGit := findGitBin()
	sleep, err := exec.LookPath("sleep")
	if realGit == "" || err != nil {
		t.Skip("needs git and sleep")
	}
	dir, _, _ := streamFixture(t)
	must(t, os.Remove(filepath.Join(dir, "m", "tracked3.txt"))) // tracked, deleted on disk
	d := t.TempDir()
	released := filepath.Join(d, "tracked-check-started")
	script := "#!/bin/sh\ncase \"$*\" in\n" +
		"*--others*) i=0; while [ ! -e " + released + " ]; do " + sleep + " 0.05; i=$((i+1)); [ $i -gt 200 ] && { echo 'the tracked matches were not checked while the untracked walk ran' >&2; exit 1; }; done ;;\n" +
		"esac\nexec " + realGit + " \"$@\"\n"
	writeFiles(t, d, map[string]string{"git": script})
	must(t, os.Chmod(filepath.Join(d, "git"), 0o755))
	old := findGitBin
	findGitBin = func() string { return filepath.Join(d, "git") }
	r, err := Open(dir)
	findGitBin = old
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !r.IsGit() {
		t.Fatalf("the stand-in git was not used: %s", r.gitNote)
	}
	testHookEarlyPresence = func() {
		if err := os.WriteFile(released, nil, 0o644); err != nil {
			t.Error(err)
		}
	}
	defer func() { testHookEarlyPresence = nil }()
	text := mustOK(t, call(t, r.NewSession(), "repo_find", map[string]any{"query": "t", "limit": 200}))
	mustContain(t, text, "m/tracked2.txt", "a/first.txt", "z/last.txt", "b/u7.txt")
	mustNotContain(t, text, "m/tracked3.txt")
	if _, err := os.Stat(released); err != nil {
		t.Fatal("the tracked matches were never checked early")
	}
	if strings.Contains(text, "showing") {
		t.Fatalf("a limit of 200 cut the list:\n%s", text)
	}
}
