package model

import (
	"bytes"
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
)

// TestFlowTreeFilter drives the program: / and a name show a match five
// folders down with its parents, though none of them was open; enter keeps
// the cursor there with the tree opened to it; a second filter's esc
// restores the tree.
func TestFlowTreeFilter(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	m := New(context.Background(), repo, Config{Name: "fixture"})
	tm := teatest.NewTestModel(t, m,
		teatest.WithInitialTermSize(100, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII)))
	out := tm.Output()
	waitFor := func(s ...string) {
		t.Helper()
		teatest.WaitFor(t, out, func(b []byte) bool {
			plain := []byte(ansi.Strip(string(b)))
			for _, x := range s {
				if !bytes.Contains(plain, []byte(x)) {
					return false
				}
			}
			return true
		}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	}
	// "+2 ignored" comes with the root's exact listing (the early rows
	// hold ignored names back): a reveal started before it waits for it,
	// and q could otherwise end the program with the reveal half done.
	waitFor("README.md", "+2 ignored")
	tm.Type("/leaf")
	waitFor("1 match", "leaf.txt")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	// The status line already named the match: what enter did is checked
	// on the final model. A second filter opens on the tree it left.
	tm.Type("/zzz")
	waitFor("0 matches")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	if fm.tree.Filtering() {
		t.Fatal("the filter is still open")
	}
	// The cursor is on the match, so the tree is open down to it.
	if path, _, _ := fm.tree.Selected(); path != "deep/a/b/c/leaf.txt" {
		t.Fatalf("cursor on %q, want deep/a/b/c/leaf.txt", path)
	}
}
