package model

import (
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/ui"
)

// TestPreviewExpectedCountField: the refusal suggests expected_count=2;
// the form has the field, and with it the edit replaces both.
func TestPreviewExpectedCountField(t *testing.T) {
	m, path := previewModel(t, 4)
	press(m, "e", "tab")
	p := preview(t, m)
	pressMsg(m, endK)
	press(m, "0")
	pressMsg(m, ctrlR)
	if _, text, _ := p.verdict(); !strings.Contains(text, "set expected_count=2") {
		t.Fatalf("verdict %q", text)
	}
	press(m, "tab", "2")
	ok, text, _ := p.verdict()
	if want := "edited dup.go: 2 replacements at lines 4 and 6; the file now has 6 lines"; !ok || text != want {
		t.Fatalf("with expected_count 2: %v %q, want %q", ok, text, want)
	}
	pressMsg(m, ctrlS)
	press(m, "y")
	fileIs(t, path, strings.ReplaceAll(dupGo, "var x = 2", "var x = 20"))
	if !strings.Contains(p.call, `"expected_count":2`) {
		t.Errorf("call %s", p.call)
	}
	// Not a number: the form says so, nothing is sent.
	press(m, "x")
	if ok, text, byTool := p.verdict(); ok || byTool || !strings.HasPrefix(text, "expected_count must be a whole number") {
		t.Errorf("expected_count 2x: %v %v %q", ok, byTool, text)
	}
}

// TestPreviewCtrlUClearsTheWholeField: ctrl+u empties a multi-line
// old_string, not only the line before the cursor.
func TestPreviewCtrlUClearsTheWholeField(t *testing.T) {
	m, _ := previewModel(t, 3)
	press(m, "v", "j", "j", "e")
	p := preview(t, m)
	if !strings.Contains(p.old.Value(), "\n") {
		t.Fatalf("old_string is one line: %q", p.old.Value())
	}
	press(m, "ctrl+u")
	if p.old.Value() != "" || p.new.Value() == "" {
		t.Fatalf("after ctrl+u: old %q new %q", p.old.Value(), p.new.Value())
	}
}

// TestPreviewLongFieldShowsItsFirstLine: a prefill longer than the field's
// rows shows its first line, not its last.
func TestPreviewLongFieldShowsItsFirstLine(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 100, 30)
	run(m, m.openFile("docs/long.txt", 1))
	m.focus = paneViewer
	m.tick = now
	press(m, "V")
	for range 20 {
		press(m, "j")
	}
	press(m, "e")
	p := preview(t, m)
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
	pressMsg(m, ctrlEnd)
	press(m, "x", "tab")
	if !strings.HasSuffix(p.old.Value(), "x") {
		t.Fatalf("typed at %q", p.old.Value())
	}
	if !firstShown(p.old.View()) {
		t.Errorf("old_string left shows:\n%s", ansi.Strip(p.old.View()))
	}
}

var ctrlEnd = tea.KeyPressMsg{Code: tea.KeyEnd, Mod: tea.ModCtrl}

// TestPreviewKeepsTypingAcrossEsc: e again on the same lines brings back
// what was typed; e on other lines starts from them.
func TestPreviewKeepsTypingAcrossEsc(t *testing.T) {
	m, _ := previewModel(t, 3)
	press(m, "e", "tab")
	pressMsg(m, endK)
	press(m, "9", "esc", "e")
	p := preview(t, m)
	if p.new.Value() != "var a = 19" || p.old.Value() != "var a = 1" {
		t.Fatalf("reopened: old %q new %q", p.old.Value(), p.new.Value())
	}
	press(m, "esc", "j", "e")
	p = preview(t, m)
	if p.new.Value() != "var x = 2" {
		t.Fatalf("on line 4: new %q", p.new.Value())
	}
}

// TestPreviewVerdictFollowsTheDisk: the file changed on disk while the
// preview is open: the verdict is worked out again for the file as it is.
func TestPreviewVerdictFollowsTheDisk(t *testing.T) {
	m, path := previewModel(t, 3)
	m.watch = newDiskWatcher(m.Repo.Dir()) // not started: messages are sent by hand
	m.watch.close()
	press(m, "e", "tab")
	pressMsg(m, endK)
	press(m, "0")
	pressMsg(m, ctrlR)
	p := preview(t, m)
	if ok, _, _ := p.verdict(); !ok {
		t.Fatalf("verdict before the change: %+v", p.planned)
	}
	if err := os.WriteFile(path, []byte("package dup\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, cmd := m.Update(diskMsg{file: "dup.go"})
	run(m, cmd)
	if ok, text, _ := p.verdict(); ok || !strings.Contains(text, "changed") && !strings.Contains(text, "not found") && !strings.Contains(text, "does not occur") {
		t.Errorf("verdict after the file changed on disk: %v %q", ok, text)
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
