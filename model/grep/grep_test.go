package grep

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

// TestSearchFindsAndOpensAtLine: s, a pattern, enter: every match grouped
// by file with counts; case-sensitive by default as repo_grep; alt+c folds
// case; enter on a line asks the root to open the file there with the
// pattern marked (that it does: the root's TestSearchOpensAtLine).
func TestSearchFindsAndOpensAtLine(t *testing.T) {
	h := newHarness(t, grepFixture(t), 70, 28)
	p := h.p
	h.typeText("needle")
	h.press("enter")
	if p.running || p.res == nil {
		t.Fatalf("search did not finish: running %v", p.running)
	}
	if p.totalLines != 2 || len(p.files) != 2 || p.files[0].shown != "src/main.go" || p.files[1].shown != "src/util/strings.go" {
		t.Fatalf("files %+v, %d lines", p.files, p.totalLines)
	}
	frame := ansi.Strip(p.View(70, 28, true))
	for _, want := range []string{"[Aa] case-sensitive", "2 lines in 2 files", "src/main.go  1 line", `7:     fmt.Println("hello, needle")`} {
		if !strings.Contains(frame, want) {
			t.Errorf("frame lacks %q:\n%s", want, frame)
		}
	}
	h.press("alt+c")
	h.press("enter")
	if p.totalLines != 3 || p.res.CaseSensitive {
		t.Fatalf("ignoring case: %d lines, %+v", p.totalLines, p.res)
	}
	// Down to src/util/strings.go's line 3 ("// Needle is found by search.").
	for p.Cursor < len(p.rows) {
		if r, ok := p.selected(); ok && r.line >= 0 && r.file.shown == "src/util/strings.go" {
			break
		}
		h.press("down")
	}
	r, _ := p.selected()
	line := r.file.lines[r.line].Line
	h.press("enter")
	if !p.Done() || len(h.opened) != 1 || h.opened[0] != "src/util/strings.go:"+strconv.Itoa(line)+":needle" {
		t.Fatalf("enter: done %v, opened %v (want line %d, needle marked)", p.Done(), h.opened, line)
	}
}

// TestSearchMarksTheModelsCut: 70 matching lines in 10 files; the model is
// shown 50 (5 per file); exactly those are marked seen, the rest unseen,
// the rule sits after the 50th, and the agent view is the tool's text.
func TestSearchMarksTheModelsCut(t *testing.T) {
	files := map[string]string{}
	for i := range 10 {
		files[fmt.Sprintf("f%d.txt", i)] = strings.Repeat("TODO item\n", 7)
	}
	dir := t.TempDir()
	repotest.WriteFiles(t, dir, files)
	h := newHarness(t, dir, 100, 40)
	p := h.p
	h.typeText("TODO")
	h.press("enter")
	want := repoNewSessionCall(t, dir, "repo_grep", `{"pattern":"TODO","case_sensitive":true}`)
	if p.AgentView.Text != want || !strings.Contains(want, "showing 50 of 70 matching lines in 10 files") {
		t.Fatalf("agent text:\n%s\nwant:\n%s", p.AgentView.Text, want)
	}
	seen, unseen, rules := 0, 0, 0
	for i, r := range p.rows {
		if r.rule {
			rules++
			if seen != 50 {
				t.Errorf("rule at row %d after %d seen lines", i, seen)
			}
			continue
		}
		if r.line < 0 {
			continue
		}
		n := r.file.lines[r.line].Line
		if p.seen[r.file.shown][n] {
			seen++
			if n > 5 {
				t.Errorf("%s:%d seen: beyond 5 in one file", r.file.shown, n)
			}
		} else {
			unseen++
		}
	}
	if seen != 50 || unseen != 20 || rules != 1 {
		t.Fatalf("seen %d unseen %d rules %d", seen, unseen, rules)
	}
	p.Top = 0
	var marks []ui.ResultMark
	for _, r := range p.rowsView(12) {
		marks = append(marks, r.Mark)
	}
	if marks[0] != ui.MarkSeen || marks[5] != ui.MarkSeen || marks[6] != ui.MarkUnseen || marks[8] != ui.MarkSeen {
		t.Errorf("marks of f0.txt's rows: %v", marks)
	}
}

// TestSearchCancel: esc while a search runs cancels it and keeps the
// overlay; a keystroke cancels too; the cancelled search's batches are
// dropped; enter searches again.
func TestSearchCancel(t *testing.T) {
	h := newHarness(t, grepFixture(t), 70, 28)
	p := h.p
	h.typeText("needle")
	cmd := p.Update(panetest.Key("enter"))
	if !p.running {
		t.Fatal("enter did not start a search")
	}
	if h.esc() || p.running || !p.cancelled {
		t.Fatalf("esc: running %v cancelled %v closed %v", p.running, p.cancelled, p.Done())
	}
	h.run(cmd) // the cancelled search's batch: dropped
	if len(p.files) != 0 || p.res != nil {
		t.Fatalf("a cancelled search's results landed: %d files", len(p.files))
	}
	if frame := ansi.Strip(p.View(70, 28, true)); !strings.Contains(frame, "enter searches again") {
		t.Errorf("no word of the cancel:\n%s", frame)
	}
	cmd = p.Update(panetest.Key("enter"))
	p.Update(panetest.Key("x")) // a keystroke cancels
	if p.running || p.pattern != "needlex" {
		t.Fatalf("keystroke: running %v pattern %q", p.running, p.pattern)
	}
	h.run(cmd)
	if p.res != nil {
		t.Fatal("a search cancelled by a keystroke landed")
	}
	h.press("backspace", "enter")
	if p.res == nil || p.totalLines != 2 {
		t.Fatalf("search again: %+v", p.res)
	}
	if !h.esc() {
		t.Errorf("esc when idle does not close")
	}
}

// TestSearchScope: ctrl+t edits the path; the search stays under it.
func TestSearchScope(t *testing.T) {
	h := newHarness(t, grepFixture(t), 100, 30)
	p := h.p
	h.typeText("needle")
	h.press("ctrl+t")
	h.typeText("src/util")
	h.press("enter")
	if p.scope != "src/util" || len(p.files) != 1 || p.files[0].shown != "src/util/strings.go" || p.res.Path != "src/util" {
		t.Fatalf("scope %q files %+v", p.scope, p.files)
	}
}

// TestSearchNoMatchSaysItOnce: a search with no match shows repo_grep's
// own sentence ("no match for …"), not "no match: no match for …".
func TestSearchNoMatchSaysItOnce(t *testing.T) {
	h := newHarness(t, grepFixture(t), 100, 30)
	p := h.p
	h.typeText("absent-zz")
	h.press("enter")
	msg := p.frame(true).Message
	if !strings.HasPrefix(msg, `no match for "absent-zz"`) || strings.Count(msg, "no match") != 1 {
		t.Fatalf("message %q", msg)
	}
}

// TestSearchRowsAlignTheirLineNumbers: a file's matching lines have their
// numbers right-aligned, so the colons and the text line up ("  9:",
// " 10:", "100:").
func TestSearchRowsAlignTheirLineNumbers(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 120; i++ {
		if i == 9 || i == 10 || i == 100 {
			fmt.Fprintf(&b, "x needle %d\n", i)
		} else {
			b.WriteString("x\n")
		}
	}
	h := newHarness(t, repotest.PlainDir(t, map[string]string{"a.txt": b.String()}), 70, 28)
	h.typeText("needle")
	h.press("enter")
	var cols []int
	for _, l := range strings.Split(ansi.Strip(h.p.View(70, 28, true)), "\n") {
		if i := strings.Index(l, ": x needle"); i >= 0 {
			cols = append(cols, ansi.StringWidth(l[:i]))
		}
	}
	if len(cols) != 3 || cols[0] != cols[1] || cols[1] != cols[2] {
		t.Errorf("the colons after lines 9, 10 and 100 sit at columns %v, want one column", cols)
	}
}
