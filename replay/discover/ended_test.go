package discover

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

// Issue 38: `repox sessions`' "ended" was the last call's time; a session
// whose agent talked (or the person typed) after its last call ran to its
// last record.
func TestSessionEndedIsTheLastRecord(t *testing.T) {
	root := "/home/u/proj"
	claude := &replaytest.Claude{T: t, Cwd: root}
	claude.Use("m1", "r1", "Read", map[string]any{"file_path": root + "/a.go"}).
		Result("r1", "     1→x", false, nil).
		Raw(replaytest.JSONLine(t, map[string]any{"type": "assistant", "cwd": root, "sessionId": "s-1", "timestamp": "2026-01-30T18:45:00.000Z",
			"message": map[string]any{"id": "m2", "role": "assistant", "content": []any{map[string]any{"type": "text", "text": "done"}}}})).
		Raw(replaytest.JSONLine(t, map[string]any{"type": "system", "cwd": root, "sessionId": "s-1", "timestamp": "2026-01-30T18:50:00.000Z", "content": "bye"}))
	codex := &replaytest.Codex{T: t}
	codex.Line("session_meta", map[string]any{"id": "r1", "cwd": root}).
		Call("c1", "read_file", map[string]any{"file_path": root + "/a.go"}).
		Out("c1", "L1: x")
	codex.Sb.WriteString(replaytest.JSONLine(t, map[string]any{"timestamp": "2026-01-02T03:50:00.000Z", "type": "event_msg", "payload": map[string]any{"type": "agent_message", "message": "done"}}))
	for _, tc := range []struct {
		agent      transcript.Agent
		text, want string
	}{
		{transcript.AgentClaude, claude.String(), "2026-01-30T18:50:00Z"},
		{transcript.AgentCodex, codex.Sb.String(), "2026-01-02T03:50:00Z"},
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
