package preview

import (
	"os"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

func dupHarness(t *testing.T, line int) *harness {
	return newHarness(t, map[string]string{"dup.go": dupGo}, "dup.go", line, line)
}

func TestPreviewAmbiguousRefusesAndWritesNothing(t *testing.T) {
	h := dupHarness(t, 4)
	p := h.p
	if got := p.old.Value(); got != "var x = 2" {
		t.Fatalf("old_string prefilled with %q, want the cursor line", got)
	}
	// Both fields start with the lines: the tool's own word for that.
	if _, text, _ := p.Verdict(); text != "old_string and new_string are the same — nothing would change" {
		t.Errorf("verdict on the prefill: %q", text)
	}
	h.press("tab", "end", "0")
	ok, text, tool := p.Verdict()
	want := "dup.go has not been read in this session — read it with repo_read_file first (offset=1 limit=6); a change may touch only lines this session has seen"
	if ok || !tool || text != want {
		t.Fatalf("verdict before a read: ok=%v tool=%v %q, want the gate's refusal %q", ok, tool, text, want)
	}
	if _, read := h.c.Session.Seen("dup.go"); read {
		t.Fatal("opening the preview recorded a read")
	}
	if out := h.frame(); !strings.Contains(out, `ctrl+r reads the unseen lines now: repo_read_file {"path":"dup.go","offset":1,"limit":6}`) {
		t.Errorf("the read the gate asks for is not offered as its call:\n%s", out)
	}
	h.press("ctrl+r")
	if rec, read := h.c.Session.Seen("dup.go"); !read || !rec.All() {
		t.Fatalf("ctrl+r: read %v %+v, want a full read in the session", read, rec)
	}
	_, text, _ = p.Verdict()
	want = "dup.go: old_string occurs 2 times, at lines 4 and 6 — include more surrounding lines so it occurs once (or set expected_count=2 to replace all 2)"
	if text != want {
		t.Errorf("verdict after the read:\n%q\nwant\n%q", text, want)
	}
	h.press("ctrl+s")
	if p.confirm {
		t.Error("ctrl+s on a refused plan asks to apply it")
	}
	if !strings.Contains(h.frame(), "there is nothing to apply: nothing was sent") {
		t.Errorf("no word that nothing was sent:\n%s", h.frame())
	}
	h.press("y") // typed into new_string: no confirmation is open
	fileIs(t, h.path("dup.go"), dupGo)
}

func TestPreviewUniqueAppliesOnlyAfterConfirmation(t *testing.T) {
	h := dupHarness(t, 3)
	p := h.p
	h.press("tab", "end", "0", "ctrl+r") // new_string "var a = 10"
	ok, text, _ := p.Verdict()
	if want := "edited dup.go: 1 replacement at line 3; the file now has 6 lines"; !ok || text != want {
		t.Fatalf("verdict: ok=%v %q, want %q", ok, text, want)
	}
	if !strings.Contains(strings.Join(p.diffLines(), "\n"), "-var a = 1\n+var a = 10") {
		t.Errorf("diff:\n%s", strings.Join(p.diffLines(), "\n"))
	}
	h.press("ctrl+s")
	if !p.confirm {
		t.Fatal("ctrl+s did not ask")
	}
	fileIs(t, h.path("dup.go"), dupGo)
	h.press("n")
	fileIs(t, h.path("dup.go"), dupGo)
	if p.confirm || !strings.Contains(p.note, "not applied") {
		t.Errorf("n: confirm %v, note %q", p.confirm, p.note)
	}
	h.after = nil
	h.press("ctrl+s", "y")
	fileIs(t, h.path("dup.go"), strings.Replace(dupGo, "var a = 1", "var a = 10", 1))
	if p.res == nil || p.res.IsError || !strings.HasPrefix(p.res.Text, "edited dup.go: 1 replacement at line 3; the file now has 6 lines\n") {
		t.Fatalf("the tool's result is not shown: %+v", p.res)
	}
	if p.call != `repo_edit {"path":"dup.go","old_string":"var a = 1","new_string":"var a = 10"}` {
		t.Errorf("call shown: %s", p.call)
	}
	// The next edit starts from the text now in the file.
	if _, text, _ := p.Verdict(); p.old.Value() != "var a = 10" || text != "old_string and new_string are the same — nothing would change" {
		t.Errorf("after the apply: old_string %q, verdict %q", p.old.Value(), text)
	}
	// The root is told the file was written (the viewer reads it again),
	// and gets the answer for the write log.
	if len(h.after) != 1 || !h.after[0] {
		t.Errorf("after calls %v, want one that wrote", h.after)
	}
	if len(h.other) != 1 {
		t.Fatalf("messages for the root: %v", h.other)
	}
	if am, ok := h.other[0].(AppliedMsg); !ok || am.Tool != "repo_edit" || am.Res.IsError || am.Write.path != "dup.go" {
		t.Errorf("the root's message: %+v", h.other[0])
	}
}

func TestPreviewFailedApplyChangesNothing(t *testing.T) {
	h := dupHarness(t, 3)
	p := h.p
	h.press("tab", "end", "0", "ctrl+r", "ctrl+s")
	if !p.confirm {
		t.Fatal("no confirmation")
	}
	// Someone else changes the file between the plan and the apply.
	other := strings.Replace(dupGo, "var b = 3", "var b = 4", 1)
	if err := os.WriteFile(h.path("dup.go"), []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	h.press("y")
	fileIs(t, h.path("dup.go"), other)
	if p.res == nil || !p.res.IsError || !strings.Contains(p.res.Text, "changed on disk since") {
		t.Fatalf("apply after an outside change: %+v", p.res)
	}
}

func TestPreviewInsertForm(t *testing.T) {
	h := newHarness(t, map[string]string{"dup.go": dupGo}, "dup.go", 3, 5)
	p := h.p
	if got := p.old.Value(); got != "var a = 1\nvar x = 2\nvar b = 3" {
		t.Fatalf("old_string from the lines: %q", got)
	}
	h.press("ctrl+t")
	if !p.insert || p.line.Value() != "5" {
		t.Fatalf("insert form: %v after_line %q, want after the selection's last line", p.insert, p.line.Value())
	}
	h.press("tab", "/", "/", " ", "n", "o", "t", "e", "ctrl+r")
	ok, text, _ := p.Verdict()
	if want := "inserted 1 line after line 5 of dup.go; the file now has 7 lines"; !ok || text != want {
		t.Fatalf("insert verdict: %v %q", ok, text)
	}
	h.press("ctrl+s", "y")
	fileIs(t, h.path("dup.go"), "package dup\n\nvar a = 1\nvar x = 2\nvar b = 3\n// note\nvar x = 2\n")
}

func TestPreviewStalePlanDropped(t *testing.T) {
	h := dupHarness(t, 3)
	h.frozen = true // the debounce never fires
	p := h.p
	old := p.Generation(pane.JobLoad)
	h.press("tab", "x")
	if p.Generation(pane.JobLoad) == old {
		t.Fatal("typing did not start a new generation")
	}
	// A plan stamped with the old generation arrives late: dropped.
	before := p.planned
	h.run(func() tea.Msg {
		return pane.Msg{To: pane.Preview, Job: pane.JobLoad, Gen: old, Msg: planMsg{err: formError("stale")}}
	})
	if p.planned != before {
		t.Error("a stale plan landed")
	}
}

// A file longer than one read returns: the gate names the window that
// shows the line the edit changes, ctrl+r reads exactly that window
// through the tool (one call, recorded), and the edit is then allowed —
// of line 2,450 of 2,500 without reading the other 500 lines.
func TestPreviewCtrlRReadsTheMissingWindowOfALongFile(t *testing.T) {
	h := newHarness(t, map[string]string{"big.txt": repotest.Numbered(2500, "line")}, "big.txt", 2450, 2450)
	p := h.p
	h.press("tab", "x")
	ok, text, _ := p.Verdict()
	if ok || !strings.Contains(text, "big.txt has not been read in this session — read it with repo_read_file first (offset=501 limit=2000)") {
		t.Fatalf("verdict: %q", text)
	}
	if !p.readable() || !strings.Contains(h.frame(), `ctrl+r reads the unseen lines now: repo_read_file {"path":"big.txt","offset":501,"limit":2000}`) {
		t.Fatalf("the missing window is not offered:\n%s", h.frame())
	}
	h.press("ctrl+r")
	if p.res == nil || p.res.IsError || !strings.HasPrefix(p.res.Text, "big.txt — lines 501-2500 of 2500") {
		t.Fatalf("ctrl+r: %+v", p.res)
	}
	seen, _ := h.c.Session.Seen("big.txt")
	if got := seen.Summary(); got != "lines 501-2,500 of 2,500" {
		t.Errorf("seen after ctrl+r: %s", got)
	}
	if ok, text, _ := p.Verdict(); !ok {
		t.Errorf("after the read the edit should be allowed: %q", text)
	}
}

// TestPreviewExpectedCountField: the refusal suggests expected_count=2;
// the form has the field, and with it the edit replaces both.
func TestPreviewExpectedCountField(t *testing.T) {
	h := dupHarness(t, 4)
	p := h.p
	h.press("tab", "end", "0", "ctrl+r")
	if _, text, _ := p.Verdict(); !strings.Contains(text, "set expected_count=2") {
		t.Fatalf("verdict %q", text)
	}
	h.press("tab", "2")
	ok, text, _ := p.Verdict()
	if want := "edited dup.go: 2 replacements at lines 4 and 6; the file now has 6 lines"; !ok || text != want {
		t.Fatalf("with expected_count 2: %v %q, want %q", ok, text, want)
	}
	h.press("ctrl+s", "y")
	fileIs(t, h.path("dup.go"), strings.ReplaceAll(dupGo, "var x = 2", "var x = 20"))
	if !strings.Contains(p.call, `"expected_count":2`) {
		t.Errorf("call %s", p.call)
	}
	// Not a number: the form says so, nothing is sent.
	h.press("x")
	if ok, text, byTool := p.Verdict(); ok || byTool || !strings.HasPrefix(text, "expected_count must be a whole number") {
		t.Errorf("expected_count 2x: %v %v %q", ok, byTool, text)
	}
}

// TestPreviewCtrlUClearsTheWholeField: ctrl+u empties a multi-line
// old_string, not only the line before the cursor.
func TestPreviewCtrlUClearsTheWholeField(t *testing.T) {
	h := newHarness(t, map[string]string{"dup.go": dupGo}, "dup.go", 3, 5)
	p := h.p
	if !strings.Contains(p.old.Value(), "\n") {
		t.Fatalf("old_string is one line: %q", p.old.Value())
	}
	h.press("ctrl+u")
	if p.old.Value() != "" || p.new.Value() == "" {
		t.Fatalf("after ctrl+u: old %q new %q", p.old.Value(), p.new.Value())
	}
}

// TestPreviewLongFieldShowsItsFirstLine: a prefill longer than the field's
// rows shows its first line, not its last.
func TestPreviewLongFieldShowsItsFirstLine(t *testing.T) {
	h := newHarness(t, map[string]string{"long.txt": repotest.Numbered(1400, "line")}, "long.txt", 1, 21)
	p := h.p
	if p.old.Height() >= 21 {
		t.Fatalf("the field shows all %d rows: the test shows nothing", p.old.Height())
	}
	firstShown := func(a string) bool {
		v := ansi.Strip(a)
		return strings.Contains(v, "line 1\n") || strings.Contains(v, "line 1 ")
	}
	if !firstShown(p.old.View()) {
		t.Errorf("old_string's first line is not visible on opening:\n%s", p.old.View())
	}
	// Typing in old_string, then moving on to new_string: old_string shows
	// its first line again, not the end where the typing was.
	h.press("ctrl+end", "x", "tab")
	if !strings.HasSuffix(p.old.Value(), "x") {
		t.Fatalf("typed at %q", p.old.Value())
	}
	if !firstShown(p.old.View()) {
		t.Errorf("old_string left shows:\n%s", ansi.Strip(p.old.View()))
	}
}

// TestPreviewResumeTakesTheTyping: a preview of the same lines takes what
// was typed in the last one; one of other lines, or of a prefill left as
// it was, does not.
func TestPreviewResumeTakesTheTyping(t *testing.T) {
	h := dupHarness(t, 3)
	h.press("tab", "end", "9")
	again := New(h.c, "dup.go", "line 3", now, nil)
	if !again.Resume(h.p) || again.new.Value() != "var a = 19" || again.old.Value() != "var a = 1" {
		t.Fatalf("resumed: old %q new %q", again.old.Value(), again.new.Value())
	}
	if New(h.c, "dup.go", "line 4", now, nil).Resume(h.p) {
		t.Error("a preview of line 4 took the typing of line 3")
	}
	if New(h.c, "dup.go", "line 3", now, nil).Resume(dupHarness(t, 3).p) {
		t.Error("a preview took a prefill nobody typed in")
	}
}

// TestPreviewVerdictWrapsIntoSpareRows: a long verdict takes the rows the
// diff can spare instead of "… N more lines"; after an apply the diff's
// heading says it was written.
func TestPreviewVerdictWrapsIntoSpareRows(t *testing.T) {
	s := ui.NewStyles(true, true)
	long := strings.Repeat("word ", 120) + "— call repo_read_file with limit>=1400 first"
	out := s.RenderPreview(ui.PreviewView{Title: "t", VerdictLabel: "repo_edit would refuse now:", Verdict: long, Diff: []string{"@@ -1 +1 @@", "-a", "+b"}}, 60, 40)
	if strings.Contains(out, "more line") || !strings.Contains(strings.ReplaceAll(out, "\n", " "), "limit>=1400 first") {
		t.Errorf("the verdict was cut:\n%s", out)
	}
	if !strings.Contains(out, "diff (planned; nothing written)") {
		t.Errorf("no diff heading:\n%s", out)
	}
	out = s.RenderPreview(ui.PreviewView{Title: "t", Diff: []string{"-a", "+b"}, Applied: true}, 60, 20)
	if !strings.Contains(out, "diff (applied: this is what was written)") {
		t.Errorf("applied diff heading:\n%s", out)
	}
}

// TestPreviewGrowingFieldShowsEveryLine: typing a new line grows a
// multi-line field by a row, and every line still shows, the first at the
// top; no empty row is left at the bottom while the first hides above.
func TestPreviewGrowingFieldShowsEveryLine(t *testing.T) {
	h := newHarness(t, map[string]string{"dup.go": dupGo}, "dup.go", 3, 3)
	p := h.p
	rows := func() []string {
		var out []string
		for _, r := range strings.Split(ansi.Strip(p.new.View()), "\n") {
			out = append(out, strings.TrimRight(strings.TrimPrefix(r, "│"), " "))
		}
		return out
	}
	h.press("tab", "end", "enter", "b")
	if got, want := rows(), []string{"var a = 1", "b"}; !slices.Equal(got, want) {
		t.Errorf("new_string after a new line shows %q, want %q", got, want)
	}
	h.press("enter", "c")
	if got, want := rows(), []string{"var a = 1", "b", "c"}; !slices.Equal(got, want) {
		t.Errorf("new_string after two new lines shows %q, want %q", got, want)
	}
	// Past the field's most rows, it scrolls, and still no row is empty.
	for range 12 {
		h.press("enter", "d")
	}
	got := rows()
	if len(got) != p.new.Height() || got[len(got)-1] != "d" || slices.Contains(got, "") {
		t.Errorf("a field past its rows shows %q", got)
	}
}
