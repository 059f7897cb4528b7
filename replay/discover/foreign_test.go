package discover

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops"
)

// Discovery passes them over with the sentence, in the folders where
// they would have been listed as another agent.
func TestDiscoverPassesForeignTranscriptsOver(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	env := Env{Home: home, Getenv: vars("XDG_STATE_HOME", filepath.Join(home, "state")), Now: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)}
	body := func(name string) string {
		for _, c := range replaytest.Foreign {
			if c.Name == name {
				return strings.ReplaceAll(c.Body, "/home/u/proj", root)
			}
		}
		t.Fatal(name)
		return ""
	}
	put := func(p, b string) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	vscode := filepath.Join(home, ".gemini", "tmp", replaytest.ProjectHash(root), "chats", "session-2026-01-02T03-04-0f1e2d3c.json")
	put(vscode, body("VS Code Copilot Chat"))
	d, err := DiscoverAll(context.Background(), root, env)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sessions) != 0 {
		t.Errorf("listed %+v", d.Sessions)
	}
	for _, w := range []string{
		repoops.QuoteName(vscode) + " was not read: a VS Code Copilot Chat session (a JSON document",
	} {
		if !slices.ContainsFunc(d.Passed, func(s string) bool { return strings.HasPrefix(s, w) }) {
			t.Errorf("passed over %q, want a sentence starting %q", d.Passed, w)
		}
	}
}
