package discover

import (
	"context"
	"github.com/repoxhq/repox/replay/transcript"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Issue 38: `repox sessions`' "ended" was the last call's time; a session
// whose agent talked (or the person typed) after its last call ran to its
// last record.
func TestSessionEndedIsTheLastRecord(t *testing.T) {
	root := "/home/u/proj"
	claude := &cc{t: t, cwd: root}
	claude.use("m1", "r1", "Read", map[string]any{"file_path": root + "/a.go"}).
		result("r1", "     1→x", false, nil).
		raw(jsonLine(t, map[string]any{"type": "assistant", "cwd": root, "sessionId": "s-1", "timestamp": "2026-01-30T18:45:00.000Z",
			"message": map[string]any{"id": "m2", "role": "assistant", "content": []any{map[string]any{"type": "text", "text": "done"}}}})).
		raw(jsonLine(t, map[string]any{"type": "system", "cwd": root, "sessionId": "s-1", "timestamp": "2026-01-30T18:50:00.000Z", "content": "bye"}))
	codex := &cx{t: t}
	codex.line("session_meta", map[string]any{"id": "r1", "cwd": root}).
		call("c1", "read_file", map[string]any{"file_path": root + "/a.go"}).
		out("c1", "L1: x")
	codex.sb.WriteString(jsonLine(t, map[string]any{"timestamp": "2026-01-02T03:50:00.000Z", "type": "event_msg", "payload": map[string]any{"type": "agent_message", "message": "done"}}))
	for _, tc := range []struct {
		agent      transcript.Agent
		text, want string
	}{
		{transcript.AgentClaude, claude.String(), "2026-01-30T18:50:00Z"},
		{transcript.AgentCodex, codex.sb.String(), "2026-01-02T03:50:00Z"},
	} {
		path := writeTranscript(t, "s.jsonl", tc.text)
		si, err := inspect(context.Background(), tc.agent, path, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if got := si.Ended.Format(time.RFC3339); got != tc.want {
			t.Errorf("%s: ended %s, want %s (the last record's time)", tc.agent, got, tc.want)
		}
	}
}

// writeTranscript writes s to a file of its own and returns its path.
func writeTranscript(t *testing.T, name, s string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
