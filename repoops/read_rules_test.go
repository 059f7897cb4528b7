package repoops

import (
	"strings"
	"testing"
)

// A line longer than the 64 KiB read buffer is read to its end: its cut
// characters are all counted, and the lines after it are read.
func TestLineLongerThanTheReadBufferIsCountedToItsEnd(t *testing.T) {
	long := strings.Repeat("x", 70000)
	s := openSession(t, plainDir(t, map[string]string{"f.txt": "a\n" + long + "\nb\n"}))
	res := call(t, s, "repo_read_file", map[string]any{"path": "f.txt"})
	mustOK(t, res)
	rr, ok := res.Structured.(*ReadResult)
	if !ok || rr.TotalLines != 3 || len(rr.Lines) != 3 || rr.Lines[2].Text != "b" {
		t.Fatalf("want 3 lines, the last b:\n%.300s", res.Text)
	}
	if got := rr.Lines[1]; got.Text != long[:2000] || got.CutChars != 68000 {
		t.Fatalf("line 2: %d characters shown, %d cut; want 2,000 and 68,000", len(got.Text), got.CutChars)
	}
}

// A read cut at the output cap says where to go on: the line after the
// last one shown.
func TestByteCutFooterContinuesAfterTheLastLine(t *testing.T) {
	line := strings.Repeat("x", 1008) + "\n"
	s := openSession(t, plainDir(t, map[string]string{"f.txt": strings.Repeat(line, 300)}))
	got := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "f.txt", "limit": 2000}))
	mustContain(t, got, "(output cut at 256 KiB after line 256 — continue with offset=257)")
	got = mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "f.txt", "offset": 10, "limit": 2000}))
	mustContain(t, got, "(output cut at 256 KiB after line 265 — continue with offset=266)")
}
