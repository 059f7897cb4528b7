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

// Discovery under a fake HOME: projects/<the folder's name>/chats and
// those of folders inside it, matched on the recorded cwd; a linked chats
// folder is passed over, said.
func TestDiscoverQwenSessions(t *testing.T) {
	home, elsewhere := t.TempDir(), t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	b, err := os.ReadFile(repotest.Transcript(t, qwenSample))
	if err != nil {
		t.Fatal(err)
	}
	projects := filepath.Join(home, ".qwen", "projects")
	put := func(p, cwd string) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(cwd)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put(filepath.Join(projects, claudeProjectName(root), "chats", "a.jsonl"), root)
	put(filepath.Join(projects, claudeProjectName(root)+"-sub", "chats", "b.jsonl"), root+"/sub")
	put(filepath.Join(projects, claudeProjectName(root)+"-x", "chats", "c.jsonl"), root+"-x") // shares the name's start only
	put(filepath.Join(projects, "-elsewhere", "chats", "d.jsonl"), "/elsewhere")
	put(filepath.Join(elsewhere, "chats", "e.jsonl"), root)
	linked := filepath.Join(projects, claudeProjectName(root)+"-linked")
	os.MkdirAll(linked, 0o755)
	if err := os.Symlink(filepath.Join(elsewhere, "chats"), filepath.Join(linked, "chats")); err != nil {
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
		if s.Agent != transcript.AgentQwen || s.Calls != 5 || s.FileCalls != 3 || s.Title != "Greet with Hi" {
			t.Errorf("session %+v", s)
		}
	}
	passed := strings.Join(d.Passed, "\n")
	if !strings.Contains(passed, repoops.QuoteName(filepath.Join(linked, "chats"))+" was not read: a symbolic link") || len(d.Passed) != 1 {
		t.Errorf("passed over:\n%s", passed)
	}
}

// qwenSample is the hand-made Qwen Code session kept in testdata.
const qwenSample = "qwen-code/hand-made/5f0c2a1e-7b3d-4c8e-9a61-2d4e8f0b1c37.jsonl"
