package repoops

import (
	"strings"
	"testing"
)

// The gate's boundaries, each on both sides: the limit its advice names
// (limit>=N), the 2,000-line and 2,000-character read caps, and the
// 256 KiB output cap. A file one read can return whole is editable; one
// byte, line or character more and it can never be read in full.

func TestGateReadWithLimitEqualToLineCountGrants(t *testing.T) {
	content := []byte(numbered(5, "l"))
	dir, s := editFixture(t, "f.txt", content, 0o644)
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "f.txt", "limit": 4}))
	mustRefuse(t, edit(t, s, "f.txt", "l 5\n", "x\n"), "the last read showed lines 1-4 of 5 — read with limit>=5 first")
	mustSame(t, dir, "f.txt", content)
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "f.txt", "limit": 5}))
	mustContain(t, mustOK(t, edit(t, s, "f.txt", "l 5\n", "x\n")), "edited f.txt: 1 replacement at line 5")
	mustSame(t, dir, "f.txt", []byte(numbered(4, "l")+"x\n"))
}

func TestGateExactly2000LinesIsEditable2001IsNot(t *testing.T) {
	content := []byte(numbered(2000, "l"))
	dir, s := editFixture(t, "f.txt", content, 0o644)
	fullRead(t, s, "f.txt")
	mustContain(t, mustOK(t, edit(t, s, "f.txt", "l 2000\n", "end\n")), "edited f.txt: 1 replacement at line 2000; the file now has 2000 lines")
	mustSame(t, dir, "f.txt", []byte(numbered(1999, "l")+"end\n"))

	over := []byte(numbered(2001, "l"))
	dir2, s2 := editFixture(t, "g.txt", over, 0o644)
	mustOK(t, call(t, s2, "repo_read_file", map[string]any{"path": "g.txt", "limit": 2000}))
	mustRefuse(t, edit(t, s2, "g.txt", "l 2001\n", "end\n"), "it has 2,001 lines, more than the 2,000 one repo_read_file call returns", "can never be read in full")
	mustSame(t, dir2, "g.txt", over)
}

func TestGateLineOfExactly2000CharactersIsEditable2001IsNot(t *testing.T) {
	// multi-byte characters: the cap counts characters, not bytes
	content := []byte("top\n" + strings.Repeat("é", 2000) + "\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	fullRead(t, s, "f.txt")
	mustContain(t, mustOK(t, edit(t, s, "f.txt", "top", "TOP")), "edited f.txt: 1 replacement at line 1")
	mustSame(t, dir, "f.txt", []byte("TOP\n"+strings.Repeat("é", 2000)+"\n"))

	over := []byte("top\n" + strings.Repeat("é", 2001) + "\n")
	dir2, s2 := editFixture(t, "g.txt", over, 0o644)
	mustOK(t, call(t, s2, "repo_read_file", map[string]any{"path": "g.txt"}))
	mustRefuse(t, edit(t, s2, "g.txt", "top", "TOP"), "line 2 has 2,001 characters, and a read cuts lines at 2,000", "can never be read in full")
	mustSame(t, dir2, "g.txt", over)
}

// A read returns lines until their text plus 16 bytes each would pass
// 256 KiB; the gate counts the same way. 256 lines of 1,008 characters
// are exactly 256 KiB: read whole and editable. One character more and
// the read is cut, and the gate says the file can never be read in full.
func TestGateTextOfExactly256KiBIsEditableOneByteMoreIsNot(t *testing.T) {
	line := strings.Repeat("x", 1008) + "\n"
	content := []byte("a" + line[1:] + strings.Repeat(line, 255))
	dir, s := editFixture(t, "f.txt", content, 0o644)
	fullRead(t, s, "f.txt")
	mustOK(t, edit(t, s, "f.txt", "a", "b"))
	mustSame(t, dir, "f.txt", append([]byte("b"), content[1:]...))

	over := []byte("a" + line + strings.Repeat(line, 255))
	dir2, s2 := editFixture(t, "g.txt", over, 0o644)
	res := call(t, s2, "repo_read_file", map[string]any{"path": "g.txt", "limit": 2000})
	if rr, ok := res.Structured.(*ReadResult); !ok || rr.Full || !rr.ByteCut {
		t.Fatalf("a read of 256 KiB + 1 should be cut at the output cap:\n%.300s", res.Text)
	}
	mustRefuse(t, edit(t, s2, "g.txt", "a", "b"), "its text is over the 256 KiB one repo_read_file call returns", "can never be read in full")
	mustRefuse(t, call(t, s2, "repo_write", map[string]any{"path": "g.txt", "content": "small\n"}), "can never be read in full")
	mustSame(t, dir2, "g.txt", over)
}

// A read cut at the output cap or with long lines cut is partial, and the
// refusal says which cut it was — also when the file has since become
// small enough to read whole (the gate then asks for a new full read, not
// for "another tool").
func TestGatePartialReadSaysWhichCapCutIt(t *testing.T) {
	line := strings.Repeat("x", 1008) + "\n"
	big := []byte(strings.Repeat(line, 300))
	dir, s := editFixture(t, "f.txt", big, 0o644)
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "f.txt", "limit": 2000}))
	writeFiles(t, dir, map[string]string{"f.txt": "small\n"})
	mustRefuse(t, edit(t, s, "f.txt", "small", "x"), "f.txt was not read in full: the last read showed lines 1-256 of 300, cut at the 256 KiB output cap — read with limit>=1 first")
	mustSame(t, dir, "f.txt", []byte("small\n"))

	long := []byte("a\n" + strings.Repeat("y", 2001) + "\n")
	dir2, s2 := editFixture(t, "g.txt", long, 0o644)
	mustOK(t, call(t, s2, "repo_read_file", map[string]any{"path": "g.txt"}))
	writeFiles(t, dir2, map[string]string{"g.txt": "a\nb\n"})
	mustRefuse(t, edit(t, s2, "g.txt", "a", "x"), "g.txt was not read in full: the last read showed lines 1-2 of 2, with long lines cut — read with limit>=2 first")
	mustSame(t, dir2, "g.txt", []byte("a\nb\n"))
}
