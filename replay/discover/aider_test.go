package discover

import (
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

// aiderSample is the real Aider chat history kept in testdata.
const aiderSample = "aider/aider-ai-aider/chat-history.EXCERPT.md"

// Discovery: the folder's own .aider.chat.history.md, its folder the
// session's (the history records none); a sub-folder's is not the
// folder's, and a link there is passed over, said.
func TestDiscoverAiderHistory(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, aiderSample))
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(filepath.Join(root, "sub"), 0o755)
	os.WriteFile(filepath.Join(root, aiderHistory), b, 0o644)
	os.WriteFile(filepath.Join(root, "sub", aiderHistory), b, 0o644)
	env := Env{Home: t.TempDir(), Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)}
	d, err := DiscoverAll(context.Background(), root, env)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sessions) != 1 || len(d.Passed) != 0 {
		t.Fatalf("sessions %+v, passed %v", d.Sessions, d.Passed)
	}
	if s := d.Sessions[0]; s.Agent != transcript.AgentAider || s.Cwd != root || s.Calls != 2 || s.FileCalls != 2 ||
		s.Title != "Use the Spinner instead of the inlined custom spinner" || !s.Started.IsZero() {
		t.Errorf("session %+v", s)
	}
	// a link named like the history is not followed
	other := filepath.Join(t.TempDir(), "proj2")
	os.MkdirAll(other, 0o755)
	if err := os.Symlink(filepath.Join(root, aiderHistory), filepath.Join(other, aiderHistory)); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	d, _ = DiscoverAll(context.Background(), other, env)
	if len(d.Sessions) != 0 || len(d.Passed) != 1 || !strings.Contains(d.Passed[0], repoops.QuoteName(filepath.Join(other, aiderHistory))+" was not read: a symbolic link") {
		t.Errorf("a linked history: %+v %v", d.Sessions, d.Passed)
	}
}
