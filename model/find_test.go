package model

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/find"
	"github.com/repoxhq/repox/model/panetest"
)

func findOf(t *testing.T, m *Model) *find.Pane {
	t.Helper()
	p, ok := m.Overlays.Top().(*find.Pane)
	if !ok {
		t.Fatalf("top overlay is %T, want find", m.Overlays.Top())
	}
	return p
}

func typeText(m *Model, s string) {
	for _, r := range s {
		press(m, string(r))
	}
}

// TestFindOpensAndReveals: f opens find over the viewer, typing narrows
// live, the best match is on top with its characters highlighted, enter
// opens it in the viewer with focus and selects it in the tree.
func TestFindOpensAndReveals(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 100, 30)
	press(m, "f")
	p := findOf(t, m)
	if frame := ansi.Strip(m.Render()); !strings.Contains(frame, "find  7 of 7 files") {
		t.Fatalf("file set not listed:\n%s", frame)
	}
	typeText(m, "strgo")
	if got := p.Status().Path; got != "src/util/strings.go" {
		t.Fatalf("strgo chooses %q", got)
	}
	frame := ansi.Strip(m.Render())
	if !strings.Contains(frame, "find: strgo") || !strings.Contains(frame, "1 of 7 files") {
		t.Fatalf("frame:\n%s", frame)
	}
	// q and ? are typed here: the hint line offers only find's own keys.
	if hint := frame[strings.LastIndex(frame, "\n"):]; strings.Contains(hint, "quit") || !strings.Contains(hint, "enter open") {
		t.Errorf("hint line %q", hint)
	}
	if !strings.Contains(m.Render(), m.Styles.MatchCurrent.Render("go")) {
		t.Errorf("matched characters are not highlighted")
	}
	press(m, "enter")
	if m.Overlays.Top() != nil {
		t.Fatalf("find still open after enter")
	}
	if m.viewer.Path() != "src/util/strings.go" || m.focus != paneViewer {
		t.Fatalf("viewer %q focus %v", m.viewer.Path(), m.focus)
	}
	// The cursor on the file's row: the tree is open down to it.
	if path, _, _ := m.tree.Selected(); path != "src/util/strings.go" {
		t.Fatalf("tree not revealed to the file: cursor on %q", path)
	}
	// Reopening keeps the query; esc closes without opening anything.
	press(m, "f")
	if frame := ansi.Strip(m.Render()); !strings.Contains(frame, "find: strgo") {
		t.Errorf("query not kept:\n%s", frame)
	}
	typeText(m, "x")
	press(m, "esc")
	if m.Overlays.Top() != nil || m.viewer.Path() != "src/util/strings.go" {
		t.Errorf("esc: overlay %v, viewer %q", m.Overlays.Top(), m.viewer.Path())
	}
}

// TestFindOpensWithCtrlP: ctrl+p opens find too (inside it, it moves up).
func TestFindOpensWithCtrlP(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 100, 30)
	pressMsg(m, tea.KeyPressMsg{Code: 'p', Mod: tea.ModCtrl})
	findOf(t, m)
}

// TestFindAgentViewOnTheStatusLine: the status line says agent view on
// while find shows repo_find's text, and off when tab flips back.
func TestFindAgentViewOnTheStatusLine(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 100, 30)
	press(m, "f")
	typeText(m, "strgo")
	press(m, "tab")
	if p := findOf(t, m); !p.AgentView.On || !m.status().Agent {
		t.Errorf("the status line says agent view off while find shows it")
	}
	press(m, "tab")
	if m.status().Agent {
		t.Errorf("the status line says agent view on after tab flipped back")
	}
}
