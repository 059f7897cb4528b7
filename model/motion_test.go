package model

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
)

// TestTreeCounts: a count before a tree move, as in the viewer: 3j moves
// three rows, 12j stops at the last, 2k back, 4G goes to row 4, esc drops
// a count, and the hint line shows it while it is typed.
func TestTreeCounts(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 100, 30)
	tr := m.tree
	press(m, "3", "j")
	if tr.Cursor() != 3 {
		t.Fatalf("3j: cursor %d", tr.Cursor())
	}
	press(m, "2", "k")
	if tr.Cursor() != 1 {
		t.Fatalf("2k: cursor %d", tr.Cursor())
	}
	press(m, "1", "2")
	if hint := ansi.Strip(m.Render()); !strings.Contains(hint[strings.LastIndex(hint, "\n"):], "12… count: then a move") {
		t.Errorf("the hint line does not show the count:\n%s", hint[strings.LastIndex(hint, "\n"):])
	}
	press(m, "j")
	if last := len(tr.Rows()) - 1; tr.Cursor() != min(13, last) {
		t.Fatalf("12j from 1: cursor %d of %d rows", tr.Cursor(), len(tr.Rows()))
	}
	press(m, "4", "G")
	if tr.Cursor() != 3 {
		t.Fatalf("4G: cursor %d", tr.Cursor())
	}
	press(m, "5", "esc", "j")
	if tr.Cursor() != 4 {
		t.Fatalf("5 esc j: cursor %d, want one row down", tr.Cursor())
	}
	press(m, "1", "0", "j")
	if last := len(tr.Rows()) - 1; tr.Cursor() != min(14, last) {
		t.Fatalf("10j: cursor %d", tr.Cursor())
	}
}

// TestViewerWrapIsSaved: w in the viewer (model/viewer's TestViewerWrapToggle)
// is saved in the settings file, and read at the next start.
func TestViewerWrapIsSaved(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	m := settingsModel(t, dir, path, 80, 24)
	run(m, m.openFile("src/main.go", 1))
	m.focus = paneViewer
	press(m, "w")
	s, err := LoadSettings(path)
	if err != nil || !s.Wrap {
		t.Fatalf("w saved %+v (%v)", s, err)
	}
	again := settingsModel(t, dir, path, 80, 24)
	run(again, again.openFile("src/main.go", 1))
	again.focus = paneViewer
	press(again, "w") // wrapped from the start: w turns it off
	if s, _ := LoadSettings(path); s.Wrap {
		t.Errorf("the next start did not read wrap on: w left %+v", s)
	}
}
