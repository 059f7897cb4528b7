package repoops

import (
	"strings"
	"testing"
)

// The gate's boundaries, each on both sides: the window's last line, the
// 2,000-line read cap, the 2,000-character line cap and the 256 KiB
// output cap. A line a read showed whole is seen; one line, character or
// byte more and that line is not.

func TestGateWindowEndsExactlyAtItsLastLine(t *testing.T) {
	content := []byte(numbered(5, "l"))
	dir, s := editFixture(t, "f.txt", content, 0o644)
	read(t, s, "f.txt", 1, 4)
	mustRefuse(t, edit(t, s, "f.txt", "l 5\n", "x\n"), "f.txt: line 5 has not been read in this session — read it with offset=5 limit=1 first")
	mustContain(t, mustOK(t, edit(t, s, "f.txt", "l 4\n", "four\n")), "edited f.txt: 1 replacement at line 4")
	mustSame(t, dir, "f.txt", []byte(numbered(3, "l")+"four\nl 5\n"))
	read(t, s, "f.txt", 5, 1)
	mustContain(t, mustOK(t, edit(t, s, "f.txt", "l 5\n", "x\n")), "edited f.txt: 1 replacement at line 5")
	mustSame(t, dir, "f.txt", []byte(numbered(3, "l")+"four\nx\n"))
}

func TestGate2000LineWindowOf2001Lines(t *testing.T) {
	content := []byte(numbered(2000, "l"))
	dir, s := editFixture(t, "f.txt", content, 0o644)
	fullRead(t, s, "f.txt")
	mustContain(t, mustOK(t, edit(t, s, "f.txt", "l 2000\n", "end\n")), "edited f.txt: 1 replacement at line 2000; the file now has 2000 lines")
	mustSame(t, dir, "f.txt", []byte(numbered(1999, "l")+"end\n"))

	over := []byte(numbered(2001, "l"))
	dir2, s2 := editFixture(t, "g.txt", over, 0o644)
	read(t, s2, "g.txt", 1, 2000)
	mustRefuse(t, edit(t, s2, "g.txt", "l 2001\n", "end\n"), "g.txt: line 2,001 has not been read in this session — read it with offset=2001 limit=1 first")
	mustSame(t, dir2, "g.txt", over)
	mustOK(t, edit(t, s2, "g.txt", "l 2000\n", "end\n"))
}

func TestGateLineOfExactly2000CharactersIsSeen2001IsNot(t *testing.T) {
	// multi-byte characters: the cap counts characters, not bytes
	content := []byte("top\n" + strings.Repeat("é", 2000) + "\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	fullRead(t, s, "f.txt")
	mustContain(t, mustOK(t, edit(t, s, "f.txt", "éé\n", "e\n")), "edited f.txt: 1 replacement at line 2")
	mustSame(t, dir, "f.txt", []byte("top\n"+strings.Repeat("é", 1998)+"e\n"))

	over := []byte("top\n" + strings.Repeat("é", 2001) + "\n")
	dir2, s2 := editFixture(t, "g.txt", over, 0o644)
	read(t, s2, "g.txt", 1, 1000)
	mustRefuse(t, edit(t, s2, "g.txt", "éé\n", "e\n"), "g.txt: line 2 has 2,001 characters, and repo_read_file shows at most 2,000 of a line")
	mustSame(t, dir2, "g.txt", over)
	mustOK(t, edit(t, s2, "g.txt", "top", "TOP"))
}

// A read returns lines until their text plus 16 bytes each would pass
// 256 KiB. 256 lines of 1,008 characters are exactly 256 KiB: read whole,
// every line seen. One character more and the last line is not shown, so
// not seen.
func TestGateTextOfExactly256KiBIsSeenWholeOneByteMoreIsNot(t *testing.T) {
	line := strings.Repeat("x", 1008) + "\n"
	content := []byte("a" + line[1:] + strings.Repeat(line, 255))
	dir, s := editFixture(t, "f.txt", content, 0o644)
	fullRead(t, s, "f.txt")
	mustOK(t, call(t, s, "repo_write", map[string]any{"path": "f.txt", "content": "b\n"}))
	mustSame(t, dir, "f.txt", []byte("b\n"))

	over := []byte("a" + line + strings.Repeat(line, 255))
	dir2, s2 := editFixture(t, "g.txt", over, 0o644)
	read(t, s2, "g.txt", 1, 2000)
	if v := s2.GateCheck("g.txt"); v.Allowed || len(v.Unseen) != 1 || v.Unseen[0] != (LineRange{256, 256}) {
		t.Fatalf("the line past the cap should be the one unseen line: %+v", v)
	}
	mustSame(t, dir2, "g.txt", over)
}
