package repoops

import (
	"testing"
)

// Edits and inserts on every line-ending form, each with its exact bytes
// after: the file keeps its final-newline state and its breaks, a mixed
// file's untouched lines stay byte-identical, and explicit \r\n or \n in
// old_string picks the breaks of the replacement.
func TestEditFormsExactBytes(t *testing.T) {
	for _, c := range []struct{ why, file, old, new, want string }{
		{"end edit, new ends in \\n: the final newline stays single", "a\nb\n", "b\n", "c\n", "a\nc\n"},
		{"end edit, new without \\n: the final newline comes back", "a\nb\n", "b\n", "c\nd", "a\nc\nd\n"},
		{"CRLF end edit: the final newline comes back as \\r\\n", "a\r\nb\r\n", "b\n", "c\nd", "a\r\nc\r\nd\r\n"},
		{"CRLF, stray \\r, no final newline: the break new brought is dropped", "a\r\nb\rc", "c", "d\n", "a\r\nb\rd"},
		{"CRLF, stray \\r, no final newline: the stray \\r is matched as a byte", "a\r\nb\rc", "b\rc", "x", "a\r\nx"},
		{"CRLF, no final newline: a \\r new brings is kept", "a\r\nb\rc", "c", "d\r", "a\r\nb\rd\r"},
		{"mixed, old with only \\r\\n: new's breaks become \\r\\n", "a\r\nb\nc\r\n", "a\r\nb", "x\ny", "x\r\ny\nc\r\n"},
		{"mixed, old with only \\n: new's breaks become \\n", "a\r\nb\nc\r\n", "b\nc", "y\r\nz", "a\r\ny\nz\r\n"},
		{"mixed, old with both: new is taken as given", "a\r\nb\nc\r\n", "a\r\nb\n", "1\n2\r\n3", "1\n2\r\n3c\r\n"},
		{"mixed starting with \\n: new takes the break of its line", "\na\r\nb", "a", "x\ny", "\nx\r\ny\r\nb"},
		{"mixed, last line without a break: the break of the line before", "\na\r\nb", "b", "x\ny", "\na\r\nx\r\ny"},
		{"mixed, old written with \\n matches a \\r\\n stretch", "a\nb\r\nc\r\n", "b\nc", "B\nC", "a\nB\r\nC\r\n"},
		{"mixed, old written with \\r\\n matches a \\n stretch", "a\r\nb\nc\n", "b\r\nc", "B\r\nC", "a\r\nB\nC\n"},
		{"BOM kept", utf8BOM + "x\n", "x", "y", utf8BOM + "y\n"},
		{"no final newline, end edit to a blank last line keeps its break", "a\nb", "b", "c\n\n", "a\nc\n\n"},
		{"no final newline, the whole file replaced by a lone break: the break goes too", "a", "a", "\n", ""},
	} {
		form, body := splitForm([]byte(c.file))
		ch, miss, noop := applyEdit(body, form, c.old, c.new, 1)
		if miss != nil || noop {
			t.Errorf("%s: %q %q -> %q: miss %+v noop %v", c.why, c.file, c.old, c.new, miss, noop)
			continue
		}
		if got := string(joinForm(form, ch.Body)); got != c.want {
			t.Errorf("%s: %q %q -> %q:\n got %q\nwant %q", c.why, c.file, c.old, c.new, got, c.want)
		}
		if want, _, ok, _ := oracleEdit(c.file, c.old, c.new, 1); !ok || want != c.want {
			t.Errorf("%s: the fuzz oracle disagrees: %q", c.why, want)
		}
	}
}

func TestInsertFormsExactBytes(t *testing.T) {
	for _, c := range []struct {
		why, file string
		after     int
		content   string
		want      string
	}{
		{"after a blank line", "a\n\nb\n", 2, "x", "a\n\nx\nb\n"},
		{"mixed, after a blank \\n line: the line's own break", "a\r\n\nb\r\n", 2, "x", "a\r\n\nx\nb\r\n"},
		{"mixed, after a \\r\\n line", "a\n\r\nb\n", 2, "x\ny", "a\n\r\nx\r\ny\r\nb\n"},
		{"mixed starting with \\n, at the top: line 1's break", "\nb\r\nc\n", 0, "x", "x\n\nb\r\nc\n"},
		{"mixed starting with \\r\\n, at the top", "\r\nb\nc\n", 0, "x", "x\r\n\r\nb\nc\n"},
		{"mixed, after an unterminated last line: the break of the line before, still unterminated", "a\r\nb\nc", 3, "x", "a\r\nb\nc\nx"},
		{"mixed, after an unterminated last line after \\r\\n", "a\nb\r\nc", 3, "x\n", "a\nb\r\nc\r\nx"},
		{"CRLF, at the end", "a\r\nb\r\n", 2, "x\ny\n", "a\r\nb\r\nx\r\ny\r\n"},
		{"no final newline, a blank last inserted line keeps its break", "a", 1, "x\n\n", "a\nx\n\n"},
	} {
		form, body := splitForm([]byte(c.file))
		ch, _ := applyInsert(body, form, c.after, c.content)
		if got := string(joinForm(form, ch.Body)); got != c.want {
			t.Errorf("%s: %q after %d %q:\n got %q\nwant %q", c.why, c.file, c.after, c.content, got, c.want)
		}
	}
}

// In a mixed file a refusal reports the first way of matching that found
// old_string at all: as given, else with its breaks as \r\n, else as \n.
func TestEditMissInAMixedFileReportsTheFirstMatchingForm(t *testing.T) {
	content := []byte("a\r\nx\ny\r\nx\ny\n")
	dir, s := editFixture(t, "m.txt", content, 0o644)
	fullRead(t, s, "m.txt")
	// as given (\r\n) it is nowhere; as \n it occurs twice
	mustRefuse(t, edit(t, s, "m.txt", "x\r\ny", "z"), "m.txt: old_string occurs 2 times, at lines 2 and 4")
	mustSame(t, dir, "m.txt", content)

	content2 := []byte("q\r\nr\nq\r\nr\nq\nr\nq\nr\nq\nr\n")
	dir2, s2 := editFixture(t, "n.txt", content2, 0o644)
	fullRead(t, s2, "n.txt")
	// as given it occurs twice (lines 1 and 3): that is the count reported,
	// not the three of its \n form
	mustRefuse(t, edit(t, s2, "n.txt", "q\r\nr", "z"), "n.txt: old_string occurs 2 times, at lines 1 and 3")
	mustSame(t, dir2, "n.txt", content2)
}
