package report

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
)

// Issue 39 item 3: a change that could not be replayed says why in
// repox's words, once per call: a patch of two hunks that both miss is
// one not-replayed finding naming the cause (it was one per hunk, and
// none said why).
func TestNotReplayedSaysWhyOncePerCall(t *testing.T) {
	root := gitRepo(t, map[string]string{"a.go": "one\ntwo\nthree\n"})
	b := &replaytest.Codex{T: t}
	b.Line("session_meta", map[string]any{"id": "r1", "cwd": root})
	b.Line("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "p1",
		"input": "*** Begin Patch\n*** Update File: a.go\n@@\n-uno\n+UNO\n@@\n-dos\n+DOS\n*** End Patch"})
	b.Line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "p1", "output": "Success. Updated the following files:\nM a.go"})
	var flags []string
	for _, m := range reportJSON(t, b.Sb.String(), root, replay.AgainstNow) {
		fs, _ := m["flags"].([]any)
		for _, f := range fs {
			f := f.(map[string]any)
			if f["kind"] == string(replay.FlagNotReplayed) {
				flags = append(flags, f["text"].(string))
			}
		}
	}
	if len(flags) != 1 {
		t.Fatalf("%d not-replayed findings for one call, want 1: %q", len(flags), flags)
	}
	if !strings.Contains(flags[0], "could not be applied to the copy: old_string was not found in a.go") {
		t.Errorf("the finding does not say why in repox's words: %q", flags[0])
	}
}
