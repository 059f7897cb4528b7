package report

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// reportClaudeRead reports one Claude Code Read of a.txt (content) whose
// result told the agent the file has total lines.
func reportClaudeRead(t *testing.T, content string, total int) string {
	return reportClaudeReadAs(t, content, total, false)
}

// reportClaudeReadAs is reportClaudeRead, as --json when asJSON.
func reportClaudeReadAs(t *testing.T, content string, total int, asJSON bool) string {
	root := gitRepo(t, map[string]string{"a.txt": content})
	b := &replaytest.Claude{T: t, Cwd: root}
	n := strings.Count(content, "\n")
	var shown strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(content, "\n"), "\n") {
		shown.WriteString("     " + string(rune('1'+i)) + "→" + l + "\n")
	}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": root + "/a.txt"}).
		Result("r1", shown.String(), false, map[string]any{"type": "text", "file": map[string]any{"filePath": root + "/a.txt", "content": content, "numLines": n, "startLine": 1, "totalLines": total}})
	var out strings.Builder
	w := &reportWriter{w: &out, file: "t", json: asJSON}
	if err := runReport(t.Context(), strings.NewReader(b.String()), root, "", w); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// Claude Code counts the empty line after a final newline: where that is
// the whole difference, a note says so once and the then line does not
// set 4 against repox's 3; a count that differs otherwise is shown.
func TestReportClaudeLineCount(t *testing.T) {
	out := reportClaudeRead(t, "a\nb\nc\n", 4)
	if strings.Contains(out, "told the file has") || strings.Count(out, "counts the empty line after the final newline, so this is the same file length as repox's 3") != 1 {
		t.Errorf("the trailing newline's line:\n%s", out)
	}
	out = reportClaudeRead(t, "a\nb\nc\n", 9)
	if !strings.Contains(out, "then  ok: 3 lines of a.txt (1-3), told the file has 9\n") || strings.Contains(out, "empty line after") {
		t.Errorf("a count that differs:\n%s", out)
	}
}

// --json says it with the same note, on the read's call line, rather than
// leave 4 beside 3 for a reader to puzzle over.
func TestReportJSONClaudeLineCount(t *testing.T) {
	const note = `"lineCountNote":"Claude Code told the agent the file has 4 lines: it counts the empty line after the final newline, so this is the same file length as repox's 3"`
	out := reportClaudeReadAs(t, "a\nb\nc\n", 4, true)
	var call string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, `{"call":`) || strings.Contains(l, `"type":"call"`) {
			call = l
		}
	}
	if !strings.Contains(call, note) || strings.Count(out, "lineCountNote") != 1 {
		t.Errorf("the call line has no note:\n%s", out)
	}
	if out := reportClaudeReadAs(t, "a\nb\nc\n", 9, true); strings.Contains(out, "lineCountNote") {
		t.Errorf("a count that differs got the note:\n%s", out)
	}
}
