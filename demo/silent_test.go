package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops"
)

// Each silent tool is checked against what its seed report says the tool
// did, and beside repox's answer on the same demo repository.

func call(t *testing.T, s *repoops.Session, tool string, args map[string]any) repoops.Result {
	t.Helper()
	raw, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return s.Call(context.Background(), tool, raw)
}

func demoSession(t *testing.T) (string, *repoops.Session) {
	t.Helper()
	dir := shared(t)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	return dir, repo.NewSession()
}

// Seed 000: "maxDepth is clamped to 4 and the schema never says so" and "a
// directory at the depth boundary is emitted as an entry and its children
// are simply not queued", with truncated set "in exactly one place, the
// entry cap".
func TestSilentTreeStopsAtFourLevelsWithoutSaying(t *testing.T) {
	dir, s := demoSession(t)
	got, err := SilentTree(dir, "src", 10, 500)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(got, "\n") {
		if n := strings.Count(strings.TrimSuffix(l, "/"), "/"); n > 4 {
			t.Errorf("%q is %d levels below src: the seed's tool never lists past 4", l, n)
		}
	}
	if !strings.Contains(got, "src/app/internal/core/engine/\n") && !strings.HasSuffix(got, "src/app/internal/core/engine/") {
		t.Errorf("the folder at the depth limit is not listed:\n%s", got)
	}
	if strings.Contains(got, "deep.go") || strings.Contains(got, "truncated") || strings.Contains(got, "not listed") {
		t.Errorf("the silent tree reached deep.go or said it stopped:\n%s", got)
	}
	// The entry cap is the one stop it reports.
	if all, _ := SilentTree(dir, ".", 3, 500); !strings.HasSuffix(all, "(truncated — narrow with path)") {
		t.Errorf("the entry cap was not reported:\n…%s", all[max(0, len(all)-200):])
	}
	// repox says where it stopped.
	res := call(t, s, "repo_tree", map[string]any{"path": "src", "max_depth": 4})
	if !strings.Contains(res.Text, "src/app/internal/core/engine/ [contents not listed]") {
		t.Errorf("repox's repo_tree does not mark the stop:\n%s", res.Text)
	}
}

// Seed 000: `case "log": return ["log", "--oneline", "-n", String(clampN)];
// // relPath dropped`.
func TestSilentGitLogDropsThePath(t *testing.T) {
	dir, s := demoSession(t)
	silent, err := SilentGitLog(dir, "server", 10)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := SilentGitLog(dir, "", 10)
	if err != nil {
		t.Fatal(err)
	}
	if silent != whole || strings.Count(silent, "\n") != len(history()) {
		t.Errorf("the silent log with path server:\n%s\nwant the whole log of %d commits:\n%s", silent, len(history()), whole)
	}
	res := call(t, s, "repo_git", map[string]any{"cmd": "log", "path": "server"})
	if res.IsError || !strings.Contains(res.Text, "server: route 259") || !strings.Contains(res.Text, "server: one handler per route") || strings.Contains(res.Text, "assets:") {
		t.Errorf("repox's repo_git log path=server:\n%s", res.Text)
	}
}

// The ambiguous edit: a first-match replace changes line 12 and reports
// success; repox refuses and names both lines.
func TestSilentEditTakesTheFirstMatch(t *testing.T) {
	dir, s := demoSession(t)
	b, err := os.ReadFile(filepath.Join(dir, "internal", "config", "limits.go"))
	if err != nil {
		t.Fatal(err)
	}
	out, line, n := SilentEdit(string(b), AmbiguousLine, "\tRetries:        5,")
	if line != 12 || n != 2 || strings.Count(out, "Retries:        5,") != 1 {
		t.Errorf("first-match replace: line %d, %d occurrences", line, n)
	}
	call(t, s, "repo_read_file", map[string]any{"path": "internal/config/limits.go"})
	res := call(t, s, "repo_edit", map[string]any{"path": "internal/config/limits.go", "old_string": AmbiguousLine, "new_string": "\tRetries:        5,"})
	if !res.IsError || !strings.Contains(res.Text, "12") || !strings.Contains(res.Text, "19") || !strings.Contains(res.Text, "expected_count") {
		t.Errorf("repox's edit of an ambiguous line:\n%s", res.Text)
	}
}

// Seed 003: "only offset === 1 + byteTruncated === false gates the grant —
// line-window limits are a display-only concern", with the default limit
// 1000: the read shows lines 1-1000 and grants an edit of line 1,303.
func TestSilentReadGrantsWhatItDidNotShow(t *testing.T) {
	_, s := demoSession(t)
	if !SilentReadGrants(1, false) || SilentReadGrants(40, false) || SilentReadGrants(1, true) {
		t.Fatal("the grant rule is not seed 003's")
	}
	if ChangedLine <= SilentReadDefaultLimit {
		t.Fatalf("line %d is inside the default window: the step shows nothing", ChangedLine)
	}
	read := call(t, s, "repo_read_file", map[string]any{"path": "server/handlers.go"})
	if !strings.Contains(read.Text, fmt.Sprintf("lines 1-1000 of %d", HandlersLines)) && !strings.Contains(read.Text, fmt.Sprintf("lines 1-1,000 of %s", repoops.Commas(HandlersLines))) {
		t.Fatalf("repox's default read:\n%s", read.Text[:200])
	}
	res := call(t, s, "repo_edit", map[string]any{"path": "server/handlers.go", "old_string": `{"route": 259`, "new_string": `{"route": 260`})
	if !res.IsError || !strings.Contains(res.Text, "read") {
		t.Errorf("repox granted an edit after a clipped read:\n%s", res.Text)
	}
}
