package replay

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

// An edit's diff comes from the structured patch Claude Code recorded
// when there is one, else from its old and new strings; a Write against
// the original file it replaced; a Codex patch from its hunks.
func TestCallDiff(t *testing.T) {
	dir := t.TempDir()
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "x := 1", "new_string": "x := 2"}).
		Result("e1", "The file has been updated.", false, map[string]any{"filePath": dir + "/a.go", "oldString": "x := 1", "newString": "x := 2",
			"structuredPatch": []any{map[string]any{"oldStart": 3, "oldLines": 3, "newStart": 3, "newLines": 3, "lines": []any{" a", "-x := 1", "+x := 2", " b"}}}})
	b.Use("m2", "e2", "Edit", map[string]any{"file_path": dir + "/b.go", "old_string": "one\ntwo", "new_string": "one\nthree"}).
		Result("e2", "The file has been updated.", false, nil)
	b.Use("m3", "w1", "Write", map[string]any{"file_path": dir + "/c.go", "content": "new\nkept\n"}).
		Result("w1", "The file has been updated.", false, map[string]any{"type": "update", "filePath": dir + "/c.go", "content": "new\nkept\n", "originalFile": "old\nkept\n"})
	b.Use("m4", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).Result("r1", "     1→a", false, nil)
	calls, _ := readAllString(t, b.String())
	if len(calls) != 4 {
		t.Fatalf("%d calls", len(calls))
	}
	got := func(i int) string { return strings.Join(CallDiff(calls[i]), "\n") }
	if d := got(0); d != "--- a.go\n+++ a.go\n@@ +3 @@\n a\n-x := 1\n+x := 2\n b" {
		t.Errorf("structured patch:\n%s", d)
	}
	if d := got(1); !strings.Contains(d, "@@ replaced text @@\n one\n-two\n+three") || !strings.Contains(d, " one") || strings.Contains(d, "No newline") {
		t.Errorf("old/new strings:\n%s", d)
	}
	if d := got(2); !strings.Contains(d, "-old\n+new\n kept") {
		t.Errorf("write against the original:\n%s", d)
	}
	if d := CallDiff(calls[3]); d != nil {
		t.Errorf("a read has a diff: %q", d)
	}
	// a Codex patch: its hunks, as repo_edit calls
	cx := transcript.Call{Repox: []transcript.ToolCall{{Tool: "repo_edit", Args: transcript.RawJSON(transcript.EditArgs{Path: "d.go", OldString: "p\nq\n", NewString: "p\nr\n"})}}}
	if d := strings.Join(CallDiff(cx), "\n"); !strings.Contains(d, "-q\n+r") {
		t.Errorf("codex patch:\n%s", d)
	}
	// a huge write is capped
	big := transcript.Call{Repox: []transcript.ToolCall{{Tool: "repo_write", Args: transcript.RawJSON(map[string]any{"path": "e.go", "content": strings.Repeat("l\n", 3*maxCallDiffLines)})}}}
	if d := CallDiff(big); len(d) != maxCallDiffLines+1 || !strings.Contains(d[len(d)-1], "more lines of diff") {
		t.Errorf("big write: %d lines, last %q", len(d), d[len(d)-1])
	}
}
