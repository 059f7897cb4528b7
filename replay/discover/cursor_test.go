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

// The hand-made Cursor chat kept in testdata, and its subagent's.
const (
	cursorChat     = "3f9a1c2e-5b7d-4e8a-9c61-0d2e4f6a8b10"
	cursorSample   = "cursor/hand-made/" + cursorChat + "/" + cursorChat + ".jsonl"
	cursorSubagent = "cursor/hand-made/" + cursorChat + "/subagents/8c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f.jsonl"
)

// Discovery under a fake HOME: projects/<slug>/agent-transcripts/, the
// chat's folder and the older flat file, a subagent listed as a session
// of its own; the projects folder of a folder inside the one listed is
// kept (its folder found from its name), one whose name merely starts
// the same is not; a linked chat folder is passed over, said.
func TestDiscoverCursorSessions(t *testing.T) {
	chat, err := os.ReadFile(repotest.Transcript(t, cursorSample))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := os.ReadFile(repotest.Transcript(t, cursorSubagent))
	if err != nil {
		t.Fatal(err)
	}
	home, elsewhere := t.TempDir(), t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	for _, d := range []string{root + "/sub", root + "-x"} {
		os.MkdirAll(d, 0o755)
	}
	projects := filepath.Join(home, ".cursor", "projects")
	put := func(dir, rel string, b []byte, cwd string) {
		p := filepath.Join(projects, transcript.CursorSlug(dir), "agent-transcripts", rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(cwd)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put(root, cursorChat+"/"+cursorChat+".jsonl", chat, root)
	put(root, cursorChat+"/subagents/s1.jsonl", sub, root)
	put(root, "old.jsonl", chat, root)
	put(root+"/sub", "c2/c2.jsonl", chat, root+"/sub")
	put(root+"-x", "c3/c3.jsonl", chat, root+"-x")
	put("/elsewhere", "c4.jsonl", chat, "/elsewhere")
	os.WriteFile(filepath.Join(elsewhere, "c5.jsonl"), chat, 0o644)
	linked := filepath.Join(projects, transcript.CursorSlug(root), "agent-transcripts", "linked")
	if err := os.Symlink(elsewhere, linked); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	d, err := DiscoverAll(context.Background(), root, Env{Home: home, Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range d.Sessions {
		if s.Agent != transcript.AgentCursor {
			t.Errorf("session %+v", s)
		}
		got = append(got, s.ID+" "+strings.TrimPrefix(s.Cwd, root)+" "+repoops.Plural(s.Calls, "call", "calls")+" "+s.Title)
	}
	sort.Strings(got)
	want := []string{
		cursorChat + "  13 calls Add a Hello helper beside Greet in src/greet.go, with a test",
		"c2 /sub 13 calls Add a Hello helper beside Greet in src/greet.go, with a test",
		"old  13 calls Add a Hello helper beside Greet in src/greet.go, with a test",
		"s1  2 calls Find every caller of Greet in the repository",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sessions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	passed := strings.Join(d.Passed, "\n")
	if !strings.Contains(passed, repoops.QuoteName(linked)+" was not read: a symbolic link") || len(d.Passed) != 1 {
		t.Errorf("passed over:\n%s", passed)
	}
}
