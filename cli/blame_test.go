package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops/repotest"
)

// repox blame finds the folder's sessions in the agents' folders (here a
// Claude Code session under a fake HOME that writes new.txt and edits
// old.txt) and prints git blame's rows for the rest.
func TestBlameCommand(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, k := range []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_STATE_HOME"} {
		t.Setenv(k, "")
	}
	root := repotest.GitRepo(t, map[string]string{"old.txt": "one\ntwo\nthree\n"})
	root, _ = filepath.EvalSymlinks(root)
	repotest.WriteFiles(t, root, map[string]string{"old.txt": "one\nTWO\nthree\n", "new.txt": "fresh 1\nfresh 2\n"})
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "w1", "Write", map[string]any{"file_path": root + "/new.txt", "content": "fresh 1\nfresh 2\n"}).
		Result("w1", "File created successfully at: "+root+"/new.txt", false, map[string]any{"type": "create", "filePath": root + "/new.txt", "content": "fresh 1\nfresh 2\n"}).
		Use("m2", "e1", "Edit", map[string]any{"file_path": root + "/old.txt", "old_string": "two", "new_string": "TWO"}).
		Result("e1", "The file "+root+"/old.txt has been updated.", false, map[string]any{"filePath": root + "/old.txt", "oldString": "two", "newString": "TWO", "originalFile": "one\ntwo\nthree\n", "structuredPatch": []any{}})
	project := filepath.Join(home, ".claude", "projects", regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(root, "-"))
	repotest.WriteFiles(t, project, map[string]string{"s-1.jsonl": b.String()})

	code, out, errs := runCLI(t, "", "blame", "--root", root, filepath.Join(root, "old.txt"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(rows) != 3 || !strings.Contains(rows[0], "not written by a recorded session") || !strings.HasPrefix(rows[1], "claude s-1 #2") ||
		!strings.Contains(rows[1], "edit-unread") || !strings.HasSuffix(rows[1], "2→TWO") {
		t.Errorf("rows:\n%s", out)
	}
	if !strings.Contains(errs, "1 of 3 lines written by 1 session call; replayed 1 of the 1 session recorded") {
		t.Errorf("summary: %q", errs)
	}
	code, out, _ = runCLI(t, "", "blame", "--root", root, "--json", filepath.Join(root, "new.txt")+":2")
	var m struct {
		N    int `json:"n"`
		Call struct {
			Seq   int    `json:"call"`
			Agent string `json:"agent"`
			Tool  string `json:"tool"`
		} `json:"call"`
	}
	if code != exitOK || json.Unmarshal([]byte(out), &m) != nil || m.N != 2 || m.Call.Seq != 1 || m.Call.Tool != "Write" {
		t.Errorf("--json: exit %d %s", code, out)
	}
	os.Mkdir(filepath.Join(root, "dir"), 0o755)
	for _, c := range []struct {
		arg  string
		code int
		want string
	}{
		{filepath.Join(root, "missing.txt"), exitRefused, "does not exist"},
		{filepath.Join(root, "dir"), exitRefused, "is a folder"},
		{filepath.Join(t.TempDir(), "x.txt"), exitRefused, "outside the root"},
		{filepath.Join(root, "old.txt") + ":9", exitRefused, "past the end"},
		{filepath.Join(root, "old.txt") + ":3-2", exitUsage, "end before they start"},
	} {
		code, _, errs := runCLI(t, "", "blame", "--root", root, c.arg)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d %q, want %d %q", c.arg, code, errs, c.code, c.want)
		}
	}
	if code, _, _ := runCLI(t, "", "blame"); code != exitUsage {
		t.Errorf("no argument: exit %d", code)
	}
}
