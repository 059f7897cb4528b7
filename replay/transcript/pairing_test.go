package transcript

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// feedLines feeds a transcript to a stream line by line, as a follower
// does, and returns the calls it yielded before the end of the file.
func feedLines(s string) []Call {
	st := newStream()
	for _, l := range strings.SplitAfter(s, "\n") {
		if l != "" {
			st.feed([]byte(l))
		}
	}
	return st.take()
}

// interruptedSession: Read, Bash (never answered), Read, Read; prompt
// adds the user's message after the Bash call.
func interruptedSession(t *testing.T, prompt bool) string {
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go"}).Result("r1", "     1→a", false, nil).
		Use("m2", "b1", "Bash", map[string]any{"command": "sleep 600"})
	if prompt {
		b.Raw(replaytest.JSONLine(t, map[string]any{"type": "user", "cwd": replaytest.Cwd, "sessionId": "s-1", "timestamp": b.Ts(),
			"message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "[Request interrupted by user for tool use]"}}}}))
	}
	b.Use("m3", "r2", "Read", map[string]any{"file_path": replaytest.Cwd + "/b.go"}).Result("r2", "     1→b", false, nil).
		Use("m4", "r3", "Read", map[string]any{"file_path": replaytest.Cwd + "/c.go"}).Result("r3", "     1→c", false, nil)
	return b.String()
}

func TestInterruptedCallDoesNotHoldTheRest(t *testing.T) {
	for _, prompt := range []bool{false, true} {
		calls := feedLines(interruptedSession(t, prompt))
		if len(calls) != 4 {
			t.Fatalf("prompt %v: %d calls yielded before the end, want all 4: %+v", prompt, len(calls), calls)
		}
		for i, c := range calls {
			if c.Seq != i+1 || (c.NoResult != (c.AgentTool == "Bash")) {
				t.Errorf("prompt %v: call %d %s seq %d noResult %v", prompt, i, c.AgentTool, c.Seq, c.NoResult)
			}
		}
	}
	// the same at the end of a finished file, through the Reader
	calls, st := readAllString(t, interruptedSession(t, false))
	if len(calls) != 4 || !calls[1].NoResult || st.Pending != 0 || st.Orphans != 0 {
		t.Errorf("reader: %d calls, bash %+v, stats %+v", len(calls), calls[1], st)
	}
}

func TestParallelCallsAreNotGivenUpForEachOther(t *testing.T) {
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	// two calls in one batch answered in reverse order, then a prompt with
	// a call still pending in a sidechain (a subagent's prompt is no turn)
	b.Use("m1", "p1", "Read", map[string]any{"file_path": replaytest.Cwd + "/one.go"}, "p2", "Read", map[string]any{"file_path": replaytest.Cwd + "/two.go"}).
		Result("p2", "     1→two", false, nil).
		Result("p1", "     1→one", false, nil).
		Use("m2", "t1", "Task", map[string]any{"prompt": "look"}).
		Raw(replaytest.JSONLine(t, map[string]any{"type": "user", "isSidechain": true, "agentId": "x", "cwd": replaytest.Cwd, "sessionId": "s-1", "timestamp": b.Ts(),
			"message": map[string]any{"role": "user", "content": "look"}})).
		Result("t1", "done", false, nil)
	calls := feedLines(b.String())
	if len(calls) != 3 {
		t.Fatalf("%d calls: %+v", len(calls), calls)
	}
	for _, c := range calls {
		if c.NoResult || c.Text == "" {
			t.Errorf("%s %s given up: %+v", c.ID, c.AgentTool, c)
		}
	}
}
