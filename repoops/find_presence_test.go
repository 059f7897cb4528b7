package repoops

import (
	"os"
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
	dir, _, _ := streamFixture(t)
	must(t, os.Remove(filepath.Join(dir, "m", "tracked3.txt"))) // tracked, deleted on disk
	released := filepath.Join(t.TempDir(), "tracked-check-started")
	r := openWithStandInGit(t, dir,
		"*--others*) "+holdUntil(released, "the tracked matches were not checked while the untracked walk ran")+" ;;\n")
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
