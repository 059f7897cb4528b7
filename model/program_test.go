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

// teaProgram runs the real program on dir under teatest at w×h with the
// ASCII profile. waitFor(s) waits until s is on the screen (the wait is a
// deadline for a hung test, not a timing assertion). The repository closes
// when the test ends.
func teaProgram(t *testing.T, dir string, cfg Config, w, h int) (tm *teatest.TestModel, waitFor func(string), repo *repoops.Repo) {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	tm = teatest.NewTestModel(t, New(context.Background(), repo, cfg),
		teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII)))
	out := tm.Output()
	waitFor = func(s string) {
		t.Helper()
		teatest.WaitFor(t, out, func(b []byte) bool {
			return bytes.Contains([]byte(ansi.Strip(string(b))), []byte(s))
		}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	}
	return tm, waitFor, repo
}
