package replay

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// A format that keeps no results (Cursor CLI): repox's answer to a read
// stands for what the agent saw, so an edit of the lines it read is no
// edit-unread finding, and an edit of lines past its read still is.
func TestUnrecordedResultIsRepoxsAnswer(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": numberedLines(10)})
	rp, err := NewReplayer(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer rp.Close()
	call := func(seq int, tool string, args map[string]any, unrecorded bool) transcript.Call {
		b, _ := json.Marshal(args)
		return transcript.Call{Seq: seq, AgentTool: "tool", AgentArgs: b, NoResult: true,
			NoResultWhy: "the format records no results", ResultUnrecorded: unrecorded,
			Repox: []transcript.ToolCall{{Tool: tool, Args: b}}}
	}
	read := rp.Step(context.Background(), call(1, repoops.ToolRead, map[string]any{"path": "a.txt", "offset": 1, "limit": 3}, true))
	if len(read.Now) != 1 || read.Now[0].IsError {
		t.Fatalf("the read: %+v", read.Now)
	}
	seen := rp.Step(context.Background(), call(2, repoops.ToolEdit, map[string]any{"path": "a.txt", "old_string": "line 2\n", "new_string": "line two\n"}, true))
	if f := flagsOf(seen, FlagEditUnread); len(f) != 0 {
		t.Errorf("an edit of a line the unrecorded read showed is flagged: %+v", f)
	}
	unseen := rp.Step(context.Background(), call(3, repoops.ToolEdit, map[string]any{"path": "a.txt", "old_string": "line 7\n", "new_string": "line seven\n"}, true))
	if f := flagsOf(unseen, FlagEditUnread); len(f) != 1 || Ranges(f[0].Lines) != "7" {
		t.Errorf("an edit of line 7, past the read's 1-3: %+v", unseen.Flags)
	}

	// a read that may not have run (its turn was stopped) shows nothing
	rp2, err := NewReplayer(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer rp2.Close()
	rp2.Step(context.Background(), call(1, repoops.ToolRead, map[string]any{"path": "a.txt"}, false))
	edit := rp2.Step(context.Background(), call(2, repoops.ToolEdit, map[string]any{"path": "a.txt", "old_string": "line 2\n", "new_string": "line two\n"}, true))
	if f := flagsOf(edit, FlagEditUnread); len(f) != 1 {
		t.Errorf("after a read with no result that may not have run, the edit is unread: %+v", edit.Flags)
	}
}
