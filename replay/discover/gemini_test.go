package discover

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

func TestDiscoverGeminiSessions(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	doc := func(id string) []byte {
		b, _ := json.MarshalIndent(map[string]any{"sessionId": id, "projectHash": replaytest.ProjectHash(root), "startTime": "2026-01-02T03:04:05.000Z",
			"messages": replaytest.GeminiMessages(root)}, "", "  ")
		return b
	}
	write := func(rel string, b []byte) {
		p := filepath.Join(home, ".gemini", rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("tmp/"+replaytest.ProjectHash(root)+"/chats/session-2026-01-02T03-04-aaaaaaaa.json", doc("by-hash"))
	write("tmp/proj/chats/session-2026-01-03T03-04-bbbbbbbb.json", doc("by-short-id"))
	write("tmp/proj/.project_root", []byte(root))
	// another project's folder, and a registry entry that tries to leave tmp/
	write("tmp/other/chats/session-2026-01-04T03-04-cccccccc.json", doc("other"))
	write("projects.json", []byte(`{"projects":{"`+root+`":"proj","/elsewhere":"other"}}`))
	env := Env{Home: home, Now: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)}
	list, err := Discover(context.Background(), root, env)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]SessionInfo{}
	for _, s := range list {
		got[s.ID] = s
	}
	if len(list) != 2 || got["by-hash"].Agent != transcript.AgentGemini || got["by-short-id"].Calls != 9 || got["by-hash"].FileCalls != 8 {
		t.Fatalf("sessions %+v", list)
	}
	write("projects.json", []byte(`{"projects":{"`+root+`":"../../x"}}`))
	write("../x/chats/session-2026-01-05T03-04-dddddddd.json", doc("outside-tmp")) // where tmp/../../x/chats leads
	if list, _ := Discover(context.Background(), root, env); len(list) != 1 || list[0].ID != "by-hash" {
		t.Errorf("a short id with a path in it was taken: %+v", list)
	}
}

// Issue 43 item 11: Gemini discovery follows no link. tmp/<hash> that is
// a link, or a chats folder that is one, leads elsewhere: passed over and
// said, as links are in Claude Code's and Codex's folders.
func TestDiscoverGeminiFollowsNoLink(t *testing.T) {
	home, elsewhere := t.TempDir(), t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	b, _ := json.MarshalIndent(map[string]any{"sessionId": "outside", "projectHash": replaytest.ProjectHash(root), "startTime": "2026-01-02T03:04:05.000Z",
		"messages": replaytest.GeminiMessages(root)}, "", "  ")
	for _, p := range []string{"a/chats/session-2026-01-02T03-04-aaaaaaaa.json", "b/session-2026-01-03T03-04-bbbbbbbb.json"} {
		os.MkdirAll(filepath.Join(elsewhere, filepath.Dir(p)), 0o755)
		if err := os.WriteFile(filepath.Join(elsewhere, p), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tmp := filepath.Join(home, ".gemini", "tmp")
	os.MkdirAll(filepath.Join(tmp, "proj"), 0o755)
	os.WriteFile(filepath.Join(tmp, "proj", ".project_root"), []byte(root), 0o644)
	os.WriteFile(filepath.Join(home, ".gemini", "projects.json"), []byte(`{"projects":{"`+root+`":"proj"}}`), 0o644)
	if err := os.Symlink(filepath.Join(elsewhere, "a"), filepath.Join(tmp, replaytest.ProjectHash(root))); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if err := os.Symlink(filepath.Join(elsewhere, "b"), filepath.Join(tmp, "proj", "chats")); err != nil {
		t.Fatal(err)
	}
	got, err := DiscoverAll(context.Background(), root, Env{Home: home, Now: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Sessions) != 0 {
		t.Errorf("sessions reached through links: %+v", got.Sessions)
	}
	passed := strings.Join(got.Passed, "\n")
	for _, want := range []string{replaytest.ProjectHash(root) + " was not read: a symbolic link", "proj/chats was not read: a symbolic link"} {
		if !strings.Contains(passed, want) {
			t.Errorf("passed over does not say %q:\n%s", want, passed)
		}
	}
}
