package discover

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// repox sessions lists the session once, its subagents' calls counted
// in it, whichever layout; a 2.0.x sidechain file is not a session.
func TestSessionsCountSubagentsInParent(t *testing.T) {
	home, repo := t.TempDir(), t.TempDir()
	now := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	proj := filepath.Join(home, ".claude", "projects", claudeProjectName(repo))
	src := replaytest.SubagentSession(t, repo, "ab12")
	data, _ := os.ReadFile(src)
	replaytest.Touch(t, filepath.Join(proj, "s-1.jsonl"), string(data), now.Add(-time.Hour))
	replaytest.Touch(t, filepath.Join(proj, "agent-ab12.jsonl"), replaytest.SubagentCalls(t, repo, "ab12", ""), now.Add(-time.Hour))
	got, err := Discover(context.Background(), repo, Env{Home: home, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || filepath.Base(got[0].Path) != "s-1.jsonl" || got[0].Calls != 5 || got[0].FileCalls != 4 {
		t.Fatalf("sessions: %+v", got)
	}
}
