package transcript

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops/repotest"
)

// compactionsOf is each call's Compactions and KeptCalls, by Seq.
func compactionsOf(calls []Call) map[int][2]int {
	out := map[int][2]int{}
	for _, c := range calls {
		out[c.Seq] = [2]int{c.Compactions, c.KeptCalls}
	}
	return out
}

// A Claude Code compaction is counted whether or not the conversation is
// decoded (the sessions list reads none), and a subagent's is not the
// session's.
func TestClaudeCompactionCounted(t *testing.T) {
	read := `{"type":"assistant","cwd":"/p","sessionId":"s","timestamp":"2026-01-30T18:19:01.000Z","message":{"id":"m1","role":"assistant","content":[{"type":"tool_use","id":"r1","name":"Read","input":{"file_path":"/p/a.go"}}]}}
{"type":"user","cwd":"/p","sessionId":"s","timestamp":"2026-01-30T18:19:02.000Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"r1","content":"     1→a"}]}}
`
	boundary := `{"type":"system","subtype":"compact_boundary","content":"Conversation compacted","cwd":"/p","sessionId":"s","timestamp":"2026-01-30T18:19:03.000Z"}` + "\n"
	sidechain := `{"type":"system","subtype":"compact_boundary","isSidechain":true,"cwd":"/p","sessionId":"s","timestamp":"2026-01-30T18:19:03.000Z"}` + "\n"
	edit := strings.NewReplacer("r1", "r2", "m1", "m2", "Read", "Edit", `"file_path":"/p/a.go"`, `"file_path":"/p/a.go","old_string":"a","new_string":"b"`).Replace(read)
	body := read + sidechain + boundary + edit
	calls, _ := readAllString(t, body)
	if got := compactionsOf(calls); got[1] != [2]int{0, 0} || got[2] != [2]int{1, 0} {
		t.Errorf("silent reader: compactions by call = %v, want #1 none and #2 after one", got)
	}
	withTalk, _, err := NewReader(strings.NewReader(body)).WithConversation().drain()
	if err != nil {
		t.Fatal(err)
	}
	if got := compactionsOf(withTalk); got[2] != [2]int{1, 0} {
		t.Errorf("with the conversation: compactions by call = %v, want #2 after one", got)
	}
}

// Codex writes a compacted record and an event_msg context_compacted:
// either counts.
func TestCodexCompactionCounted(t *testing.T) {
	head := `{"timestamp":"2026-01-02T03:04:05.000Z","type":"session_meta","payload":{"id":"x","cwd":"/p"}}
`
	call := func(id string) string {
		return `{"timestamp":"2026-01-02T03:04:05.000Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"cat\",\"a.go\"]}","call_id":"` + id + `"}}
{"timestamp":"2026-01-02T03:04:05.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"` + id + `","output":"a"}}
`
	}
	compacted := `{"timestamp":"2026-01-02T03:04:06.000Z","type":"compacted","payload":{"message":"summary"}}` + "\n"
	event := `{"timestamp":"2026-01-02T03:04:07.000Z","type":"event_msg","payload":{"type":"context_compacted"}}` + "\n"
	calls, _ := readAllString(t, head+call("c1")+compacted+call("c2")+event+call("c3"))
	got := compactionsOf(calls)
	if got[1][0] != 0 || got[2][0] != 1 || got[3][0] != 2 {
		t.Errorf("compactions by call = %v, want 0, 1, 2", got)
	}
}

// Pi keeps the entries from firstKeptEntryId on: the hand-made session's
// compaction keeps entry a0000015, which holds two calls (an edit and a
// write); a first kept entry the file does not place counts no compaction.
func TestPiCompactionKeepsItsTail(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, "pi/hand-made/2026-01-02T03-04-05-000Z_0b6d5f2e-3c1a-4e8f-9d27-5a4c3b2e1f00.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	calls, _ := readAllString(t, string(b))
	last := calls[len(calls)-1]
	if last.Compactions != 1 || last.KeptCalls != 2 {
		t.Errorf("the last call: %d compactions, %d kept; want 1 and 2 (toolu_06, toolu_07)", last.Compactions, last.KeptCalls)
	}
	unplaced := strings.Replace(string(b), `"firstKeptEntryId":"a0000015"`, `"firstKeptEntryId":"zzz"`, 1)
	calls, _ = readAllString(t, unplaced)
	if c := calls[len(calls)-1]; c.Compactions != 0 {
		t.Errorf("a first kept entry never seen: %d compactions counted, want 0", c.Compactions)
	}
}

// The other agents' compactions, from their testdata sessions.
func TestCompactionCountedInSamples(t *testing.T) {
	for _, rel := range []string{
		"qwen-code/hand-made/5f0c2a1e-7b3d-4c8e-9a61-2d4e8f0b1c37.jsonl",
		"droid/hand-made/7e1b3c5d-2f4a-4b6c-8d9e-0a1b2c3d4e5f.jsonl",
	} {
		b, err := os.ReadFile(repotest.Transcript(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		calls, _ := readAllString(t, string(b))
		if c := calls[len(calls)-1]; c.Compactions != 1 || calls[0].Compactions != 0 {
			t.Errorf("%s: first call %d compactions, last %d; want 0 and 1", rel, calls[0].Compactions, c.Compactions)
		}
	}
}

// A merged subagent's calls take the Compactions of the Task that
// started them: they ran in the session's context of that moment.
func TestSubagentCallsTakeTheirTasksCompactions(t *testing.T) {
	dir := t.TempDir()
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.txt"}).Result("r1", "     1→a", false, nil).
		Compact("looked at a.txt").
		Use("m2", "t1", "Task", map[string]any{"prompt": "look", "subagent_type": "general-purpose"}).
		Result("t1", "done", false, map[string]any{"status": "completed", "agentId": "ab12", "content": []any{}})
	path := filepath.Join(t.TempDir(), "s-1.jsonl")
	replaytest.Touch(t, path, b.String(), time.Now())
	replaytest.Touch(t, filepath.Join(filepath.Dir(path), "s-1", "subagents", "agent-ab12.jsonl"), replaytest.SubagentCalls(t, dir, "ab12", ""), time.Now())
	calls, _ := readMerged(t, path)
	var got []string
	for _, c := range calls {
		got = append(got, c.AgentTool+"/"+c.Subagent+":"+strconv.Itoa(c.Compactions))
	}
	if want := "Read/:0 Task/:1 Read/ab12:1 Grep/ab12:1"; strings.Join(got, " ") != want {
		t.Errorf("calls: %s, want %s", strings.Join(got, " "), want)
	}
}

// Copilot CLI's session.compaction_complete counts; its _start does not
// (the sample with both put after its first turn).
func TestCopilotCompactionCounted(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, "copilot-cli/qiaolei81-copilot-session-viewer/events.EXCERPT.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	ev := func(typ string) string {
		return `{"type":"` + typ + `","data":{"summaryContent":"the skill file was read"},"id":"c-` + typ + `","timestamp":"2026-05-26T16:14:40.000Z","parentId":null}` + "\n"
	}
	body := strings.Join(lines[:10], "") + ev("session.compaction_start") + ev("session.compaction_complete") + strings.Join(lines[10:], "")
	calls, _ := readAllString(t, body)
	if len(calls) < 2 || calls[0].Compactions != 0 || calls[len(calls)-1].Compactions != 1 {
		var got []int
		for _, c := range calls {
			got = append(got, c.Compactions)
		}
		t.Errorf("compactions by call: %v, want 0 first and 1 after the first turn", got)
	}
}
