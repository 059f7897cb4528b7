//go:build unix

package transcript

import (
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// codexCwd checks the file it opened: a FIFO named like a rollout is
// refused, not waited on (moved here from replay/discover with codexCwd).
func TestCodexCwdRefusesAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "rollout-x.jsonl")
	replaytest.Mkfifo(t, fifo)
	var err error
	replaytest.Guard(t, "codexCwd", func() { _, err = codexCwd(fifo) })
	if err == nil {
		t.Error("codexCwd of a FIFO: no error")
	}
}
