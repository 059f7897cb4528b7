package discover

import (
	"bytes"
	"context"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

// Issue 22 item 9: memory per transcript line. A tool_result whose
// content is a list of millions of empty blocks was decoded whole into Go
// values (2.4 GB for a 60 MB line); it is now kept as the line's bytes and
// turned into text within a budget of blocks.

// repox sessions' summary pass pairs results without decoding them.
func TestSummaryReadsNoResultText(t *testing.T) {
	data := replaytest.HugeResult(t, 2_000_000)
	var calls []transcript.Call
	alloc := replaytest.Allocated(func() {
		readSummary(context.Background(), bytes.NewReader(data), func(c transcript.Call) { calls = append(calls, c) })
	})
	if len(calls) != 1 || calls[0].NoResult || calls[0].Text != "" || calls[0].Saw != nil {
		t.Fatalf("summary calls %+v", calls)
	}
	if limit := uint64(8 * len(data)); alloc > limit {
		t.Errorf("the summary of a %d-byte line allocated %d bytes (over %d)", len(data), alloc, limit)
	}
	t.Logf("%d bytes read, %d allocated", len(data), alloc)
}

// BenchmarkHugeResultSummary: the same line in repox sessions' pass.
func BenchmarkHugeResultSummary(b *testing.B) {
	data := replaytest.HugeResult(b, 20_000_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		readSummary(context.Background(), bytes.NewReader(data), nil)
	}
}
