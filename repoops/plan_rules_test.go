package repoops

import (
	"strings"
	"testing"
)

// An overwrite says how many lines it added and removed, counted on the
// line diff of the old and new content.
func TestOverwriteCountsAddedAndRemovedLines(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("a\nb\nc\n"), 0o644)
	fullRead(t, s, "f.txt")
	got := mustOK(t, call(t, s, "repo_write", map[string]any{"path": "f.txt", "content": "a\nx\ny\nc\n"}))
	mustContain(t, got, "overwrote f.txt: the file now has 4 lines (it had 3; 2 lines added, 1 line removed)")
	mustSame(t, dir, "f.txt", []byte("a\nx\ny\nc\n"))
	got = mustOK(t, call(t, s, "repo_write", map[string]any{"path": "f.txt", "content": "c\n"}))
	mustContain(t, got, "(it had 4; 0 lines added, 3 lines removed)")
}

// Text of exactly 8 MiB is accepted and a result of exactly 8 MiB is
// written; the caps refuse only what is over them.
func TestEditOfExactly8MiBIsWritten(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("a"), 0o644)
	fullRead(t, s, "f.txt")
	big := strings.Repeat("x", editMaxBytes)
	mustOK(t, edit(t, s, "f.txt", "a", big))
	mustSame(t, dir, "f.txt", []byte(big))

	dir2, s2 := editFixture(t, "g.txt", []byte("a\n"), 0o644)
	fullRead(t, s2, "g.txt")
	mustOK(t, call(t, s2, "repo_insert", map[string]any{"path": "g.txt", "after_line": 1, "content": strings.Repeat("y", editMaxBytes-3)}))
	mustSame(t, dir2, "g.txt", []byte("a\n"+strings.Repeat("y", editMaxBytes-3)+"\n"))
}

// A NUL anywhere in new text is refused, also as its first byte.
func TestNULAsTheFirstByteOfNewTextIsRefused(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("a\n"), 0o644)
	fullRead(t, s, "f.txt")
	mustRefuse(t, edit(t, s, "f.txt", "a", "\x00b"), "new_string contains a NUL byte")
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "g.txt", "content": "\x00"}), "content contains a NUL byte")
	mustSame(t, dir, "f.txt", []byte("a\n"))
}

// The miss refusal counts the occurrences in words ("once", "3 times"),
// says how often each line holds one, and past 1,000 lines counts the rest.
func TestMissRefusalCountsOccurrencesAndLines(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("a\nxx b\n"), 0o644)
	fullRead(t, s, "f.txt")
	mustRefuse(t, call(t, s, "repo_edit", map[string]any{"path": "f.txt", "old_string": "a", "new_string": "c", "expected_count": 2}),
		"f.txt: old_string occurs once, at line 1, but expected_count is 2")
	mustRefuse(t, edit(t, s, "f.txt", "x", "y"), "f.txt: old_string occurs 2 times, at line 2 (2 times) —")

	dir2, s2 := editFixture(t, "g.txt", []byte("x\nx x\n"), 0o644)
	fullRead(t, s2, "g.txt")
	mustRefuse(t, edit(t, s2, "g.txt", "x", "y"), "g.txt: old_string occurs 3 times, at lines 1 and 2 (2 times) —")

	many := []byte(strings.Repeat("m\n", 1003))
	dir3, s3 := editFixture(t, "h.txt", many, 0o644)
	fullRead(t, s3, "h.txt")
	got := mustRefuse(t, edit(t, s3, "h.txt", "m", "n"), "h.txt: old_string occurs 1003 times, at lines 1, 2, 3, ")
	mustContain(t, got, ", 998, 999, 1000 and 3 more lines —")
	mustSame(t, dir, "f.txt", []byte("a\nxx b\n"))
	mustSame(t, dir2, "g.txt", []byte("x\nx x\n"))
	mustSame(t, dir3, "h.txt", many)
}
