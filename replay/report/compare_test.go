package report

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// The report prints the same comparison: only the rows that differ.
func TestReportShowsTheDifferingRows(t *testing.T) {
	dir := gitRepo(t, map[string]string{"f.txt": "a\nB\nc\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	ccRead(b, "r1", "f.txt", "a\nb\nc\n")
	var out strings.Builder
	w := &reportWriter{w: &out, file: "t"}
	if err := runReport(t.Context(), strings.NewReader(b.String()), dir, "", w); err != nil {
		t.Fatal(err)
	}
	want := "    diff  1 row only then, 1 row only now (- then, + now)\n          - 2→b\n          + 2→B\n"
	if !strings.Contains(out.String(), want) {
		t.Errorf("the report does not show the changed row as\n%s\ngot:\n%s", want, out.String())
	}
	if strings.Contains(out.String(), "1→a") {
		t.Errorf("an unchanged row is printed:\n%s", out.String())
	}
}
