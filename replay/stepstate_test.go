package replay

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// stateSink keeps what StepState showed after each step.
type stateSink struct {
	files  []string
	starts []string
	seen   []string
}

func (s *stateSink) Begin(RunStart) error { return nil }
func (s *stateSink) Step(StepEvent) error { return nil }
func (s *stateSink) End(Summary) error    { return nil }
func (s *stateSink) StepState(e StepEvent, st StepState) error {
	b, _ := st.File("a.txt")
	start, _, _ := st.Start("a.txt")
	f, _ := st.Seen("a.txt")
	s.files, s.starts, s.seen = append(s.files, string(b)), append(s.starts, start), append(s.seen, Ranges(f.Read)+"|"+Ranges(f.Edited))
	return nil
}

// A StateSink is handed, after each step, the file as the replay left it
// in the scratch copy, its start as rebuilt, and what the agent had seen.
func TestStateSinkSeesTheCopyAfterEachStep(t *testing.T) {
	root := repotest.PlainDir(t, map[string]string{"a.txt": "one\nTWO\nthree\n"})
	log := `{"v":1,"session":"s1","tool":"repo_read_file","args":{"path":"a.txt"},"text":"a.txt — lines 1-3 of 3\n1→one\n2→two\n3→three"}
{"v":1,"session":"s1","tool":"repo_edit","args":{"path":"a.txt","old_string":"two","new_string":"TWO"},"text":"edited a.txt"}
`
	p := filepath.Join(t.TempDir(), "calls.jsonl")
	os.WriteFile(p, []byte(log), 0o644)
	sink := &stateSink{}
	if _, err := Run(context.Background(), RunOptions{Transcript: p, Root: root}, sink); err != nil {
		t.Fatal(err)
	}
	if len(sink.files) != 2 || sink.files[0] != "one\ntwo\nthree\n" || sink.files[1] != "one\nTWO\nthree\n" {
		t.Fatalf("the copy after each step: %q", sink.files)
	}
	if sink.starts[1] != "one\ntwo\nthree\n" || sink.seen[0] != "1-3|" || sink.seen[1] != "1, 3|2" {
		t.Errorf("starts %q, seen %q", sink.starts, sink.seen)
	}
}
