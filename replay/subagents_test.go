package replay

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

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops/repotest"
)

// In --json, one call line per subagent call, with the Task's id as parent.
func TestReportJSONSubagentCalls(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"})
	path := subagentSession(t, dir, "ab12")
	touch(t, filepath.Join(filepath.Dir(path), "s-1", "subagents", "agent-ab12.jsonl"), subagentCalls(t, dir, "ab12", ""), time.Now())
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

// repox sessions lists the session once, its subagents' calls counted
// in it, whichever layout; a 2.0.x sidechain file is not a session.
func TestSessionsCountSubagentsInParent(t *testing.T) {
	home, repo := t.TempDir(), t.TempDir()
	now := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	proj := filepath.Join(home, ".claude", "projects", claudeProjectName(repo))
	src := subagentSession(t, repo, "ab12")
	data, _ := os.ReadFile(src)
	touch(t, filepath.Join(proj, "s-1.jsonl"), string(data), now.Add(-time.Hour))
	touch(t, filepath.Join(proj, "agent-ab12.jsonl"), subagentCalls(t, repo, "ab12", ""), now.Add(-time.Hour))
	got, err := Discover(context.Background(), repo, Env{Home: home, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || filepath.Base(got[0].Path) != "s-1.jsonl" || got[0].Calls != 5 || got[0].FileCalls != 4 {
		t.Fatalf("sessions: %+v", got)
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
	if _, err := run(context.Background(), f, RunOptions{Transcript: path, Root: t.TempDir()}, w.file, w); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	sub := strings.Index(report, "\n#2 ")
	says := strings.Index(report, "says      The search results indicate")
	if sub < 0 || says < 0 || says < sub {
		t.Errorf("the parent's text after the Task (at %d) must follow the subagent's call #2 (at %d):\n%s", says, sub, report)
	}
}
