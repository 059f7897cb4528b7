package discover

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// A 2025 Codex rollout records its folder only in a user message's
// <environment_context>: `repox sessions` lists it for that folder, and
// not for another.
func TestSessionsListLegacyCodexRollouts(t *testing.T) {
	home := t.TempDir()
	repo := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(repo, 0o755)
	now := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	legacy := func(dir string) string {
		var sb strings.Builder
		for _, l := range []any{
			map[string]any{"id": "lg-1", "timestamp": "2025-05-20T10:00:00.000Z", "instructions": nil, "git": map[string]any{"branch": "main"}},
			map[string]any{"record_type": "state"},
			map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "<environment_context>\n  <cwd>" + dir + "</cwd>\n</environment_context>"}}},
			map[string]any{"type": "function_call", "name": "shell", "arguments": `{"command":["bash","-lc","cat a.go"]}`, "call_id": "c1"},
			map[string]any{"type": "function_call_output", "call_id": "c1", "output": `{"output":"x","metadata":{"exit_code":0}}`},
		} {
			sb.WriteString(replaytest.JSONLine(t, l))
		}
		return sb.String()
	}
	old := now.Add(-time.Hour)
	replaytest.Touch(t, filepath.Join(home, ".codex", "sessions", "2025", "05", "20", "rollout-here.jsonl"), legacy(repo), old)
	replaytest.Touch(t, filepath.Join(home, ".codex", "sessions", "2025", "05", "20", "rollout-there.jsonl"), legacy("/elsewhere"), old)
	all, err := DiscoverAll(context.Background(), repo, Env{Home: home, Now: now})
	got := all.Sessions
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || filepath.Base(got[0].Path) != "rollout-here.jsonl" || got[0].Calls != 1 {
		t.Fatalf("sessions %+v, want the legacy rollout in %s with its 1 call", got, repo)
	}
}
