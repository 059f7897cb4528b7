package model

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// now is a tick that fires at once, so a debounced plan runs in run().
func now(_ time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return f(time.Time{}) }
}

const dupGo = "package dup\n\nvar a = 1\nvar x = 2\nvar b = 3\nvar x = 2\n"

// previewModel opens dup.go (written into the fixture) in the viewer with
// the cursor on line, then forgets every read (a fresh session), as the
// explorer's session is when the person has only looked.
func previewModel(t *testing.T, line int) (*Model, string) {
	t.Helper()
	dir := fixtureRepo(t)
	writeFiles(t, dir, map[string]string{"dup.go": dupGo})
	m := start(t, dir, 100, 30)
	run(m, m.openFile("dup.go", line))
	m.focus = paneViewer
	m.common.Session = m.Repo.NewSession()
	m.tick = now
	return m, filepath.Join(dir, "dup.go")
}

func preview(t *testing.T, m *Model) *previewPane {
	t.Helper()
	p, ok := m.Overlays.Top().(*previewPane)
	if !ok {
		t.Fatalf("top overlay is %T, want the edit preview", m.Overlays.Top())
	}
	return p
}

func pressMsg(m *Model, msgs ...tea.KeyPressMsg) {
	for _, k := range msgs {
		_, cmd := m.Update(k)
		run(m, cmd)
	}
}

var (
	ctrlS = tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}
	ctrlR = tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl}
	ctrlT = tea.KeyPressMsg{Code: 't', Mod: tea.ModCtrl}
	endK  = tea.KeyPressMsg{Code: tea.KeyEnd}
)

func fileIs(t *testing.T, path, want string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != want {
		t.Errorf("%s holds\n%q\nwant\n%q", filepath.Base(path), b, want)
	}
}

func TestPreviewAmbiguousRefusesAndWritesNothing(t *testing.T) {
	m, path := previewModel(t, 4)
	press(m, "e")
	p := preview(t, m)
	if got := p.old.Value(); got != "var x = 2" {
		t.Fatalf("old_string prefilled with %q, want the cursor line", got)
	}
	// Both fields start with the lines: the tool's own word for that.
	if _, text, _ := p.verdict(); text != "old_string and new_string are the same — nothing would change" {
		t.Errorf("verdict on the prefill: %q", text)
	}
	press(m, "tab")
	pressMsg(m, endK)
	press(m, "0")
	ok, text, tool := p.verdict()
	want := "dup.go has not been read in this session — read it in full with repo_read_file first (offset 1, limit>=6); edits need a full, fresh read"
	if ok || !tool || text != want {
		t.Fatalf("verdict before a read: ok=%v tool=%v %q, want the gate's refusal %q", ok, tool, text, want)
	}
	if _, read := m.Session.LastRead("dup.go"); read {
		t.Fatal("opening the preview recorded a read")
	}
	if out := flat(m.Render()); !strings.Contains(out, `ctrl+r reads it in full now: repo_read_file {"path":"dup.go","offset":1,"limit":6}`) {
		t.Errorf("the read the gate asks for is not offered as its call:\n%s", out)
	}
	pressMsg(m, ctrlR)
	if rec, read := m.Session.LastRead("dup.go"); !read || !rec.Full {
		t.Fatalf("ctrl+r: read %v %+v, want a full read in the session", read, rec)
	}
	_, text, _ = p.verdict()
	want = "dup.go: old_string occurs 2 times, at lines 4 and 6 — include more surrounding lines so it occurs once (or set expected_count=2 to replace all 2)"
	if text != want {
		t.Errorf("verdict after the read:\n%q\nwant\n%q", text, want)
	}
	pressMsg(m, ctrlS)
	if p.confirm {
		t.Error("ctrl+s on a refused plan asks to apply it")
	}
	if !strings.Contains(flat(m.Render()), "there is nothing to apply: nothing was sent") {
		t.Errorf("no word that nothing was sent:\n%s", m.Render())
	}
	press(m, "y") // typed into new_string: no confirmation is open
	fileIs(t, path, dupGo)
}

// flat is a frame's text with styles gone and the rows of the right pane
// joined, so a wrapped sentence can be looked for.
func flat(frame string) string {
	var b strings.Builder
	for _, row := range strings.Split(ansi.Strip(frame), "\n") {
		if i := strings.Index(row, "│"); i >= 0 {
			row = row[i+len("│"):]
		}
		b.WriteString(strings.TrimRight(row, " ") + " ")
	}
	return b.String()
}

func TestPreviewUniqueAppliesOnlyAfterConfirmation(t *testing.T) {
	m, path := previewModel(t, 3)
	press(m, "e", "tab")
	p := preview(t, m)
	pressMsg(m, endK)
	press(m, "0") // new_string "var a = 10"
	pressMsg(m, ctrlR)
	ok, text, _ := p.verdict()
	if want := "edited dup.go: 1 replacement at line 3; the file now has 6 lines"; !ok || text != want {
		t.Fatalf("verdict: ok=%v %q, want %q", ok, text, want)
	}
	if !strings.Contains(strings.Join(p.diffLines(), "\n"), "-var a = 1\n+var a = 10") {
		t.Errorf("diff:\n%s", strings.Join(p.diffLines(), "\n"))
	}
	pressMsg(m, ctrlS)
	if !p.confirm {
		t.Fatal("ctrl+s did not ask")
	}
	fileIs(t, path, dupGo)
	press(m, "n")
	fileIs(t, path, dupGo)
	if p.confirm || !strings.Contains(p.note, "not applied") {
		t.Errorf("n: confirm %v, note %q", p.confirm, p.note)
	}
	pressMsg(m, ctrlS)
	press(m, "y")
	fileIs(t, path, strings.Replace(dupGo, "var a = 1", "var a = 10", 1))
	if p.res == nil || p.res.IsError || !strings.HasPrefix(p.res.Text, "edited dup.go: 1 replacement at line 3; the file now has 6 lines\n") {
		t.Fatalf("the tool's result is not shown: %+v", p.res)
	}
	if p.call != `repo_edit {"path":"dup.go","old_string":"var a = 1","new_string":"var a = 10"}` {
		t.Errorf("call shown: %s", p.call)
	}
	// The next edit starts from the text now in the file.
	if _, text, _ := p.verdict(); p.old.Value() != "var a = 10" || text != "old_string and new_string are the same — nothing would change" {
		t.Errorf("after the apply: old_string %q, verdict %q", p.old.Value(), text)
	}
	// The viewer read the new content again.
	if l, ok := m.viewer.find(3); !ok || l.raw != "var a = 10" {
		t.Errorf("viewer line 3 after the apply: %+v", l)
	}
}

func TestPreviewFailedApplyChangesNothing(t *testing.T) {
	m, path := previewModel(t, 3)
	press(m, "e", "tab")
	pressMsg(m, endK)
	press(m, "0")
	p := preview(t, m)
	pressMsg(m, ctrlR, ctrlS)
	if !p.confirm {
		t.Fatal("no confirmation")
	}
	// Someone else changes the file between the plan and the apply.
	other := strings.Replace(dupGo, "var b = 3", "var b = 4", 1)
	if err := os.WriteFile(path, []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	press(m, "y")
	fileIs(t, path, other)
	if p.res == nil || !p.res.IsError || !strings.Contains(p.res.Text, "changed on disk since") {
		t.Fatalf("apply after an outside change: %+v", p.res)
	}
}

func TestPreviewSelectionAndInsertForm(t *testing.T) {
	m, path := previewModel(t, 3)
	press(m, "v", "j", "j")
	if first, last, _ := m.viewer.selRange(); first != 3 || last != 5 {
		t.Fatalf("selection %d-%d, want 3-5", first, last)
	}
	if !strings.Contains(m.Render(), "┃") {
		t.Error("the selection is not drawn")
	}
	press(m, "e")
	p := preview(t, m)
	if got := p.old.Value(); got != "var a = 1\nvar x = 2\nvar b = 3" {
		t.Fatalf("old_string from the selection: %q", got)
	}
	pressMsg(m, ctrlT)
	if !p.insert || p.line.Value() != "5" {
		t.Fatalf("insert form: %v after_line %q, want after the selection's last line", p.insert, p.line.Value())
	}
	press(m, "tab", "/", "/", " ", "n", "o", "t", "e")
	pressMsg(m, ctrlR)
	ok, text, _ := p.verdict()
	if want := "inserted 1 line after line 5 of dup.go; the file now has 7 lines"; !ok || text != want {
		t.Fatalf("insert verdict: %v %q", ok, text)
	}
	pressMsg(m, ctrlS)
	press(m, "y")
	fileIs(t, path, "package dup\n\nvar a = 1\nvar x = 2\nvar b = 3\n// note\nvar x = 2\n")
}

func TestPreviewTabsSurviveTheTextArea(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 100, 30)
	run(m, m.openFile("src/main.go", 7))
	m.tick = now
	press(m, "e")
	p := preview(t, m)
	req, _ := p.request()
	if got := req.(interface{ ToolName() string }); got == nil {
		t.Fatal("no request")
	}
	if r := fromArea(p.old.Value()); r != "\tfmt.Println(\"hello, needle\")" {
		t.Errorf("old_string sent as %q, want the tab kept", r)
	}
}

func TestPreviewStalePlanDropped(t *testing.T) {
	m, _ := previewModel(t, 3)
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil } // debounce never fires
	press(m, "e")
	p := preview(t, m)
	old := p.gen
	press(m, "tab", "x")
	if p.gen == old {
		t.Fatal("typing did not start a new generation")
	}
	// A plan stamped with the old generation arrives late: dropped.
	before := p.planned
	m.Update(paneMsg{To: panePreview, Job: jobLoad, Gen: old, Msg: planMsg{err: formError("stale")}})
	if p.planned != before {
		t.Error("a stale plan landed")
	}
}

// TestPreviewClosedWhileApplyingStillSaysWhatHappened: esc while the tool
// writes does not take the write back, and the status line says what the
// tool answered.
func TestPreviewClosedWhileApplyingStillSaysWhatHappened(t *testing.T) {
	m, path := previewModel(t, 3)
	press(m, "e", "tab")
	pressMsg(m, endK)
	press(m, "0")
	pressMsg(m, ctrlR, ctrlS)
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil } // messages stay
	_, cmd := m.Update(keyMsg("y"))                                              // the apply is in flight…
	press(m, "esc")                                                              // …when the preview is closed
	if m.Overlays.Top() != nil {
		t.Fatal("esc did not close the preview")
	}
	run(m, cmd)
	fileIs(t, path, strings.Replace(dupGo, "var a = 1", "var a = 10", 1))
	if !strings.HasPrefix(m.message, "repo_edit: edited dup.go: 1 replacement at line 3") {
		t.Errorf("status after the closed preview's apply: %q", m.message)
	}
}

// TestPreviewFileThatCanNeverBeReadInFull: the gate's refusal says so, and
// no read is offered that could not open it.
func TestPreviewFileThatCanNeverBeReadInFull(t *testing.T) {
	dir := fixtureRepo(t)
	writeFiles(t, dir, map[string]string{"big.txt": numbered(2500)})
	m := start(t, dir, 100, 30)
	run(m, m.openFile("big.txt", 10))
	m.focus = paneViewer
	m.tick = now
	press(m, "e", "tab", "x")
	p := preview(t, m)
	ok, text, _ := p.verdict()
	if ok || !strings.Contains(text, "it has 2,500 lines, more than the 2,000 one repo_read_file call returns") {
		t.Fatalf("verdict: %q", text)
	}
	if p.readable() || strings.Contains(flat(m.Render()), "ctrl+r reads it in full now") {
		t.Error("a full read is offered for a file no read can return whole")
	}
	pressMsg(m, ctrlR)
	if p.res != nil || !strings.Contains(p.note, "can never return this file whole") {
		t.Errorf("ctrl+r: res %v note %q", p.res, p.note)
	}
}
