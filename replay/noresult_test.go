package replay

import (
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// A call without a result says which: the session went on past it, the
// transcript ends before it while the session is live (still running),
// or ends there and is not.
func TestNoResultSaysWhich(t *testing.T) {
	dir := t.TempDir()
	now := time.Now().UTC()
	session := func(last time.Time, answerLater bool) string {
		ts := func() string { return last.Format(time.RFC3339Nano) }
		var sb strings.Builder
		sb.WriteString(replaytest.JSONLine(t, map[string]any{"type": "assistant", "cwd": dir, "sessionId": "s", "timestamp": ts(),
			"message": map[string]any{"id": "m1", "role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": "r1", "name": "Read", "input": map[string]any{"file_path": dir + "/a.go"}}}}}))
		if answerLater {
			sb.WriteString(replaytest.ClaudeTalkLine(t, dir, "user", "never mind, do something else", map[string]any{"timestamp": ts()}))
		}
		return sb.String()
	}
	for _, tc := range []struct {
		name        string
		last        time.Time
		answerLater bool
		want, word  string
	}{
		{"live", now.Add(-time.Minute), false, "still running: the transcript ends before its result", "still running"},
		{"stopped", time.Date(2026, 1, 30, 18, 19, 0, 0, time.UTC), false, "interrupted: the transcript ends before its result, its latest record at 2026-01-30 18:19 UTC", "interrupted"},
		{"passed", now, true, "interrupted: the session went on without its result", "interrupted"},
	} {
		calls, _ := readAllString(t, session(tc.last, tc.answerLater))
		if len(calls) != 1 || !calls[0].NoResult {
			t.Fatalf("%s: %+v", tc.name, calls)
		}
		got := thenText(calls[0])
		if len(got) != 1 || !strings.Contains(got[0], tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
		if w := NoResultWord(calls[0], time.Now()); w != tc.word {
			t.Errorf("%s: the row's word is %q, want %q", tc.name, w, tc.word)
		}
	}
}
