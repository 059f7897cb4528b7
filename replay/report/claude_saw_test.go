package report

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// A count of one reads as one: "1 line", not "1 lines".
func TestReportCountsOneLineAsOne(t *testing.T) {
	root := gitRepo(t, map[string]string{"a.txt": "x\n"})
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": root + "/a.txt"}).
		Result("r1", "     1→x\n", false, map[string]any{"type": "text", "file": map[string]any{"filePath": root + "/a.txt", "content": "x\n", "numLines": 2, "startLine": 1, "totalLines": 2}})
	var out strings.Builder
	w := &reportWriter{w: &out, file: "t"}
	if err := runReport(t.Context(), strings.NewReader(b.String()), root, "", w); err != nil {
		t.Fatal(err)
	}
	if want := "then  ok: 1 line of a.txt (1)\n"; !strings.Contains(out.String(), want) {
		t.Errorf("the report lacks %q:\n%s", want, out.String())
	}
}
