package repoops

import (
	"strings"
	"testing"
)

func TestInsertPositionsWithAndWithoutFinalNewline(t *testing.T) {
	cases := []struct {
		name, before string
		after        int
		content      string
		want         string
		head         string
	}{
		{"top", "a\nb\n", 0, "x", "x\na\nb\n", "inserted 1 line at the top of f.txt; the file now has 3 lines"},
		{"middle", "a\nb\n", 1, "x\ny\n", "a\nx\ny\nb\n", "inserted 2 lines after line 1 of f.txt; the file now has 4 lines"},
		{"append", "a\nb\n", 2, "x", "a\nb\nx\n", "inserted 1 line after line 2 of f.txt"},
		{"top no final newline", "a\nb", 0, "x", "x\na\nb", "the file now has 3 lines"},
		{"append no final newline", "a\nb", 2, "x\ny\n", "a\nb\nx\ny", "inserted 2 lines after line 2 of f.txt; the file now has 4 lines"},
		{"blank line", "a\nb\n", 1, "\n", "a\n\nb\n", "inserted 1 line after line 1"},
		{"crlf", "a\r\nb\r\n", 1, "x\ny", "a\r\nx\r\ny\r\nb\r\n", "inserted 2 lines"},
		{"crlf append no final newline", "a\r\nb", 2, "x", "a\r\nb\r\nx", "inserted 1 line"},
		{"bom top", utf8BOM + "a\n", 0, "x", utf8BOM + "x\na\n", "inserted 1 line at the top"},
		{"mixed takes the local break", "a\r\nb\nc\r\n", 1, "x\ny", "a\r\nx\r\ny\r\nb\nc\r\n", "inserted 2 lines"},
		{"empty file", "", 0, "x\ny", "x\ny\n", "the file now has 2 lines"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, s := editFixture(t, "f.txt", []byte(c.before), 0o644)
			fullRead(t, s, "f.txt")
			out := mustOK(t, insert(t, s, "f.txt", c.after, c.content))
			mustContain(t, out, c.head)
			mustSame(t, dir, "f.txt", []byte(c.want))
			// the line count matches the read tool's
			res := call(t, s, "repo_read_file", map[string]any{"path": "f.txt"})
			if rr := res.Structured.(*ReadResult); rr.TotalLines != CountLines([]byte(c.want)) {
				t.Fatalf("read counts %d lines, CountLines %d", rr.TotalLines, CountLines([]byte(c.want)))
			}
		})
	}
}

func TestInsertPastTheEndRefusedNotClamped(t *testing.T) {
	content := []byte(numbered(1400, "l"))
	dir, s := editFixture(t, "f.txt", content, 0o644)
	fullRead(t, s, "f.txt")
	mustRefuse(t, insert(t, s, "f.txt", 1401, "x"), "after_line 1401 is past the end: f.txt has 1400 lines (after_line=1400 appends)")
	mustRefuse(t, insert(t, s, "f.txt", -1, "x"), "after_line must be from 0")
	mustRefuse(t, call(t, s, "repo_insert", map[string]any{"path": "f.txt", "after_line": float64(1 << 62), "content": "x"}), "after_line")
	mustRefuse(t, call(t, s, "repo_insert", map[string]any{"path": "f.txt", "content": "x"}), `argument "after_line" is required`)
	mustRefuse(t, insert(t, s, "f.txt", 1, ""), "content is empty")
	mustSame(t, dir, "f.txt", content)
	mustContain(t, mustOK(t, insert(t, s, "f.txt", 1400, "end")), "after line 1400 of f.txt; the file now has 1401 lines")
	if got := string(readBytes(t, dir, "f.txt")); !strings.HasSuffix(got, "l 1400\nend\n") {
		t.Fatalf("appended wrongly: %q", got[len(got)-20:])
	}

	dir2, s2 := editFixture(t, "e.txt", nil, 0o644)
	fullRead(t, s2, "e.txt")
	mustRefuse(t, insert(t, s2, "e.txt", 1, "x"), "after_line 1 is past the end: e.txt has 0 lines (after_line=0 appends)")
	mustSame(t, dir2, "e.txt", []byte{})
}
