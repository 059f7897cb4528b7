package replay

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// silentRecorder is a sink that takes no messages, and notes any it is given.
type silentRecorder struct{ said, tail int }

func (s *silentRecorder) Begin(RunStart) error   { return nil }
func (s *silentRecorder) Step(e StepEvent) error { s.said += len(e.Said); return nil }
func (s *silentRecorder) End(sum Summary) error  { s.tail = len(sum.Tail); return nil }
func (s *silentRecorder) noConversation()        {}

// A sink that takes no messages (the sessions list's count, a session's
// changes) runs without the conversation: a long talk between calls, or
// after the last, is not decoded nor held (issue 43 item 6).
func TestSilentSinkRunsWithoutTheConversation(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": "package a\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	talk := func() {
		for range 50 {
			b.Raw(replaytest.ClaudeTalkLine(t, dir, "assistant", []any{map[string]any{"type": "text", "text": "still thinking"}}, nil))
		}
	}
	talk()
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).Result("r1", "     1→package a", false, nil)
	talk()
	p := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	silent := &silentRecorder{}
	if _, err := Run(context.Background(), RunOptions{Transcript: p, Root: dir}, silent); err != nil {
		t.Fatal(err)
	}
	if silent.said != 0 || silent.tail != 0 {
		t.Errorf("a silent sink was given %d messages before calls and %d after", silent.said, silent.tail)
	}
	loud := &loudRecorder{}
	if _, err := Run(context.Background(), RunOptions{Transcript: p, Root: dir}, loud); err != nil {
		t.Fatal(err)
	}
	if loud.said != 50 || loud.tail != 50 {
		t.Errorf("a sink of messages was given %d before the call and %d after, want 50 and 50", loud.said, loud.tail)
	}
}

// loudRecorder takes the messages.
type loudRecorder struct{ said, tail int }

func (s *loudRecorder) Begin(RunStart) error   { return nil }
func (s *loudRecorder) Step(e StepEvent) error { s.said += len(e.Said); return nil }
func (s *loudRecorder) End(sum Summary) error  { s.tail = len(sum.Tail); return nil }
