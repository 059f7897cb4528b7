package model

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
)

// TestFlow drives the real program: start on the fixture, expand a folder,
// open a file, flip the viewer to agent view, quit.
func TestFlow(t *testing.T) {
	tm, waitFor, repo := teaProgram(t, panetest.FixtureRepo(t), Config{Name: "fixture"}, 100, 30)
	// "+2 ignored" comes with the root's exact listing (README.md is on
	// it too): keys sent before it could move over the early rows
	waitFor("+2 ignored")
	// The root's entries: .gitignore README.md data.bin deep docs empty src.
	tm.Type("jjjjjjj") // onto src/
	tm.Type("l")
	waitFor("util/")
	tm.Type("j") // src/main.go
	tm.Type("l")
	waitFor("lines 1-8 of 8")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyTab})
	tm.Type("a")
	// The call's header is drawn before its result arrives, its size
	// beside the call only once the text is in: wait for that (one wait,
	// since each consumes the output it has read).
	want := repo.NewSession().Call(context.Background(), "repo_read_file", []byte(`{"path":"src/main.go","offset":1,"limit":1000}`)).Text
	waitFor(repoops.Commas(len(want)) + " bytes")
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	if fm.viewer.Path() != "src/main.go" || !fm.viewer.Agent().On {
		t.Fatalf("final state: file %q, agent view %v", fm.viewer.Path(), fm.viewer.Agent().On)
	}
	if fm.viewer.Agent().Text != want {
		t.Errorf("agent view text differs from the tool's:\n%q\n%q", fm.viewer.Agent().Text, want)
	}
}
