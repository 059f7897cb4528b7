package mcpserver

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The --log path is given by whoever starts the server, but what lies at
// it may come from a repository (a checked-in calls.jsonl -> ~/.bashrc) or
// another user. Each trap below must refuse the start (exit 2, a sentence
// on stderr) and leave every file as it was.
func TestLogPathTrapsAreRefused(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need a privilege on Windows")
	}
	dir := gitFixture(t)
	outside := t.TempDir()
	bashrc := filepath.Join(outside, "bashrc")
	const bashrcText = "export PATH=/usr/bin\n"
	if err := os.WriteFile(bashrc, []byte(bashrcText), 0o644); err != nil {
		t.Fatal(err)
	}
	logs := t.TempDir()
	link := filepath.Join(logs, "calls.jsonl")
	if err := os.Symlink(bashrc, link); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(logs, "dangling.jsonl")
	danglingTarget := filepath.Join(outside, "created-through-the-link")
	if err := os.Symlink(danglingTarget, dangling); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(logs, "hard.jsonl")
	if err := os.Link(bashrc, hard); err != nil {
		t.Fatal(err)
	}
	open := filepath.Join(logs, "open.jsonl")
	if err := os.WriteFile(open, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o666); err != nil { // past the umask
		t.Fatal(err)
	}
	intoRoot := filepath.Join(logs, "into-root")
	if err := os.Symlink(dir, intoRoot); err != nil {
		t.Fatal(err)
	}
	// issue 43 item 10: a folder link the repository ships, leading out
	shipped := t.TempDir()
	if err := os.Symlink(shipped, filepath.Join(dir, "logs-out")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, log, want string
	}{
		{"a folder link the root ships, leading out", filepath.Join(dir, "logs-out", "calls.jsonl"), "passes through the served folder"},
		{"a new folder under a link the root ships", filepath.Join(dir, "logs-out", "new", "calls.jsonl"), "passes through the served folder"},
		{"a link to a file outside", link, "is a symbolic link"},
		{"a dangling link", dangling, "is a symbolic link"},
		{"a file with another hard link", hard, "hard links"},
		{"a file others can write", open, "chmod go-w"},
		{"a file inside the root", filepath.Join(dir, "calls.jsonl"), "inside the served folder"},
		{"a new folder inside the root", filepath.Join(dir, "logs", "deeper", "calls.jsonl"), "inside the served folder"},
		{"a folder link into the root", filepath.Join(intoRoot, "calls.jsonl"), "inside the served folder"},
		{"the root's own README", filepath.Join(dir, "README.md"), "inside the served folder"},
	}
	// A call, so that a log that was opened gets a line.
	stdin := initLine + "\n" + initializedLine + "\n" + callLine(2, "repo_tree", map[string]any{"max_depth": 1}) + "\n"
	for _, tc := range cases {
		code, out, errOut := runMCP(t, stdin, "--root", dir, "--log", tc.log)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) || !strings.Contains(errOut, " — ") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q (want %q and what to do)", tc.name, code, out, errOut, tc.want)
		}
	}
	if got, _ := os.ReadFile(bashrc); string(got) != bashrcText {
		t.Errorf("the file behind the link was written: %q", got)
	}
	if _, err := os.Lstat(danglingTarget); err == nil {
		t.Errorf("the dangling link's target was created")
	}
	if st, _ := os.Stat(open); st == nil || st.Size() != 0 {
		t.Errorf("the world-writable log was written")
	}
	for _, p := range []string{"calls.jsonl", "logs"} {
		if _, err := os.Lstat(filepath.Join(dir, p)); err == nil {
			t.Errorf("%s was created inside the root", p)
		}
	}
	if ents, _ := os.ReadDir(shipped); len(ents) > 0 {
		t.Errorf("a log was made through the link the root ships: %v", ents)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "README.md")); string(got) != fixtureFiles["README.md"] {
		t.Errorf("README.md was written: %q", got)
	}
}

// A log another user owns is refused (the test needs root to make one).
func TestLogOfAnotherUserIsRefused(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another user")
	}
	dir := gitFixture(t)
	theirs := filepath.Join(t.TempDir(), "theirs.jsonl")
	if err := os.WriteFile(theirs, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(theirs, 54321, 54321); err != nil {
		t.Skipf("chown: %v", err)
	}
	stdin := initLine + "\n" + initializedLine + "\n" + callLine(2, "repo_tree", map[string]any{"max_depth": 1}) + "\n"
	code, out, errOut := runMCP(t, stdin, "--root", dir, "--log", theirs)
	if code != 2 || out != "" || !strings.Contains(errOut, "belongs to another user") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if st, _ := os.Stat(theirs); st == nil || st.Size() != 0 {
		t.Errorf("the other user's log was written")
	}
}

// An existing log of one's own, one link, mode 0600 or 0640, is appended to.
func TestOwnExistingLogIsAppended(t *testing.T) {
	dir := gitFixture(t)
	logPath := filepath.Join(t.TempDir(), "mine.jsonl")
	if err := os.WriteFile(logPath, nil, 0o640); err != nil {
		t.Fatal(err)
	}
	call := callLine(2, "repo_tree", map[string]any{"max_depth": 1})
	code, _, errOut := runMCP(t, initLine+"\n"+initializedLine+"\n"+call+"\n", "--root", dir, "--log", logPath)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if recs := readLog(t, logPath); len(recs) != 1 || recs[0].Tool != "repo_tree" {
		t.Errorf("log: %d records", len(recs))
	}
}
