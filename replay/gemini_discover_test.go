package replay

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestDiscoverGeminiSessions(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	doc := func(id string) []byte {
		b, _ := json.MarshalIndent(map[string]any{"sessionId": id, "projectHash": projectHash(root), "startTime": "2026-01-02T03:04:05.000Z",
			"messages": geminiMessages(root)}, "", "  ")
		return b
	}
	write := func(rel string, b []byte) {
		p := filepath.Join(home, ".gemini", rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("tmp/"+projectHash(root)+"/chats/session-2026-01-02T03-04-aaaaaaaa.json", doc("by-hash"))
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
	if len(list) != 2 || got["by-hash"].Agent != AgentGemini || got["by-short-id"].Calls != 9 || got["by-hash"].FileCalls != 8 {
		t.Fatalf("sessions %+v", list)
	}
	write("projects.json", []byte(`{"projects":{"`+root+`":"../../x"}}`))
	if id := geminiShortID(root, env); id != "" {
		t.Errorf("a short id with a path in it was taken: %q", id)
	}
}
