package transcript

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// The title is read from the head only: a prompt past titleHeadMax bytes,
// or one in a first record longer than that, leaves it empty.
func TestTitleReadFromTheHeadOnly(t *testing.T) {
	dir := t.TempDir()
	pad := map[string]any{"type": "file-history-snapshot", "pad": strings.Repeat("x", titleHeadMax)}
	prompt := map[string]any{"type": "user", "cwd": dir, "timestamp": "2026-01-30T18:19:00.000Z", "message": map[string]any{"role": "user", "content": "late prompt"}}
	head := &HeadTap{}
	head.Write([]byte(replaytest.JSONLine(t, pad) + replaytest.JSONLine(t, prompt)))
	if len(head.Buf) != titleHeadMax {
		t.Fatalf("head kept %d bytes, want %d", len(head.Buf), titleHeadMax)
	}
	if got := SessionTitle(AgentClaude, head.Buf); got != "" {
		t.Errorf("a prompt past the head was read: %q", got)
	}
	// a prompt cut by the head's bound is not half-read either
	long := map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": strings.Repeat("y", titleHeadMax)}}
	head = &HeadTap{}
	head.Write([]byte(replaytest.JSONLine(t, long)))
	if got := SessionTitle(AgentClaude, head.Buf); got != "" {
		t.Errorf("a cut prompt was read: %q", got)
	}
	// a long prompt is cut to titleMaxRunes
	short := &HeadTap{}
	short.Write([]byte(replaytest.JSONLine(t, map[string]any{"type": "user", "message": map[string]any{"content": strings.Repeat("é", 500)}})))
	if got := SessionTitle(AgentClaude, short.Buf); len([]rune(got)) != titleMaxRunes || !strings.HasSuffix(got, "…") {
		t.Errorf("long title: %d runes", len([]rune(got)))
	}
	// bidi and zero-width characters are made visible
	if got := cleanTitle("a\u202eb\u200bc"); got != "a⇄b␢c" {
		t.Errorf("clean title %q", got)
	}
}
