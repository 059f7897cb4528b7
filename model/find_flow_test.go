package model

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/model/panetest"
)

func flowModel(t *testing.T) (*teatest.TestModel, func(string)) {
	t.Helper()
	tm, waitFor, _ := teaProgram(t, panetest.FixtureRepo(t), Config{Name: "fixture"}, 100, 30)
	// "+2 ignored" comes with the root's exact listing (README.md is on
	// it too): keys sent before it could move over the early rows
	waitFor("+2 ignored")
	return tm, waitFor
}

// TestFlowFindOpen drives the program: f, a query, enter opens the file.
func TestFlowFindOpen(t *testing.T) {
	tm, waitFor := flowModel(t)
	tm.Type("f")
	waitFor("of 7 files")
	tm.Type("strings")
	waitFor("1 returned") // repo_find returns it: the row is marked
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor("lines 1-4 of 4")
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	if fm.viewer.Path() != "src/util/strings.go" || fm.Overlays.Top() != nil {
		t.Fatalf("final: viewer %q overlay %v", fm.viewer.Path(), fm.Overlays.Top())
	}
	if path, _, _ := fm.tree.Selected(); path != "src/util/strings.go" {
		t.Errorf("tree not revealed")
	}
}

// TestFlowSearchCancelSearchOpen: s, a pattern, enter; a keystroke
// cancels the search (or, if it is done, changes the request); enter
// searches the changed request; backspace and enter search again; down to
// the first matching line and enter opens the file at that line.
func TestFlowSearchCancelSearchOpen(t *testing.T) {
	tm, waitFor := flowModel(t)
	tm.Type("s")
	waitFor("search:")
	tm.Type("needle")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	tm.Type("x")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor("no match")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyBackspace})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor("const Needle")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyDown})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor("lines 1-8 of 8")
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	if q, _ := fm.viewer.Search(); fm.viewer.Path() != "src/main.go" || fm.viewer.Cursor() != 7 || q != "needle" {
		t.Fatalf("final: %q:%d query %q", fm.viewer.Path(), fm.viewer.Cursor(), q)
	}
}
