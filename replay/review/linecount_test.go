package review

import (
	"html"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// The review words a read's file length as the report does
// (replay.ToldLines): Claude Code's count of the empty line after the
// final newline is said once as a note, not set against repox's count; a
// count that differs otherwise is shown beside the then text.
func TestReviewClaudeLineCount(t *testing.T) {
	for _, tc := range []struct {
		total     int
		want, not string
	}{
		{4, "counts the empty line after the final newline, so this is the same file length as repox's 3", "told the file has"},
		{9, "(ok, told the file has 9)", "empty line after"},
	} {
		h := newHome(t, map[string]string{"a.txt": "a\nb\nc\n"})
		b := &replaytest.Claude{T: t, Cwd: h.root}
		b.Use("m1", "r1", "Read", map[string]any{"file_path": h.root + "/a.txt"}).
			Result("r1", "     1→a\n     2→b\n     3→c\n", false, map[string]any{"type": "text",
				"file": map[string]any{"filePath": h.root + "/a.txt", "content": "a\nb\nc\n", "numLines": 3, "startLine": 1, "totalLines": tc.total}})
		d := build(t, h.write(t, ".claude/projects/-src-shop/count.jsonl", b.String()), h.root, h.dir, false)
		md, page := render(t, d)
		for name, out := range map[string]string{"markdown": md, "html": html.UnescapeString(page)} {
			if strings.Count(out, tc.want) != 1 || strings.Contains(out, tc.not) {
				t.Errorf("told %d lines, %s: want %q once and no %q:\n%s", tc.total, name, tc.want, tc.not, out)
			}
		}
	}
}
