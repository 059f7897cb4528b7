package repoops

import "testing"

// A multi-line replacement at the end of a file without a final newline
// is reported at the line where it starts, and the file stays without one.
func TestEditAtTheEndOfAFileWithoutFinalNewlineReportsWhereItStarts(t *testing.T) {
	for _, c := range []struct{ before, old, new, want, text string }{
		{"a\nb", "a\nb", "x\ny\n", "x\ny", "edited f.txt: 1 replacement at line 1; the file now has 2 lines\n1→x\n2→y"},
		{"q\nb", "b", "c\nd\n", "q\nc\nd", "edited f.txt: 1 replacement at line 2; the file now has 3 lines\n1→q\n2→c\n3→d"},
	} {
		dir, s := editFixture(t, "f.txt", []byte(c.before), 0o644)
		fullRead(t, s, "f.txt")
		if got := mustOK(t, edit(t, s, "f.txt", c.old, c.new)); got != c.text {
			t.Errorf("%q: %q -> %q:\n got %q\nwant %q", c.before, c.old, c.new, got, c.text)
		}
		mustSame(t, dir, "f.txt", []byte(c.want))
	}
}

// Replacements of every length relative to old_string, down to 8 and
// more bytes shorter, are written exactly.
func TestEditReplacementsShorterAndLongerThanTheOld(t *testing.T) {
	for _, n := range []int{0, 1, 2, 8, 9, 10, 17, 40} {
		old := "abcdefghijklmnopq"[:min(n+1, 17)]
		for _, repl := range []string{"", "Z", "ZZZZZZZZZZZZZZZZZZZZZZZZZZ"} {
			content := []byte("<" + old + ">\n")
			dir, s := editFixture(t, "f.txt", content, 0o644)
			fullRead(t, s, "f.txt")
			mustOK(t, edit(t, s, "f.txt", old, repl))
			mustSame(t, dir, "f.txt", []byte("<"+repl+">\n"))
		}
	}
}
