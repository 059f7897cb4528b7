package transcript

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// flatReader is the report's order: each call after the messages shown
// before it, the messages after the last call at the end.
func flatReader(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := NewReader(f).WithSubagents(path).WithConversation()
	var out []string
	for {
		c, err := rd.Next()
		if err != nil {
			break
		}
		out = append(out, flatMsgs(rd.Messages(c))...)
		out = append(out, flatCall(c))
	}
	return append(out, flatMsgs(rd.Messages(Call{}))...)
}

func flatMsgs(ms []Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, string(m.Kind)+": "+m.Text)
	}
	return out
}

func flatCall(c Call) string {
	return "#" + strconv.Itoa(c.Seq) + " " + c.AgentTool + " " + c.Subagent + " " + c.Parent
}

// flatFollowed is what a Follower sends for the transcript at path when
// it is written in pieces of size bytes, in the same order.
func flatFollowed(t *testing.T, path, content string, size int) []string {
	t.Helper()
	live := filepath.Join(filepath.Dir(path), "live-"+filepath.Base(path))
	if err := os.WriteFile(live, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// a 2.0.x subagent's file is looked for beside the followed one, by its id
	f := &Follower{path: live}
	tl := &tail{rd: newFollowReader(live), buf: make([]byte, 64)}
	var out []string
	take := func() {
		for more := true; more; {
			u, m, err := f.readMore(tl)
			if err != nil {
				t.Fatal(err)
			}
			more = m
			if u.Said != nil && len(u.Said) != len(u.Calls)+1 {
				t.Fatalf("%d calls, %d places for messages", len(u.Calls), len(u.Said))
			}
			for i, c := range u.Calls {
				if u.Said != nil {
					out = append(out, flatMsgs(u.Said[i])...)
				}
				out = append(out, flatCall(c))
			}
			if u.Said != nil {
				out = append(out, flatMsgs(u.Said[len(u.Calls)])...)
			}
		}
	}
	for len(content) > 0 {
		n := min(size, len(content))
		replaytest.AppendFile(t, live, content[:n])
		content = content[n:]
		take()
	}
	return out
}

// A followed transcript gives what the report reads: the subagent's calls
// under their Task and the conversation in its place, however the file
// grows (a line at a time, or cut anywhere).
func TestFollowReadsAsTheReport(t *testing.T) {
	dir := t.TempDir()
	talk := filepath.Join(t.TempDir(), "talk.jsonl")
	replaytest.Touch(t, talk, replaytest.ClaudeConversationTranscript(t, dir, "Read a.txt please."), time.Now())
	subs := replaytest.SubagentSession(t, dir, "ab12")
	replaytest.Touch(t, filepath.Join(filepath.Dir(subs), "agent-ab12.jsonl"), replaytest.SubagentCalls(t, dir, "ab12", ""), time.Now())
	for _, path := range []string{talk, subs} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want := flatReader(t, path)
		for _, size := range []int{len(b), 97, 1000} {
			got := flatFollowed(t, path, string(b), size)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s written %d bytes at a time, followed:\n%s\nthe report reads:\n%s", filepath.Base(path), size,
					strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
	}
	if w := strings.Join(flatReader(t, subs), "\n"); !strings.Contains(w, "#3 Read ab12 t1") {
		t.Fatalf("the fixture merges no subagent:\n%s", w)
	}
	if w := strings.Join(flatReader(t, talk), "\n"); !strings.Contains(w, "user: Read a.txt please.") {
		t.Fatalf("the fixture has no conversation:\n%s", w)
	}
}
