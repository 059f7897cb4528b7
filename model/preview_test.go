package model

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/model/preview"
	"github.com/repoxhq/repox/repoops"
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
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{"dup.go": dupGo})
	m := start(t, dir, 100, 30)
	run(m, m.openFile("dup.go", line))
	m.focus = paneViewer
	m.common.Session = m.Repo.NewSession()
	m.tick = now
	return m, filepath.Join(dir, "dup.go")
}

func openedPreview(t *testing.T, m *Model) *preview.Pane {
	t.Helper()
	p, ok := m.Overlays.Top().(*preview.Pane)
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

func TestPreviewSelectionAndInsertForm(t *testing.T) {
	m, path := previewModel(t, 3)
	press(m, "v", "j", "j")
	if first, last, _ := m.viewer.Selection(); first != 3 || last != 5 {
		t.Fatalf("selection %d-%d, want 3-5", first, last)
	}
	if !strings.Contains(m.Render(), "┃") {
		t.Error("the selection is not drawn")
	}
	press(m, "e")
	p := openedPreview(t, m)
	if got := editArgs(t, p).OldString; got != "var a = 1\nvar x = 2\nvar b = 3" {
		t.Fatalf("old_string from the selection: %q", got)
	}
	pressMsg(m, ctrlT)
	if req, _ := p.Request(); req == nil || req.ToolName() != "repo_insert" || *req.(repoops.InsertArgs).AfterLine != 5 {
		t.Fatalf("insert form: %+v, want after_line after the selection's last line", req)
	}
	press(m, "tab", "/", "/", " ", "n", "o", "t", "e")
	pressMsg(m, ctrlR)
	ok, text, _ := p.Verdict()
	if want := "inserted 1 line after line 5 of dup.go; the file now has 7 lines"; !ok || text != want {
		t.Fatalf("insert verdict: %v %q", ok, text)
	}
	pressMsg(m, ctrlS)
	press(m, "y")
	fileIs(t, path, "package dup\n\nvar a = 1\nvar x = 2\nvar b = 3\n// note\nvar x = 2\n")
	// The viewer read the new content again.
	if l, ok := m.viewer.LineText(6); !ok || l != "// note" {
		t.Errorf("viewer line 6 after the apply: %+v", l)
	}
}

// editArgs is the repo_edit the preview's form asks for now.
func editArgs(t *testing.T, p *preview.Pane) repoops.EditArgs {
	t.Helper()
	req, bad := p.Request()
	a, ok := req.(repoops.EditArgs)
	if !ok {
		t.Fatalf("the form asks for %+v (%s), not a repo_edit", req, bad)
	}
	return a
}

func TestPreviewTabsSurviveTheTextArea(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 100, 30)
	run(m, m.openFile("src/main.go", 7))
	m.tick = now
	press(m, "e")
	p := openedPreview(t, m)
	if r := editArgs(t, p).OldString; r != "\tfmt.Println(\"hello, needle\")" {
		t.Errorf("old_string sent as %q, want the tab kept", r)
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
	_, cmd := m.Update(panetest.Key("y"))                                        // the apply is in flight…
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
