//go:build unix

package report

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Issue 22 item 7: FIFOs and devices where transcripts are looked for.
// Each trap hangs (a FIFO blocks open(2) until a writer comes) or spins
// (/dev/zero has no end and no newline) without the fix; the guard turns
// a hang into a failure instead of a stuck CI job.

func TestReplayReportRefusesAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "session.jsonl")
	replaytest.Mkfifo(t, fifo)
	var out bytes.Buffer
	var err error
	replaytest.Guard(t, "repox replay --report FIFO", func() {
		err = Report(context.Background(), ReportOptions{Transcript: fifo}, &out)
	})
	if err == nil || !strings.Contains(err.Error(), "is a FIFO (named pipe), not a regular file") {
		t.Errorf("error %v, output %q", err, out.String())
	}
}
