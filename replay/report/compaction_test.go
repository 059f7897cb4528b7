package report

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
)

// An edit after a compaction is counted alike by the report (which reads
// the conversation) and the sessions list's count (which does not).
func TestEditAfterCompactionCountedOnEveryFace(t *testing.T) {
	root := gitRepo(t, map[string]string{"a.go": "alpha\nbeta\n"})
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": root + "/a.go"}).
		Result("r1", "     1→alpha\n     2→beta\n", false, nil).
		Compact("rename beta").
		Use("m2", "e1", "Edit", map[string]any{"file_path": root + "/a.go", "old_string": "beta", "new_string": "BETA"}).
		Result("e1", "The file has been updated.", false, nil)
	path := writeTranscript(t, "s.jsonl", b.String())
	counts, err := replay.CountFindings(context.Background(), replay.RunOptions{Transcript: path, Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if counts.Notes[replay.FlagEditAfterCompaction] != 1 || counts.Text() != "0 findings; 1 note (1 edit-after-compaction)" {
		t.Errorf("counted %q", counts.Text())
	}
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: path, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	if text := out.String(); !strings.Contains(text, "; "+counts.Text()+"\n") || !strings.Contains(text, "before its context was compacted") {
		t.Errorf("the report does not say %q:\n%s", counts.Text(), text)
	}
}
