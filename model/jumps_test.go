package model

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

func ctrlKey(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }

// TestJumpListBackAndForward: a jump from find or search leaves the
// viewer's place on the jump list; ctrl+o goes back to the file and line,
// ctrl+i (alt+i) forward again; with nothing to go to it says so.
func TestJumpListBackAndForward(t *testing.T) {
	m := start(t, fixtureRepo(t), 100, 30)
	selectPath(t, m, "docs")
	press(m, "l")
	selectPath(t, m, "docs/long.txt")
	press(m, "l")
	if m.viewer.path != "docs/long.txt" {
		t.Fatalf("viewer %q", m.viewer.path)
	}
	m.focus = paneViewer
	press(m, "5", "0", "j")
	if m.viewer.cursor != 51 {
		t.Fatalf("cursor %d", m.viewer.cursor)
	}
	press(m, "f")
	typeText(m, "strings.go")
	press(m, "enter")
	if m.viewer.path != "src/util/strings.go" {
		t.Fatalf("find did not jump: %q", m.viewer.path)
	}
	press(m, "s")
	typeText(m, "hello")
	press(m, "enter", "down", "enter")
	if m.viewer.path != "src/main.go" || m.viewer.cursor != 5 {
		t.Fatalf("search did not jump: %q:%d", m.viewer.path, m.viewer.cursor)
	}
	pressMsg(m, ctrlKey('o'))
	if m.viewer.path != "src/util/strings.go" {
		t.Fatalf("first ctrl+o: %q", m.viewer.path)
	}
	pressMsg(m, ctrlKey('o'))
	if m.viewer.path != "docs/long.txt" || m.viewer.cursor != 51 {
		t.Fatalf("second ctrl+o: %q:%d, want docs/long.txt:51", m.viewer.path, m.viewer.cursor)
	}
	pressMsg(m, ctrlKey('o'))
	if m.message == "" || m.viewer.path != "docs/long.txt" {
		t.Errorf("ctrl+o past the start: %q, message %q", m.viewer.path, m.message)
	}
	pressMsg(m, ctrlKey('i'))
	if m.viewer.path != "src/util/strings.go" {
		t.Fatalf("ctrl+i: %q", m.viewer.path)
	}
	pressMsg(m, tea.KeyPressMsg{Code: 'i', Mod: tea.ModAlt})
	if m.viewer.path != "src/main.go" || m.viewer.cursor != 5 {
		t.Fatalf("alt+i: %q:%d", m.viewer.path, m.viewer.cursor)
	}
	// A new jump forgets the places ahead.
	pressMsg(m, ctrlKey('o'))
	press(m, "f", "ctrl+u")
	typeText(m, "README")
	press(m, "enter")
	if m.viewer.path != "README.md" || len(m.jumps.ahead) != 0 {
		t.Errorf("after a new jump to %q: places ahead %v", m.viewer.path, m.jumps.ahead)
	}
}
