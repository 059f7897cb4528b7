//go:build unix

package replay

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops/repotest"
)

// A FIFO on disk where the session wrote a file is never opened for
// reading (it would block): the marks are not checked, and say why.
func TestOnDiskNeverReadsAFIFO(t *testing.T) {
	log := `{"v":1,"session":"s1","tool":"repo_write","args":{"path":"n.txt","content":"x\n"},"text":"wrote n.txt"}
`
	p := filepath.Join(t.TempDir(), "calls.jsonl")
	os.WriteFile(p, []byte(log), 0o644)
	root := repotest.PlainDir(t, map[string]string{"a.txt": "a\n"})
	sink := &namedSink{path: "n.txt"}
	replaytest.Guard(t, "OnDisk on a FIFO", func() {
		if _, err := Run(context.Background(), RunOptions{Transcript: p, Root: root, Against: AgainstNow}, &fifoAfterCopy{namedSink: sink, t: t, fifo: filepath.Join(root, "n.txt")}); err != nil {
			t.Error(err)
		}
	})
	if d := sink.disk; !strings.Contains(d.Why, "not checked against the disk") || !strings.Contains(d.Why, "FIFO") || len(d.Missing) != 0 {
		t.Errorf("a FIFO on disk: %+v", d)
	}
}

// fifoAfterCopy makes the FIFO in the root once the scratch copy exists
// (the copy skips special files either way), then asks OnDisk.
type fifoAfterCopy struct {
	*namedSink
	t    *testing.T
	fifo string
}

func (s *fifoAfterCopy) StepState(e StepEvent, st StepState) error {
	replaytest.Mkfifo(s.t, s.fifo)
	return s.namedSink.StepState(e, st)
}
