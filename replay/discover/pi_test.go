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

// piSample is the hand-made Pi session (version 3) kept in testdata.
const piSample = "pi/hand-made/2026-01-02T03-04-05-000Z_0b6d5f2e-3c1a-4e8f-9d27-5a4c3b2e1f00.jsonl"

// Discovery under a fake HOME: sessions/--<folder>--/ and those of folders
// inside it, matched on the cwd the header records, in ~/.pi/agent or
// PI_CODING_AGENT_DIR; a linked sessions folder is passed over, said.
func TestDiscoverPiSessions(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, piSample))
	if err != nil {
		t.Fatal(err)
	}
	for _, agentDir := range []string{"", "~/elsewhere/pi"} {
		home, elsewhere := t.TempDir(), t.TempDir()
		root := filepath.Join(t.TempDir(), "proj")
		os.MkdirAll(root, 0o755)
		sessions := filepath.Join(home, ".pi", "agent", "sessions")
		if agentDir != "" {
			sessions = filepath.Join(home, "elsewhere", "pi", "sessions")
		}
		put := func(p, cwd string) {
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(cwd)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		put(filepath.Join(sessions, piFolderName(root), "2026-01-02T03-04-05-000Z_a.jsonl"), root)
		put(filepath.Join(sessions, piFolderName(root+"/sub"), "2026-01-02T03-04-05-000Z_b.jsonl"), root+"/sub")
		put(filepath.Join(sessions, piFolderName(root+"-x"), "2026-01-02T03-04-05-000Z_c.jsonl"), root+"-x") // the name's start only
		put(filepath.Join(sessions, "--elsewhere--", "d.jsonl"), "/elsewhere")
		put(filepath.Join(elsewhere, "e.jsonl"), root)
		linked := filepath.Join(sessions, strings.TrimSuffix(piFolderName(root), "--")+"-linked--")
		if err := os.Symlink(elsewhere, linked); err != nil {
			t.Skipf("no symlinks here: %v", err)
		}
		d, err := DiscoverAll(context.Background(), root, Env{Home: home, Getenv: vars("PI_CODING_AGENT_DIR", agentDir), Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Sessions) != 2 {
			t.Fatalf("%q: sessions %+v", agentDir, d.Sessions)
		}
		for _, s := range d.Sessions {
			if s.Agent != transcript.AgentPi || s.Calls != 12 || s.FileCalls != 10 || s.Title != "Hello beside Greet" || s.ID != "0b6d5f2e-3c1a-4e8f-9d27-5a4c3b2e1f00" {
				t.Errorf("%q: session %+v", agentDir, s)
			}
		}
		passed := strings.Join(d.Passed, "\n")
		if !strings.Contains(passed, repoops.QuoteName(linked)+" was not read: a symbolic link") || len(d.Passed) != 1 {
			t.Errorf("%q: passed over:\n%s", agentDir, passed)
		}
	}
}
