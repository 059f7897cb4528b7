package transcript

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Codex's tool search and image generation are calls (no repox
// equivalent), not items dropped without a word.
func TestCodexToolSearchAndImageGeneration(t *testing.T) {
	line := func(typ string, payload map[string]any) string {
		payload["type"] = typ
		return replaytest.JSONLine(t, map[string]any{"timestamp": "2026-01-02T03:04:06.000Z", "type": "response_item", "payload": payload})
	}
	body := replaytest.JSONLine(t, map[string]any{"timestamp": "2026-01-02T03:04:05.000Z", "type": "session_meta", "payload": map[string]any{"id": "s", "cwd": replaytest.Cwd}}) +
		line("tool_search_call", map[string]any{"call_id": "ts1", "execution": "client", "status": "completed", "arguments": map[string]any{"query": "calendar create", "limit": 2}}) +
		line("tool_search_output", map[string]any{"call_id": "ts1", "execution": "client", "status": "completed", "tools": []any{map[string]any{"name": "calendar_create"}, map[string]any{"type": "namespace"}}}) +
		line("tool_search_call", map[string]any{"id": "ts2", "execution": "server", "status": "completed", "arguments": map[string]any{"query": "x"}}) +
		line("image_generation_call", map[string]any{"id": "ig1", "status": "completed", "revised_prompt": "a cat", "result": "aGVsbG8="})
	calls, st := readAllString(t, body)
	if len(calls) != 3 || st.Orphans != 0 || st.Unknown != 0 {
		t.Fatalf("%d calls %+v, stats %+v", len(calls), calls, st)
	}
	if c := calls[0]; c.AgentTool != "tool_search" || c.IsFileTool() || c.Text != "2 tools found: calendar_create" || !strings.Contains(string(c.AgentArgs), "calendar create") || c.NoResult {
		t.Errorf("tool search: %+v", c)
	}
	if c := calls[1]; c.AgentTool != "tool_search" || c.Text != "(status: completed)" {
		t.Errorf("a search the server ran: %+v", c)
	}
	if c := calls[2]; c.AgentTool != "image_generation" || !strings.Contains(c.NoEquivalent, "image generation") || !strings.Contains(string(c.AgentArgs), "a cat") || strings.Contains(string(c.AgentArgs), "aGVsbG8") {
		t.Errorf("image generation: %+v", c)
	}
}

// Claude Code's attachment and last-prompt records hold no call: they
// are not counted as records of an unknown type.
func TestClaudeAttachmentAndLastPromptAreKnown(t *testing.T) {
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Use("m1", "a", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go"}).
		Raw(`{"type":"attachment","attachment":{"type":"new_file","filename":"a.go"},"sessionId":"s-1","uuid":"u1","timestamp":"2026-01-30T18:19:30.000Z"}`+"\n").
		Raw(`{"type":"last-prompt","lastPrompt":"read a.go","sessionId":"s-1"}`+"\n").
		Result("a", "     1→x", false, nil)
	calls, st := readAllString(t, b.String())
	if len(calls) != 1 || st.Unknown != 0 {
		t.Errorf("%d calls, stats %+v", len(calls), st)
	}
}
