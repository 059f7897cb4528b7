package transcript

import (
	"bytes"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Without WithConversation (sessions, the pane) no message is kept.
func TestConversationOnlyWhenAsked(t *testing.T) {
	rd := NewReader(strings.NewReader(replaytest.ClaudeConversationTranscript(t, t.TempDir(), "hi")))
	for {
		if _, err := rd.Next(); err != nil {
			break
		}
	}
	if msgs := rd.Messages(Call{}); len(msgs) != 0 {
		t.Errorf("%d messages kept by a reader that did not ask", len(msgs))
	}
}

// BenchmarkReadAllConversation10MB: BenchmarkReadAll10MB with the
// conversation collected, as the report reads (its cost over that one).
func BenchmarkReadAllConversation10MB(b *testing.B) {
	data := replaytest.BigTranscript(b, replaytest.TenMB)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		rd := NewReader(bytes.NewReader(data)).WithConversation()
		n := 0
		for {
			c, err := rd.Next()
			if err != nil {
				break
			}
			n += len(rd.Messages(c))
		}
		b.ReportMetric(float64(n), "messages")
	}
}
