package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
)

// repoxLog builds a repox call log; each record is (session, tool, args, text).
type repoxLog struct {
	t  testing.TB
	sb strings.Builder
}

func (l *repoxLog) rec(sess, tool, args, text string) *repoxLog {
	b, err := repoops.MarshalCallRecord(repoops.CallRecord{V: 1, Session: sess, Tool: tool, Args: json.RawMessage(args), Text: text})
	if err != nil {
		l.t.Fatal(err)
	}
	l.sb.Write(b)
	return l
}

// write is a session's repo_write of a new file, which makes its copy.
func (l *repoxLog) write(sess string) *repoxLog {
	return l.rec(sess, "repo_write", fmt.Sprintf(`{"path":"new-%s.txt","content":"x\n"}`, sess), "created new-"+sess+".txt: 1 line")
}

// Sessions that interleave are open together only while both have calls
// to come; a session whose calls are over is closed (its copy removed)
// before the next one starts. Each keeps its own gate all the same.
func TestReportClosesEachSessionAfterItsLastCall(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "one\ntwo\n"})
	l := &repoxLog{t: t}
	read := `{"path":"a.txt"}`
	// A and B interleave; then C, D and E one after the other
	l.rec("A", "repo_read_file", read, "a.txt — lines 1-2 of 2").write("B").write("A").
		rec("B", "repo_edit", `{"path":"a.txt","old_string":"one","new_string":"ONE"}`, "edited a.txt").
		rec("A", "repo_edit", `{"path":"a.txt","old_string":"two","new_string":"TWO"}`, "edited a.txt")
	for _, s := range []string{"C", "D", "E"} {
		l.write(s).rec(s, "repo_read_file", read, "a.txt — lines 1-2 of 2")
	}
	var out bytes.Buffer
	run, err := replay.RunFrom(context.Background(), strings.NewReader(l.sb.String()), replay.RunOptions{Root: root}, "log", &reportWriter{w: &out, file: "log"})
	if err != nil {
		t.Fatal(err)
	}
	if run.Peak != 2 {
		t.Errorf("%d replayers open at once, want 2 (A and B, while both have calls to come)", run.Peak)
	}
	s := out.String()
	// B never read a.txt: its edit is refused by repox; A's applies
	if !strings.Contains(s, "#4  -  [session B] repo_edit") || !strings.Contains(s, "a.txt has not been read in this session") ||
		!strings.Contains(s, "#5  -  [session A] repo_edit") || strings.Count(s, "now   ok: edited a.txt") != 1 {
		t.Errorf("the sessions' gates:\n%s", s)
	}
	if n := strings.Count(s, "; removed\n"); n != 5 {
		t.Errorf("%d scratch copies reported, want 5:\n%s", n, s)
	}
	for _, who := range []string{"A", "B", "C", "D", "E"} {
		if !strings.Contains(s, "what the agent of session "+who+" saw") {
			t.Errorf("no section for session %s:\n%s", who, s)
		}
	}
}
