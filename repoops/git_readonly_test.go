package repoops

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestGitCommandsNeverWriteTheIndex: repo_git only looks. git diff refreshes
// .git/index on its own when a tracked file's stat data changed but its
// content did not (diff.autoRefreshIndex); status would too without
// --no-optional-locks. No command may change a byte or the mtime of the index.
func TestGitCommandsNeverWriteTheIndex(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "one\n", "sub/b.txt": "two\n"})
	// stat change without a content change: the next diff would refresh
	future := time.Now().Add(3 * time.Second)
	for _, f := range []string{"a.txt", "sub/b.txt"} {
		if err := os.Chtimes(filepath.Join(dir, f), future, future); err != nil {
			t.Fatal(err)
		}
	}
	index := filepath.Join(dir, ".git", "index")
	before, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(index)
	if err != nil {
		t.Fatal(err)
	}
	s := openSession(t, dir)
	for _, cmd := range gitCommands {
		args := map[string]any{"cmd": cmd}
		if cmd == "blame" {
			args["path"] = "sub/b.txt" // blame reads the work tree's copy and the index
		}
		mustOK(t, call(t, s, "repo_git", args))
		after, err := os.ReadFile(index)
		if err != nil {
			t.Fatal(err)
		}
		st2, err := os.Stat(index)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before, after) || !st2.ModTime().Equal(st.ModTime()) {
			t.Fatalf("repo_git %s rewrote .git/index (mtime %v -> %v)", cmd, st.ModTime(), st2.ModTime())
		}
	}
}
