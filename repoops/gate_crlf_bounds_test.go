package repoops

import (
	"strings"
	"testing"
)

// The 256 KiB count is of the text a read shows, and a read shows a CRLF
// line without its \r: 256 lines of 1,008 characters and \r\n are exactly
// the cap, every line shown and seen, like the LF file of the same text.
// Counting the line break (or the \r) would leave the last line unseen.
func TestGateCRLFTextAtExactly256KiBIsSeenWhole(t *testing.T) {
	line := strings.Repeat("x", 1008) + "\r\n"
	content := []byte("a" + line[1:] + strings.Repeat(line, 255))
	dir, s := editFixture(t, "f.txt", content, 0o644)
	fullRead(t, s, "f.txt")
	if v := s.GateCheck("f.txt"); !v.Allowed {
		t.Fatalf("a full read of a CRLF file at the cap should see every line: %s", v.Reason)
	}
	mustOK(t, edit(t, s, "f.txt", "a", "b"))
	mustSame(t, dir, "f.txt", append([]byte("b"), content[1:]...))

	over := []byte("a" + line + strings.Repeat(line, 255))
	dir2, s2 := editFixture(t, "g.txt", over, 0o644)
	res := call(t, s2, "repo_read_file", map[string]any{"path": "g.txt", "limit": 2000})
	if rr, ok := res.Structured.(*ReadResult); !ok || rr.Full || !rr.ByteCut {
		t.Fatalf("a CRLF read of 256 KiB + 1 should be cut at the output cap:\n%.300s", res.Text)
	}
	mustRefuse(t, call(t, s2, "repo_write", map[string]any{"path": "g.txt", "content": "b\n"}), "g.txt: line 256 has not been read in this session")
	mustSame(t, dir2, "g.txt", over)
}
