//go:build unix

package transcript

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Subagent files are hostile input: an agentId is never a path, a link
// (to the file or to a folder on the way) is not followed, a FIFO is not
// waited on, and a session reads at most maxSubagentFiles of them.
func TestSubagentFilesHostile(t *testing.T) {
	dir := t.TempDir()
	elsewhere := t.TempDir()
	replaytest.Touch(t, filepath.Join(elsewhere, "subagents", "agent-ab12.jsonl"), replaytest.SubagentCalls(t, dir, "ab12", ""), time.Now())
	replaytest.Touch(t, filepath.Join(elsewhere, "agent-x.jsonl"), replaytest.SubagentCalls(t, dir, "x", ""), time.Now())

	cases := []struct {
		name, agent string
		setup       func(sdir string)
		want        string
	}{
		{"a path as agentId", "../" + filepath.Base(elsewhere) + "/agent-x", func(string) {}, "is not a plain name"},
		{"the session's folder a link", "ab12", func(sdir string) { replaytest.Symlink(t, elsewhere, filepath.Join(sdir, "s-1")) }, "was not followed"},
		{"the file a link", "ab12", func(sdir string) {
			replaytest.Symlink(t, filepath.Join(elsewhere, "subagents", "agent-ab12.jsonl"), filepath.Join(sdir, "s-1", "subagents", "agent-ab12.jsonl"))
		}, "symbolic link"},
		{"the file a FIFO", "ab12", func(sdir string) { replaytest.Mkfifo(t, filepath.Join(sdir, "s-1", "subagents", "agent-ab12.jsonl")) }, "not a regular file"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := replaytest.SubagentSession(t, dir, tc.agent)
			tc.setup(filepath.Dir(path))
			var calls []Call
			replaytest.Guard(t, "reading the session", func() { calls, _ = readMerged(t, path) })
			if len(calls) != 3 || calls[1].AgentTool != "Task" || !strings.Contains(calls[1].NoEquivalent, tc.want) {
				t.Fatalf("%d calls; the Task says %q, want %q", len(calls), calls[1].NoEquivalent, tc.want)
			}
		})
	}
}
