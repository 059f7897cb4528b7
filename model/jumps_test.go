package model

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/panetest"
)

func ctrlKey(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }

// TestJumpListBackAndForward: a jump from find or search leaves the
// viewer's place on the jump list; ctrl+o goes back to the file and line,
// ctrl+i (alt+i) forward again; with nothing to go to it says so.
func TestJumpListBackAndForward(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 100, 30)
	selectPath(t, m, "docs")
	press(m, "l")
	selectPath(t, m, "docs/long.txt")
	press(m, "l")
	if m.viewer.Path() != "docs/long.txt" {
		t.Fatalf("viewer %q", m.viewer.Path())
	}
	m.focus = paneViewer
	press(m, "5", "0", "j")
	if m.viewer.Cursor() != 51 {
		t.Fatalf("cursor %d", m.viewer.Cursor())
	}
	press(m, "f")
	typeText(m, "strings.go")
	press(m, "enter")
	if m.viewer.Path() != "src/util/strings.go" {
		t.Fatalf("find did not jump: %q", m.viewer.Path())
	}
	press(m, "s")
	typeText(m, "hello")
	press(m, "enter", "down", "enter")
	if m.viewer.Path() != "src/main.go" || m.viewer.Cursor() != 5 {
		t.Fatalf("search did not jump: %q:%d", m.viewer.Path(), m.viewer.Cursor())
	}
	pressMsg(m, ctrlKey('o'))
	if m.viewer.Path() != "src/util/strings.go" {
		t.Fatalf("first ctrl+o: %q", m.viewer.Path())
	}
	pressMsg(m, ctrlKey('o'))
	if m.viewer.Path() != "docs/long.txt" || m.viewer.Cursor() != 51 {
		t.Fatalf("second ctrl+o: %q:%d, want docs/long.txt:51", m.viewer.Path(), m.viewer.Cursor())
	}
	pressMsg(m, ctrlKey('o'))
	if m.message == "" || m.viewer.Path() != "docs/long.txt" {
		t.Errorf("ctrl+o past the start: %q, message %q", m.viewer.Path(), m.message)
	}
	pressMsg(m, ctrlKey('i'))
	if m.viewer.Path() != "src/util/strings.go" {
		t.Fatalf("ctrl+i: %q", m.viewer.Path())
	}
	pressMsg(m, tea.KeyPressMsg{Code: 'i', Mod: tea.ModAlt})
	if m.viewer.Path() != "src/main.go" || m.viewer.Cursor() != 5 {
		t.Fatalf("alt+i: %q:%d", m.viewer.Path(), m.viewer.Cursor())
	}
	// A new jump forgets the places ahead.
	pressMsg(m, ctrlKey('o'))
	press(m, "f", "ctrl+u")
	typeText(m, "README")
	press(m, "enter")
	if m.viewer.Path() != "README.md" || len(m.jumps.ahead) != 0 {
		t.Errorf("after a new jump to %q: places ahead %v", m.viewer.Path(), m.jumps.ahead)
	}
}
