package repoops

import (
	"strings"
	"testing"
)

// TestSharedTextIsTheToolsText ties the exported helpers to the text the
// tools render: the TUI draws a cut line and the read format with them, so
// they must be the very wording of the model text.
func TestSharedTextIsTheToolsText(t *testing.T) {
	r := &ReadResult{Path: "a.txt", Offset: 1, Limit: 1, TotalLines: 1,
		Lines: []ReadLine{{N: 1, Text: "abc", CutChars: 12345}}}
	want := "1" + ReadLineSep + "abc" + LineCutMarker(12345)
	if got := r.Render(); !strings.HasSuffix(got, "\n"+want) {
		t.Errorf("read text %q does not end with the shared line format %q", got, want)
	}
	e := &ChangeResult{Path: "a.txt", Region: [][]ReadLine{{{N: 7, Text: "x", CutChars: 2000}}}}
	want = "7" + ReadLineSep + "x" + LineCutMarker(2000)
	if got := e.Render(); !strings.Contains(got, "\n"+want) {
		t.Errorf("edit text %q does not hold the shared line format %q", got, want)
	}
	for n, want := range map[int]string{ReadMaxOutput: "256 KiB", 8 << 20: "8 MiB", 12 << 10: "12 KiB", 1000: "1,000 bytes", 1: "1 byte"} {
		if got := SizeText(n); got != want {
			t.Errorf("SizeText(%d) = %q, want %q", n, got, want)
		}
	}
	if Commas(-1234567) != "-1,234,567" || Plural(1, "file", "files") != "1 file" || Plural(2000, "file", "files") != "2,000 files" {
		t.Errorf("Commas/Plural")
	}
}
