package discover

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

// droidSample is the hand-made Factory Droid session kept in testdata.
const droidSample = "droid/hand-made/7e1b3c5d-2f4a-4b6c-8d9e-0a1b2c3d4e5f.jsonl"

// Discovery under a fake HOME: sessions/-<folder>/, those of folders
// inside it, an older build's file in sessions/ itself, and projects/,
// matched on the cwd session_start records, each session once by its id;
// a folder whose name merely starts the same is not the folder's; a
// linked one is passed over, said.
func TestDiscoverDroidSessions(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, droidSample))
	if err != nil {
		t.Fatal(err)
	}
	home, elsewhere := t.TempDir(), t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	name := func(dir string) string { return "-" + strings.ReplaceAll(strings.TrimPrefix(dir, "/"), "/", "-") }
	put := func(p, id, cwd string) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		body := bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(cwd))
		body = bytes.ReplaceAll(body, []byte("7e1b3c5d-2f4a-4b6c-8d9e-0a1b2c3d4e5f"), []byte(id))
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sessions, projects := filepath.Join(home, ".factory", "sessions"), filepath.Join(home, ".factory", "projects")
	put(filepath.Join(sessions, name(root), "a.jsonl"), "a", root)
	put(filepath.Join(sessions, name(root+"/sub"), "b.jsonl"), "b", root+"/sub")
	put(filepath.Join(sessions, name(root+"-x"), "c.jsonl"), "c", root+"-x")
	put(filepath.Join(sessions, "d.jsonl"), "d", root)
	put(filepath.Join(sessions, "e.jsonl"), "e", "/elsewhere")
	put(filepath.Join(projects, name(root), "a.jsonl"), "a", root) // the same session again
	put(filepath.Join(projects, name(root), "f.jsonl"), "f", root)
	put(filepath.Join(elsewhere, "g.jsonl"), "g", root)
	linked := filepath.Join(sessions, name(root)+"-linked")
	if err := os.Symlink(elsewhere, linked); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	d, err := DiscoverAll(context.Background(), root, Env{Home: home, Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range d.Sessions {
		if s.Agent != transcript.AgentDroid || s.Calls != 14 || s.FileCalls != 7 || s.Title != "Add a Hello helper beside Greet" {
			t.Errorf("session %+v", s)
		}
		got = append(got, s.ID)
	}
	sort.Strings(got)
	if strings.Join(got, " ") != "a b d f" {
		t.Errorf("sessions %v, want a b d f", got)
	}
	passed := strings.Join(d.Passed, "\n")
	if !strings.Contains(passed, repoops.QuoteName(linked)+" was not read: a symbolic link") || len(d.Passed) != 1 {
		t.Errorf("passed over:\n%s", passed)
	}
}
