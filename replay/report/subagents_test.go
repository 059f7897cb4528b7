package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops/repotest"
)

// In --json, one call line per subagent call, with the Task's id as parent.
func TestReportJSONSubagentCalls(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"})
	path := replaytest.SubagentSession(t, dir, "ab12")
	replaytest.Touch(t, filepath.Join(filepath.Dir(path), "s-1", "subagents", "agent-ab12.jsonl"), replaytest.SubagentCalls(t, dir, "ab12", ""), time.Now())
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: path, Root: dir, JSON: true}, &out); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var line struct {
			Type string
			Call *transcript.Call
		}
		if err := json.Unmarshal([]byte(l), &line); err != nil {
			t.Fatal(err)
		}
		if line.Type == "call" {
			got = append(got, strconv.Itoa(line.Call.Seq)+":"+line.Call.AgentTool+"/"+line.Call.Subagent+"/"+line.Call.Parent)
		}
	}
	if want := "1:Read// 2:Task// 3:Read/ab12/t1 4:Grep/ab12/t1 5:Read//"; strings.Join(got, " ") != want {
		t.Fatalf("call lines %v, want %s", got, want)
	}
}

// TestConversationAfterSubagentCalls: the parent's text after a Task's
// result comes after the subagent's calls, which ran inside the Task.
func TestConversationAfterSubagentCalls(t *testing.T) {
	path := repotest.Transcript(t, "claude-code/moredip-session-share/4b2030ed-5563-49ea-b703-6a002f2d3cc8.jsonl")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	w := &reportWriter{w: &out, file: path}
	if _, err := replay.RunFrom(context.Background(), f, replay.RunOptions{Transcript: path, Root: t.TempDir()}, w.file, w); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	sub := strings.Index(report, "\n#2 ")
	says := strings.Index(report, "says      The search results indicate")
	if sub < 0 || says < 0 || says < sub {
		t.Errorf("the parent's text after the Task (at %d) must follow the subagent's call #2 (at %d):\n%s", says, sub, report)
	}
}
