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
	"github.com/repoxhq/repox/repoops"
)

// TestFlow drives the real program: start on the fixture, expand a folder,
// open a file, flip the viewer to agent view, quit.
func TestFlow(t *testing.T) {
	dir := fixtureRepo(t)
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
	waitFor := func(s string) {
		t.Helper()
		teatest.WaitFor(t, out, func(b []byte) bool {
			return bytes.Contains([]byte(ansi.Strip(string(b))), []byte(s))
		}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	}
	waitFor("README.md")
	// The root's entries: .gitignore README.md data.bin deep docs empty src.
	tm.Type("jjjjjjj") // onto src/
	tm.Type("l")
	waitFor("util/")
	tm.Type("j") // src/main.go
	tm.Type("l")
	waitFor("lines 1-8 of 8")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyTab})
	tm.Type("a")
	waitFor(`"offset":1,"limit":1000}`)
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	if fm.viewer.path != "src/main.go" || !fm.viewer.agent.on {
		t.Fatalf("final state: file %q, agent view %v", fm.viewer.path, fm.viewer.agent.on)
	}
	want := repo.NewSession().Call(context.Background(), "repo_read_file", []byte(`{"path":"src/main.go","offset":1,"limit":1000}`)).Text
	if fm.viewer.agent.text != want {
		t.Errorf("agent view text differs from the tool's:\n%q\n%q", fm.viewer.agent.text, want)
	}
}
