package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Claude Code's "[Request interrupted by user…]" user line is not a
// prompt: it shows as an interrupted marker in the turn it stopped, and
// the next prompt is the next turn.
func TestClaudeInterruptIsAMarkerNotATurn(t *testing.T) {
	root := gitRepo(t, map[string]string{"a.txt": "a\n"})
	var sb strings.Builder
	sb.WriteString(replaytest.ClaudeTalkLine(t, root, "user", "Read a.txt", nil))
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": root + "/a.txt"}).Result("r1", "     1→a\n", false, nil)
	sb.WriteString(b.String())
	sb.WriteString(replaytest.ClaudeTalkLine(t, root, "user", replaytest.TextBlock("text", "text", "[Request interrupted by user for tool use]"), nil))
	sb.WriteString(replaytest.ClaudeTalkLine(t, root, "user", "Go on", nil))
	b = &replaytest.Claude{T: t, Cwd: root}
	b.Use("m2", "r2", "Read", map[string]any{"file_path": root + "/a.txt"}).Result("r2", "     1→a\n", false, nil)
	sb.WriteString(b.String())
	text := conversationReport(t, sb.String(), root, false, false)
	for _, want := range []string{"turn 1  ", "    interrupted  18:20:00  the person stopped the agent here: [Request interrupted by user for tool use]", "turn 2  18:20:00  Go on"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "turn 3") || strings.Contains(text, "turn 2  18:20:00  [Request") {
		t.Errorf("the interruption is a turn:\n%s", text)
	}
	var kinds []string
	for _, l := range strings.Split(strings.TrimSpace(conversationReport(t, sb.String(), root, true, false)), "\n") {
		var m map[string]any
		json.Unmarshal([]byte(l), &m)
		if m["type"] == "message" {
			kinds = append(kinds, m["kind"].(string)+itoaTest(int(m["turn"].(float64))))
		}
	}
	if strings.Join(kinds, " ") != "user1 interrupted1 user2" {
		t.Errorf("messages %v, want user1 interrupted1 user2", kinds)
	}
}

// Gemini CLI's conversation: the user's content is a prompt, a gemini
// message's content its text and its thoughts its thinking (folded), in
// both shapes; a message the JSONL shape writes again is said once.
func TestGeminiConversation(t *testing.T) {
	root := gitRepo(t, map[string]string{"a.go": "one\ntwo\nthree\nfour\n"})
	user := map[string]any{"id": "u1", "timestamp": "2026-01-02T03:04:05.000Z", "type": "user", "content": []any{map[string]any{"text": "What is in a.go?"}}}
	call := map[string]any{"id": "g1", "name": "read_file", "args": map[string]any{"absolute_path": root + "/a.go"}, "status": "success", "timestamp": "2026-01-02T03:04:06.000Z",
		"result": []any{map[string]any{"functionResponse": map[string]any{"id": "g1", "name": "read_file", "response": map[string]any{"output": "one\ntwo\nthree\nfour\n"}}}}}
	gem := map[string]any{"id": "m1", "timestamp": "2026-01-02T03:04:06.000Z", "type": "gemini", "content": "I will read a.go.",
		"thoughts": []any{map[string]any{"subject": "Reading", "description": "the user wants a.go", "timestamp": "2026-01-02T03:04:06.000Z"}}, "toolCalls": []any{call}}
	after := map[string]any{"id": "m2", "timestamp": "2026-01-02T03:04:07.000Z", "type": "gemini", "content": "It has four lines."}
	doc, _ := json.MarshalIndent(map[string]any{"sessionId": "gs-1", "projectHash": replaytest.ProjectHash(root), "startTime": "2026-01-02T03:04:05.000Z",
		"messages": []any{user, gem, after}}, "", "  ")
	var lines strings.Builder
	lines.WriteString(replaytest.JSONLine(t, map[string]any{"sessionId": "gs-1", "projectHash": replaytest.ProjectHash(root), "startTime": "2026-01-02T03:04:05.000Z"}))
	lines.WriteString(replaytest.JSONLine(t, user))
	pending := map[string]any{}
	for k, v := range gem {
		pending[k] = v
	}
	running := map[string]any{}
	for k, v := range call {
		running[k] = v
	}
	running["status"], running["result"] = "executing", nil
	pending["toolCalls"] = []any{running}
	lines.WriteString(replaytest.JSONLine(t, pending)) // written again below, with its result
	lines.WriteString(replaytest.JSONLine(t, gem))
	lines.WriteString(replaytest.JSONLine(t, after))
	for name, tr := range map[string]string{"document": string(doc), "lines": lines.String()} {
		text := conversationReport(t, tr, root, false, false)
		for _, want := range []string{"turn 1  03:04:05  What is in a.go?", "    thinking  28 characters (folded; --thinking shows it)", "    says      I will read a.go.", "#1  03:04:06  read_file", "    says      It has four lines."} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the report lacks %q:\n%s", name, want, text)
			}
		}
		if strings.Count(text, "I will read a.go.") != 1 || strings.Count(text, "thinking  ") != 1 {
			t.Errorf("%s: a message said twice:\n%s", name, text)
		}
		if i, j := strings.Index(text, "I will read a.go."), strings.Index(text, "#1  "); i > j {
			t.Errorf("%s: the text before the call comes after it:\n%s", name, text)
		}
	}
}
