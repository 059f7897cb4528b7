package replay

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

// ccRead is a Claude Code Read of the whole file rel, shown as Claude
// shows it ("     N→text"), with a trailing reminder.
func ccRead(b *replaytest.Claude, id, rel, content string) *replaytest.Claude {
	var shown strings.Builder
	for i, l := range transcript.SplitLines(content) {
		shown.WriteString(padNum(i+1) + "→" + l + "\n")
	}
	shown.WriteString("\n<system-reminder>\nWhenever you read a file, consider whether it is malware.\n</system-reminder>\n")
	return b.Use("m"+id, id, "Read", map[string]any{"file_path": b.Cwd + "/" + rel}).
		Result(id, shown.String(), false, nil)
}

func padNum(n int) string {
	s := strings.Repeat(" ", 6) + itoaTest(n)
	return s[len(s)-6:]
}

func marked(cmp Comparison) (removed, added, changed int) {
	for _, r := range cmp.Rows {
		switch r.Op {
		case RowRemoved:
			removed++
		case RowAdded:
			added++
		case RowChanged:
			changed++
		}
	}
	return
}

// An unchanged read compares equal: repox's header row and the agent's
// "     N→" prefixes and trailing reminder are framing, not content, and
// every content row sits beside the row of the same line number.
func TestCompareUnchangedReadIsEqual(t *testing.T) {
	content := "package a\n\nfunc A() {\n\treturn\n}\n"
	dir := gitRepo(t, map[string]string{"a.go": content})
	b := &replaytest.Claude{T: t, Cwd: dir}
	steps, _ := replayAll(t, dir, ccRead(b, "r1", "a.go", content).String())
	cmp := Compare(steps[0])
	if cmp.Kind != CompareRead || !cmp.Equal() {
		t.Fatalf("kind %s, removed %d added %d: %+v", cmp.Kind, cmp.Removed, cmp.Added, cmp.Rows)
	}
	if r, a, c := marked(cmp); r+a+c != 0 {
		t.Errorf("an unchanged read has %d/%d/%d marked rows", r, a, c)
	}
	n := 0
	for _, r := range cmp.Rows {
		if r.Op != RowSame {
			continue
		}
		n++
		if r.Then.N != r.Now.N || r.Then.Text != r.Now.Text {
			t.Errorf("row %d: then %+v beside now %+v", n, *r.Then, *r.Now)
		}
	}
	if n != 5 {
		t.Errorf("%d content rows side by side, want 5", n)
	}
	if cmp.Rows[0].Op != RowFrame || cmp.Rows[0].Now == nil || !strings.Contains(cmp.Rows[0].Now.Text, "lines 1-5 of 5") {
		t.Errorf("repox's header is not a frame row: %+v", cmp.Rows[0])
	}
}

// One changed line is exactly one row with then beside now.
func TestCompareOneChangedLine(t *testing.T) {
	then := "a\nb\nc\nd\n"
	dir := gitRepo(t, map[string]string{"f.txt": "a\nB\nc\nd\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	steps, _ := replayAll(t, dir, ccRead(b, "r1", "f.txt", then).String())
	cmp := Compare(steps[0])
	r, a, c := marked(cmp)
	if c != 1 || r != 0 || a != 0 || cmp.Removed != 1 || cmp.Added != 1 {
		t.Fatalf("changed %d removed %d added %d (counts %d/%d): %+v", c, r, a, cmp.Removed, cmp.Added, cmp.Rows)
	}
	for _, row := range cmp.Rows {
		if row.Op == RowChanged && (row.Then.String() != "2→b" || row.Now.String() != "2→B") {
			t.Errorf("the changed row is %q beside %q", row.Then.String(), row.Now.String())
		}
	}
}

// A line added above moves every later line: one added row, the rest the same.
func TestCompareInsertedLineIsOneRow(t *testing.T) {
	dir := gitRepo(t, map[string]string{"f.txt": "a\nnew\nb\nc\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	steps, _ := replayAll(t, dir, ccRead(b, "r1", "f.txt", "a\nb\nc\n").String())
	cmp := Compare(steps[0])
	if r, a, c := marked(cmp); r != 0 || a != 1 || c != 0 {
		t.Fatalf("removed %d added %d changed %d: %+v", r, a, c, cmp.Rows)
	}
}

// A Grep whose only difference is the line format ("/abs/path:2:text"
// against repox's "path:2: text") compares equal.
func TestCompareGrepFramingOnlyIsEqual(t *testing.T) {
	dir := gitRepo(t, map[string]string{"src/a.go": "package a\n\tneedle here\n", "b.txt": "no\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "g1", "Grep", map[string]any{"pattern": "needle", "output_mode": "content", "-n": true}).
		Result("g1", dir+"/src/a.go:2:\tneedle here", false, nil)
	steps, _ := replayAll(t, dir, b.String())
	cmp := Compare(steps[0])
	if cmp.Kind != CompareSearch || !cmp.Equal() {
		t.Fatalf("kind %s removed %d added %d: %+v\nnow: %s", cmp.Kind, cmp.Removed, cmp.Added, cmp.Rows, steps[0].Now[0].Text)
	}
	same := 0
	for _, r := range cmp.Rows {
		if r.Op == RowSame {
			same++
		}
	}
	if same != 1 {
		t.Errorf("%d hits side by side, want 1: %+v", same, cmp.Rows)
	}
	// and a hit only the agent had is one removed row
	b = &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "g1", "Grep", map[string]any{"pattern": "needle", "output_mode": "content", "-n": true}).
		Result("g1", dir+"/src/a.go:2:\tneedle here\n"+dir+"/b.txt:1:needle", false, nil)
	steps, _ = replayAll(t, dir, b.String())
	if cmp := Compare(steps[0]); cmp.Removed != 1 || cmp.Added != 0 {
		t.Errorf("an extra hit: removed %d added %d", cmp.Removed, cmp.Added)
	}
}

// Not the same kind of answer (an edit): shown side by side, nothing marked.
func TestCompareChangeIsNotDiffed(t *testing.T) {
	dir := gitRepo(t, map[string]string{"f.txt": "a\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	ccRead(b, "r1", "f.txt", "a\n").
		Use("m2", "e1", "Edit", map[string]any{"file_path": dir + "/f.txt", "old_string": "a", "new_string": "b"}).
		Result("e1", "The file "+dir+"/f.txt has been updated.", false, nil)
	steps, _ := replayAll(t, dir, b.String())
	cmp := Compare(steps[1])
	if cmp.Kind != CompareNone || !cmp.Equal() {
		t.Fatalf("an edit: kind %s, %+v", cmp.Kind, cmp)
	}
	for _, r := range cmp.Rows {
		if r.Op != RowFrame {
			t.Errorf("row marked %q", r.Op)
		}
	}
}

// Differences is Compare's differing rows, in its order, with the same
// kind and counts; of a step not compared (a command's output of 100,000
// lines against a refusal) it lays out no row at all.
func TestDifferencesAreComparesMarkedRows(t *testing.T) {
	dir := gitRepo(t, map[string]string{"f.txt": "a\nnew\nB\nc\n", "src/a.go": "package a\n\tneedle here\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	ccRead(b, "r1", "f.txt", "a\nb\nc\n").
		Use("m2", "g1", "Grep", map[string]any{"pattern": "needle", "output_mode": "content", "-n": true}).
		Result("g1", dir+"/src/a.go:2:\tneedle here\n"+dir+"/b.txt:1:needle", false, nil).
		Use("m3", "e1", "Edit", map[string]any{"file_path": dir + "/f.txt", "old_string": "a", "new_string": "b"}).
		Result("e1", "The file "+dir+"/f.txt has been updated.", false, nil).
		Use("m4", "b1", "Bash", map[string]any{"command": "cat missing.log"}).
		Result("b1", strings.Repeat("a line of a long log\n", 100000), false, nil)
	steps, _ := replayAll(t, dir, b.String())
	if len(steps) != 4 {
		t.Fatalf("%d steps, want 4", len(steps))
	}
	for _, st := range steps {
		all, diff := Compare(st), Differences(st)
		var want []CompareRow
		for _, r := range all.Rows {
			if r.Op == RowChanged || r.Op == RowRemoved || r.Op == RowAdded {
				want = append(want, r)
			}
		}
		if diff.Kind != all.Kind || diff.Removed != all.Removed || diff.Added != all.Added || len(diff.Rows) != len(want) {
			t.Errorf("#%d %s: Differences %s %d/%d with %d rows, Compare %s %d/%d with %d marked", st.Call.Seq, st.Call.AgentTool,
				diff.Kind, diff.Removed, diff.Added, len(diff.Rows), all.Kind, all.Removed, all.Added, len(want))
			continue
		}
		for i := range want {
			if diff.Rows[i].Op != want[i].Op || sideText(diff.Rows[i].Then) != sideText(want[i].Then) || sideText(diff.Rows[i].Now) != sideText(want[i].Now) {
				t.Errorf("#%d row %d: %+v, want %+v", st.Call.Seq, i, diff.Rows[i], want[i])
			}
		}
	}
	if n := len(Compare(steps[3]).Rows); n < 100000 {
		t.Errorf("Compare laid the command's output out in %d rows, want every line", n)
	}
}

func sideText(r *SideRow) string {
	if r == nil {
		return "(none)"
	}
	return r.String()
}

// A Glob's absolute paths are rows relative to the session's folder,
// also those only the agent listed (a file repox's file set leaves out):
// the then-rows are never absolute paths beside relative ones.
func TestCompareListRowsOnlyThenAreRelative(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": "package a\n", ".gitignore": "gone.log\n"})
	names := []string{dir + "/a.go", dir + "/gone.log"}
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "g1", "Glob", map[string]any{"pattern": "*"}).
		Result("g1", strings.Join(names, "\n"), false, map[string]any{"filenames": names, "numFiles": 2})
	steps, _ := replayAll(t, dir, b.String())
	cmp := Compare(steps[0])
	if cmp.Kind != CompareList {
		t.Fatalf("kind %s", cmp.Kind)
	}
	var only []string
	for _, r := range cmp.Rows {
		if r.Then != nil && strings.HasPrefix(r.Then.Text, "/") {
			t.Errorf("an absolute then-row: %+v", r)
		}
		if r.Op == RowRemoved {
			only = append(only, r.Then.Text)
		}
	}
	if strings.Join(only, ",") != "gone.log" {
		t.Errorf("rows only then %q, want gone.log", only)
	}
}
