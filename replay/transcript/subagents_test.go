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

func readMerged(t *testing.T, path string) ([]Call, Stats) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := NewReader(f).WithSubagents(path)
	var calls []Call
	for {
		c, err := rd.Next()
		if err != nil {
			return calls, rd.Stats()
		}
		calls = append(calls, c)
	}
}

// wantMerged: the subagent's two calls come right after the Task, numbered
// in the session's order, under the Task's id.
func wantMerged(t *testing.T, calls []Call, st Stats, agent string) {
	t.Helper()
	var got []string
	for _, c := range calls {
		got = append(got, strconv.Itoa(c.Seq)+":"+c.AgentTool+"/"+c.Subagent+"/"+c.Parent)
	}
	want := "1:Read// 2:Task// 3:Read/" + agent + "/t1 4:Grep/" + agent + "/t1 5:Read//"
	if strings.Join(got, " ") != want {
		t.Fatalf("calls %v, want %s", got, want)
	}
	if st.Calls != 5 || st.FileCalls != 4 {
		t.Errorf("stats count %d calls, %d file calls; want 5 and 4 (the subagent's are the session's)", st.Calls, st.FileCalls)
	}
	if !strings.Contains(calls[1].NoEquivalent, "2 calls follow as #3–#4") {
		t.Errorf("the Task says %q", calls[1].NoEquivalent)
	}
}

func TestSubagentsMergedNewLayout(t *testing.T) {
	dir := t.TempDir()
	path := replaytest.SubagentSession(t, dir, "ab12")
	replaytest.Touch(t, filepath.Join(filepath.Dir(path), "s-1", "subagents", "agent-ab12.jsonl"), replaytest.SubagentCalls(t, dir, "ab12", ""), time.Now())
	calls, st := readMerged(t, path)
	wantMerged(t, calls, st, "ab12")
}

func TestSubagentsMergedOldLayout(t *testing.T) {
	dir := t.TempDir()
	path := replaytest.SubagentSession(t, dir, "ab12")
	replaytest.Touch(t, filepath.Join(filepath.Dir(path), "agent-ab12.jsonl"), replaytest.SubagentCalls(t, dir, "ab12", ""), time.Now())
	calls, st := readMerged(t, path)
	wantMerged(t, calls, st, "ab12")
}

// 2.0.x subagents share the project folder and have short ids: a file of
// another session with the same id is not merged.
func TestSubagentOfAnotherSessionNotMerged(t *testing.T) {
	dir := t.TempDir()
	path := replaytest.SubagentSession(t, dir, "ab12")
	replaytest.Touch(t, filepath.Join(filepath.Dir(path), "agent-ab12.jsonl"), replaytest.SubagentCalls(t, dir, "ab12", "s-other"), time.Now())
	calls, st := readMerged(t, path)
	if len(calls) != 3 || st.Calls != 3 || !strings.Contains(calls[1].NoEquivalent, "(of session s-other)") {
		t.Fatalf("%d calls, stats %d, the Task says %q", len(calls), st.Calls, calls[1].NoEquivalent)
	}
}

func TestSubagentFilesBounded(t *testing.T) {
	dir := t.TempDir()
	b := &replaytest.Claude{T: t, Cwd: dir}
	for i := range maxSubagentFiles + 2 {
		id := "t" + strconv.Itoa(i)
		b.Use("m"+id, id, "Task", map[string]any{"prompt": "p"}).Result(id, "done", false, map[string]any{"agentId": "a" + strconv.Itoa(i)})
	}
	path := filepath.Join(t.TempDir(), "s-1.jsonl")
	replaytest.Touch(t, path, b.String(), time.Now())
	calls, _ := readMerged(t, path)
	over := 0
	for _, c := range calls {
		if strings.Contains(c.NoEquivalent, "more than 256 subagents") {
			over++
		}
	}
	if len(calls) != maxSubagentFiles+2 || over != 2 {
		t.Fatalf("%d calls, %d told the bound; want %d and 2", len(calls), over, maxSubagentFiles+2)
	}
}

func TestClaudeRealSubagentMerged(t *testing.T) {
	path := repotest.Transcript(t, "claude-code/moredip-session-share/4b2030ed-5563-49ea-b703-6a002f2d3cc8.jsonl")
	calls, st := readMerged(t, path)
	if len(calls) != 2 || st.Calls != 2 {
		t.Fatalf("%d calls (stats %d), want the Task and its subagent's WebSearch", len(calls), st.Calls)
	}
	task, ws := calls[0], calls[1]
	if task.AgentTool != "Task" || !strings.Contains(task.NoEquivalent, "its call follows as #2") {
		t.Errorf("the Task: %s %q", task.AgentTool, task.NoEquivalent)
	}
	if ws.Seq != 2 || ws.AgentTool != "WebSearch" || ws.Subagent != "a2018e5" || ws.Parent != task.ID || ws.Text == "" {
		t.Errorf("the subagent's call: %+v", ws)
	}
}
