package transcript

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

func checkGemini(t *testing.T, calls []Call, st Stats, root string) {
	t.Helper()
	if st.Format != AgentGemini || st.SessionID != "gs-1" || st.Cwd != root || len(calls) != 9 {
		t.Fatalf("%d calls, stats %+v", len(calls), st)
	}
	want := []string{"repo_read_file", "repo_read_file", "repo_write", "repo_edit", "repo_find", "repo_grep", "repo_tree", "repo_read_file"}
	for i, w := range want {
		if !calls[i].IsFileTool() || calls[i].Repox[0].Tool != w {
			t.Errorf("call %d %s mapped to %v (%q), want %s", i+1, calls[i].AgentTool, calls[i].Repox, calls[i].NoEquivalent, w)
		}
	}
	if a := repoxArgs(t, calls[0], 0); a["path"] != "a.go" || a["offset"] != 3.0 || a["limit"] != 2.0 {
		t.Errorf("read_file with a 0-based offset: %v", a)
	}
	if s := calls[0].Saw; s == nil || len(s.Lines) != 2 || s.Lines[0] != (SawLine{N: 3, Text: "three"}) {
		t.Errorf("read_file saw %+v", s)
	}
	if s := calls[1].Saw; s == nil || !s.Cut || s.TotalLines != 9 || len(s.Lines) != 2 || s.Lines[1] != (SawLine{N: 2, Text: "buzz"}) {
		t.Errorf("a truncated read_file saw %+v", s)
	}
	if s := calls[7].Saw; s == nil || len(s.Lines) != 2 || s.Lines[1] != (SawLine{N: 4, Text: "four"}) {
		t.Errorf("run_shell_command output saw %+v", s)
	}
	if !calls[8].NoResult {
		t.Errorf("a call still executing has no result: %+v", calls[8])
	}
}

func TestGeminiSessionDocument(t *testing.T) {
	root := "/home/u/gem proj"
	doc := map[string]any{"sessionId": "gs-1", "projectHash": replaytest.ProjectHash(root), "startTime": "2026-01-02T03:04:05.000Z",
		"lastUpdated": "2026-01-02T03:05:00.000Z", "messages": replaytest.GeminiMessages(root)}
	b, _ := json.MarshalIndent(doc, "", "  ") // as JSON.stringify(…, null, 2): no newline at the end
	calls, st := readAllString(t, string(b))
	checkGemini(t, calls, st, root)
	if st.Skipped != 0 || st.Partial {
		t.Errorf("stats %+v", st)
	}
	// cut short (being written): nothing read, and said so
	_, st = readAllString(t, string(b[:len(b)/2]))
	if !st.Partial || st.Calls != 0 {
		t.Errorf("a document cut short: %+v", st)
	}
}

func TestGeminiSessionLines(t *testing.T) {
	root := "/home/u/gem"
	var sb strings.Builder
	sb.WriteString(replaytest.JSONLine(t, map[string]any{"sessionId": "gs-1", "projectHash": replaytest.ProjectHash(root), "startTime": "2026-01-02T03:04:05.000Z"}))
	for _, m := range replaytest.GeminiMessages(root) {
		mm := m.(map[string]any)
		if tcs, ok := mm["toolCalls"].([]any); ok {
			// each message first as the calls start, then again with results
			running := map[string]any{}
			for k, v := range mm {
				running[k] = v
			}
			tc := map[string]any{}
			for k, v := range tcs[0].(map[string]any) {
				tc[k] = v
			}
			tc["status"], tc["result"] = "executing", nil
			running["toolCalls"] = []any{tc}
			sb.WriteString(replaytest.JSONLine(t, running))
		}
		sb.WriteString(replaytest.JSONLine(t, mm))
		sb.WriteString(replaytest.JSONLine(t, map[string]any{"$set": map[string]any{"lastUpdated": "2026-01-02T03:05:00.000Z"}}))
	}
	calls, st := readAllString(t, sb.String())
	checkGemini(t, calls, st, root)
}

// A 2025 Codex rollout: no envelope, the folder in <environment_context>.
func TestCodexLegacyRollout(t *testing.T) {
	lines := []any{
		map[string]any{"id": "lg-1", "timestamp": "2025-05-20T10:00:00.000Z", "instructions": nil, "git": map[string]any{"branch": "main"}},
		map[string]any{"record_type": "state"},
		map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "<environment_context>\n  <cwd>" + replaytest.Cwd + "</cwd>\n</environment_context>"}}},
		map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "read a.go"}}},
		map[string]any{"type": "function_call", "name": "shell", "arguments": `{"command":["bash","-lc","sed -n '1,2p' a.go"],"workdir":"` + replaytest.Cwd + `"}`, "call_id": "c1"},
		map[string]any{"type": "function_call_output", "call_id": "c1", "output": `{"output":"one\ntwo","metadata":{"exit_code":0}}`},
		map[string]any{"type": "local_shell_call", "call_id": "c2", "status": "completed", "action": map[string]any{"type": "exec", "command": []string{"cat", "b.go"}}},
		map[string]any{"type": "function_call_output", "call_id": "c2", "output": `{"output":"bee","metadata":{"exit_code":0}}`},
		map[string]any{"record_type": "state"},
		map[string]any{"type": "web_search_call", "id": "ws1", "status": "completed", "action": map[string]any{"type": "search", "query": "go udiff"}},
	}
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString(replaytest.JSONLine(t, l))
	}
	calls, st := readAllString(t, sb.String())
	if st.Format != AgentCodex || st.Cwd != replaytest.Cwd || st.SessionID != "lg-1" || len(calls) != 3 {
		t.Fatalf("%d calls, stats %+v", len(calls), st)
	}
	if a := repoxArgs(t, calls[0], 0); a["path"] != "a.go" || calls[0].Saw == nil || calls[0].Saw.Lines[1] != (SawLine{N: 2, Text: "two"}) {
		t.Errorf("shell: %v %+v", a, calls[0].Saw)
	}
	if a := repoxArgs(t, calls[1], 0); a["path"] != "b.go" || calls[1].Text != "bee" {
		t.Errorf("local_shell_call: %v %q", a, calls[1].Text)
	}
	if w := calls[2]; w.AgentTool != "web_search" || w.IsFileTool() || !strings.Contains(w.NoEquivalent, "web search") || !strings.Contains(string(w.AgentArgs), "go udiff") {
		t.Errorf("web_search_call: %+v", w)
	}
}
