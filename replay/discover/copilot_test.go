package discover

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

// Discovery under a fake HOME: session-state/<id>/events.jsonl and the
// older session-state/<id>.jsonl of the folder's sessions, not another
// folder's; a linked session folder is passed over, said.
func TestDiscoverCopilotSessions(t *testing.T) {
	home, elsewhere := t.TempDir(), t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	b, err := os.ReadFile(repotest.Transcript(t, copilotSample))
	if err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(home, ".copilot", "session-state")
	put := func(p string, cwd string) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte("/Users/testuser/workspace/demo-project"), []byte(cwd)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put(filepath.Join(state, "11111111-1111-4111-8111-111111111111", "events.jsonl"), root)
	put(filepath.Join(state, "22222222-2222-4222-8222-222222222222.jsonl"), filepath.Join(root, "sub"))
	put(filepath.Join(state, "33333333-3333-4333-8333-333333333333", "events.jsonl"), "/elsewhere")
	os.MkdirAll(filepath.Join(state, "44444444-4444-4444-8444-444444444444"), 0o755) // no events yet
	put(filepath.Join(elsewhere, "s", "events.jsonl"), root)
	linked := filepath.Join(state, "55555555-5555-4555-8555-555555555555")
	if err := os.Symlink(filepath.Join(elsewhere, "s"), linked); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	d, err := DiscoverAll(context.Background(), root, Env{Home: home, Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sessions) != 2 {
		t.Fatalf("sessions %+v", d.Sessions)
	}
	for _, s := range d.Sessions {
		if s.Agent != transcript.AgentCopilot || s.Calls != 5 || s.FileCalls != 3 || !strings.HasPrefix(s.Title, "Read .copilot/skills/demo-greeter/SKILL.md") {
			t.Errorf("session %+v", s)
		}
	}
	passed := strings.Join(d.Passed, "\n")
	if !strings.Contains(passed, repoops.QuoteName(linked)+" was not read: a symbolic link") || len(d.Passed) != 1 {
		t.Errorf("passed over:\n%s", passed)
	}
}

// copilotSample is the real Copilot CLI 1.0.55 session kept in testdata.
const copilotSample = "copilot-cli/qiaolei81-copilot-session-viewer/events.EXCERPT.jsonl"
