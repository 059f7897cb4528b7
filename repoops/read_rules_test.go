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

// The growth bound is "more than": a read that ends exactly at the size
// the file had when opened plus the slack is whole, not refused. With no
// slack, any file read to its end reaches exactly that bound.
func TestReadEndingExactlyAtTheGrowBoundIsWhole(t *testing.T) {
	dir := plainDir(t, map[string]string{"a.txt": "one\ntwo\nthree\n", "b.txt": "no final newline"})
	saved := readGrowSlack
	readGrowSlack = 0
	defer func() { readGrowSlack = saved }()
	s := openSession(t, dir)
	for _, name := range []string{"a.txt", "b.txt"} {
		text := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": name}))
		if strings.Contains(text, "kept growing") {
			t.Errorf("%s read to exactly its size was refused:\n%s", name, text)
		}
	}
	mustContain(t, mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "a.txt"})), "3→three")
}

// An edit's result shows the lines around the change exactly as
// repo_read_file shows them: a line over 2,000 characters (here the one the
// edit wrote) is cut at 2,000 characters, not bytes, with the same count.
func TestEditResultCutsALongLineAsTheReadDoes(t *testing.T) {
	long := strings.Repeat("é", readLineChars+700)
	s := openSession(t, plainDir(t, map[string]string{"f.txt": "a\nb\nc\n"}))
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "f.txt"}))
	edited := mustOK(t, call(t, s, "repo_edit", map[string]any{"path": "f.txt", "old_string": "b\n", "new_string": long + "\n"}))
	read := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "f.txt"}))
	var line2 string
	for _, l := range strings.Split(read, "\n") {
		if strings.HasPrefix(l, "2"+ReadLineSep) {
			line2 = l
		}
	}
	if !strings.Contains(line2, strings.Repeat("é", readLineChars)) || strings.Contains(line2, strings.Repeat("é", readLineChars+1)) {
		t.Fatalf("the read does not cut line 2 at %d characters: %.80q…", readLineChars, line2)
	}
	mustContain(t, edited, line2)
}
