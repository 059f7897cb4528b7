package model

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
)

// The same through the real program (teatest), as `repox replay FILE`
// runs it: all four calls come and are replayed, the cursor follows the
// newest past the unanswered Bash, and the final frame marks only it.
func TestSessionsInterruptedFlow(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	m := New(context.Background(), repo, Config{Name: "fixture", Transcript: panetest.ClaudeInterrupted(t, dir)})
	defer m.Shutdown()
	w := &watched{Model: m}
	tm := teatest.NewTestModel(t, w, teatest.WithInitialTermSize(140, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII)))
	out := tm.Output()
	deadline := time.Now().Add(20 * time.Second)
	var state string
	for state, _ = w.state.Load().(string); !strings.HasPrefix(state, "4/3/4/") && time.Now().Before(deadline); state, _ = w.state.Load().(string) {
		io.Copy(io.Discard, out) // keep the program's output flowing
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.HasPrefix(state, "4/3/4/") {
		t.Fatalf("state %q, want 4 calls, the cursor on the 4th, 4 replayed", state)
	}
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*watched)
	frame := ansi.Strip(fm.Render())
	if strings.Count(frame, "interrupted (no repox equivalent)") != 1 || !strings.Contains(frame, "4 calls") {
		t.Errorf("the final frame should list 4 calls with only the Bash one unanswered:\n%s", frame)
	}
}
