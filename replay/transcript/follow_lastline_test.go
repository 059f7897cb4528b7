package transcript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

func noFinalNewline(t *testing.T) (all string) {
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Use("m1", "a", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go"}).Result("a", "     1→first", false, nil).
		Use("m2", "b", "Grep", map[string]any{"pattern": "needle"}).Result("b", "a.go:1: needle", false, nil)
	return strings.TrimSuffix(b.String(), "\n")
}

func TestReaderKeepsALastLineWithoutNewline(t *testing.T) {
	calls, st := readAllString(t, noFinalNewline(t))
	if len(calls) != 2 || calls[1].AgentTool != "Grep" || calls[1].Text != "a.go:1: needle" || calls[1].NoResult {
		t.Fatalf("calls %+v", calls)
	}
	if st.Partial || st.Skipped != 0 || st.Lines != 4 {
		t.Errorf("stats %+v: want 4 lines, none skipped, not partial", st)
	}
	// a last line cut inside its JSON is still partial, and not decoded
	all := noFinalNewline(t)
	calls, st = readAllString(t, all[:len(all)-3])
	if len(calls) != 2 || !calls[1].NoResult || !st.Partial || st.Skipped != 1 {
		t.Errorf("a cut last line: calls %+v stats %+v", calls, st)
	}
}

// The follower takes the last line at once; the newline written after it
// later ends that line and does not count one more.
func TestFollowKeepsALastLineWithoutNewline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, []byte(noFinalNewline(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &Follower{path: path}
	tl := &tail{rd: newFollowReader(path), buf: make([]byte, 64)}
	var got []Call
	for more := true; more; {
		u, m, err := f.readMore(tl)
		if err != nil {
			t.Fatal(err)
		}
		got, more = append(got, u.Calls...), m
		if !more && u.Stats.Partial {
			t.Errorf("a last line that parses as JSON is reported partial: %+v", u.Stats)
		}
	}
	if len(got) != 2 || got[1].AgentTool != "Grep" || got[1].Text != "a.go:1: needle" {
		t.Fatalf("calls %+v: the last line (the Grep's result) was not taken", got)
	}
	replaytest.AppendFile(t, path, "\n")
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd, N: 10}
	b.Use("m3", "c", "Glob", map[string]any{"pattern": "*"}).Result("c", "a.go", false, nil)
	replaytest.AppendFile(t, path, b.String())
	u, _, err := f.readMore(tl)
	if err != nil || len(u.Calls) != 1 || u.Calls[0].AgentTool != "Glob" || u.Calls[0].Seq != 3 || u.Stats.Lines != 6 || u.Stats.Skipped != 0 {
		t.Fatalf("after the newline and one more call: %+v %v", u, err)
	}
}
