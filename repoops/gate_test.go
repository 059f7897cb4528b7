package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The read-before-edit gate, one rule: a session may change a line only if
// it has seen that line in its current state. Each test is one line of the
// rule (DESIGN.md, "The read-before-edit gate").

func read(t testing.TB, s *Session, name string, offset, limit int) string {
	t.Helper()
	return mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": name, "offset": offset, "limit": limit}))
}

func TestGateEditWithoutReadRefused(t *testing.T) {
	content := []byte("a\nb\nc\nd\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	mustRefuse(t, edit(t, s, "f.txt", "b", "B"), "f.txt has not been read in this session — read it with repo_read_file first (offset=1 limit=4); a change may touch only lines this session has seen")
	mustSame(t, dir, "f.txt", content)
	if v := s.GateCheck("f.txt"); v.Allowed || v.Cause != GateNeverRead {
		t.Fatalf("verdict %+v", v)
	}
}

// A window grants exactly the lines it showed; windows of one version add
// up until every line is seen.
func TestGateWindowGrantsItsLinesAndWindowsAddUp(t *testing.T) {
	content := []byte("a\nb\nc\nd\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	read(t, s, "f.txt", 1, 2)
	mustRefuse(t, edit(t, s, "f.txt", "c", "C"), "f.txt: line 3 has not been read in this session — read it with offset=3 limit=2 first")
	mustRefuse(t, insert(t, s, "f.txt", 3, "x"), "f.txt: line 3 has not been read in this session")
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "f.txt", "content": "x\n"}), "f.txt: lines 3-4 have not been read in this session — read them with offset=3 limit=2 first (seen so far: lines 1-2 of 4; repo_edit and repo_insert may change those)")
	mustRefuse(t, edit(t, s, "f.txt", "b\nc", "bc"), "line 3 has not been read")
	mustSame(t, dir, "f.txt", content)
	if v := s.GateCheck("f.txt"); v.Allowed || v.Cause != GatePartialRead || len(v.Unseen) != 1 || v.Unseen[0] != (LineRange{3, 4}) {
		t.Fatalf("GateCheck after a 2-line window: %+v", v)
	}

	// lines the window showed may change, at the top too
	mustOK(t, edit(t, s, "f.txt", "a", "A"))
	mustOK(t, insert(t, s, "f.txt", 0, "top"))
	mustSame(t, dir, "f.txt", []byte("top\nA\nb\nc\nd\n"))

	// a second window of the same version completes the file
	read(t, s, "f.txt", 4, 2)
	if v := s.GateCheck("f.txt"); !v.Allowed {
		t.Fatalf("every line seen, gate still shut: %s", v.Reason)
	}
	mustOK(t, call(t, s, "repo_write", map[string]any{"path": "f.txt", "content": "new\n"}))
	mustSame(t, dir, "f.txt", []byte("new\n"))
}

// Seed 003: a grant on a clipped read is a data-loss hole. The default
// 1,000-line window on a 1,400-line file still refuses an edit of line
// 1,303, and says which read shows it.
func TestGate1400LinesDefaultWindowRefusesLine1303(t *testing.T) {
	content := []byte(numbered(1400, "line"))
	dir, s := editFixture(t, "big.txt", content, 0o644)
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "big.txt"}))
	mustRefuse(t, edit(t, s, "big.txt", "line 1303\n", "x\n"), "big.txt: line 1,303 has not been read in this session — read it with offset=1001 limit=400 first")
	mustSame(t, dir, "big.txt", content)
	// line 5 was shown: it may change
	mustContain(t, mustOK(t, edit(t, s, "big.txt", "line 5\n", "five\n")), "edited big.txt: 1 replacement at line 5; the file now has 1400 lines")
	read(t, s, "big.txt", 1001, 400)
	out := mustOK(t, edit(t, s, "big.txt", "line 1400\n", "line 1400\nline 1401\nline 1402\n"))
	mustContain(t, out, "edited big.txt: 1 replacement at line 1400; the file now has 1402 lines\n1397→line 1397\n")
}

// Issue 37's walk: a file over the 2,000 lines one read returns, read in
// three windows, is editable anywhere; a gap names the read that fills it.
func TestGateFileOver2000LinesEditableAfterWindows(t *testing.T) {
	content := []byte(numbered(4073, "l"))
	dir, s := editFixture(t, "server.go", content, 0o644)
	read(t, s, "server.go", 1, 2000)
	mustRefuse(t, edit(t, s, "server.go", "l 3050\n", "x\n"), "server.go: line 3,050 has not been read in this session — read it with offset=2001 limit=2000 first")
	read(t, s, "server.go", 2001, 1000)
	read(t, s, "server.go", 3101, 2000)
	mustRefuse(t, edit(t, s, "server.go", "l 3050\n", "x\n"), "server.go: line 3,050 has not been read in this session — read it with offset=3001 limit=100 first")
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "server.go", "content": "x\n"}), "server.go: lines 3,001-3,100 have not been read in this session — read them with offset=3001 limit=100 first")
	read(t, s, "server.go", 3001, 100)
	mustContain(t, mustOK(t, edit(t, s, "server.go", "l 3050\n", "x\n")), "edited server.go: 1 replacement at line 3050; the file now has 4073 lines")
	mustContain(t, mustOK(t, edit(t, s, "server.go", "l 4073\n", "end\n")), "at line 4073")
	mustSame(t, dir, "server.go", []byte(strings.Replace(strings.Replace(string(content), "l 3050\n", "x\n", 1), "l 4073\n", "end\n", 1)))

	// never read: the refusal offers the window around the lines to change
	_, s2 := editFixture(t, "server.go", content, 0o644)
	mustRefuse(t, edit(t, s2, "server.go", "l 3050\n", "x\n"), "server.go has not been read in this session — read it with repo_read_file first (offset=2051 limit=2000)")
	mustRefuse(t, call(t, s2, "repo_write", map[string]any{"path": "server.go", "content": "x\n"}), "(offset=1 limit=2000, offset=2001 limit=2000 and offset=4001 limit=73)")
}

// A line cut at 2,000 characters is never seen; the lines around it are.
func TestGateLongLineIsNeverSeenItsNeighboursAre(t *testing.T) {
	long := []byte("short\n" + strings.Repeat("x", 2500) + "\nafter\n")
	dir, s := editFixture(t, "long.txt", long, 0o644)
	read(t, s, "long.txt", 1, 10)
	mustRefuse(t, edit(t, s, "long.txt", strings.Repeat("x", 2500), "y"), "long.txt: line 2 has 2,500 characters, and repo_read_file shows at most 2,000 of a line, so it can never be seen whole and repox cannot change it — change it with another tool")
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "long.txt", "content": "x\n"}), "line 2 has 2,500 characters", "repo_edit and repo_insert can still change the lines around it")
	if v := s.GateCheck("long.txt"); v.Cause != GateUnreadable {
		t.Fatalf("GateCheck: %+v", v)
	}
	mustSame(t, dir, "long.txt", long)
	mustOK(t, edit(t, s, "long.txt", "short", "SHORT"))
	mustOK(t, edit(t, s, "long.txt", "after", "AFTER"))
	mustOK(t, insert(t, s, "long.txt", 3, "end"))
	mustSame(t, dir, "long.txt", []byte("SHORT\n"+strings.Repeat("x", 2500)+"\nAFTER\nend\n"))
}

// A window of an older version never combines with a newer one: after an
// outside change only what was read since counts.
func TestGateWindowsOfAnOlderVersionDoNotCount(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("a\nb\nc\nd\n"), 0o644)
	read(t, s, "f.txt", 1, 2)
	writeFiles(t, dir, map[string]string{"f.txt": "a\nB\nc\nd\n"})
	read(t, s, "f.txt", 3, 2)
	mustRefuse(t, edit(t, s, "f.txt", "a\n", "A\n"), "f.txt: line 1 has not been read in this session — read it with offset=1 limit=2 first")
	mustOK(t, edit(t, s, "f.txt", "d", "D"))
	mustSame(t, dir, "f.txt", []byte("a\nB\nc\nD\n"))
}

// A window stopped by the 256 KiB cap grants only the lines it printed.
func TestGateByteCutWindowGrantsWhatItPrinted(t *testing.T) {
	line := strings.Repeat("x", 1008) + "\n"
	content := []byte("a" + line + strings.Repeat(line, 255)) // one byte over
	dir, s := editFixture(t, "g.txt", content, 0o644)
	res := call(t, s, "repo_read_file", map[string]any{"path": "g.txt", "limit": 2000})
	if rr, ok := res.Structured.(*ReadResult); !ok || rr.Full || !rr.ByteCut || len(rr.Lines) != 255 {
		t.Fatalf("a read of 256 KiB + 1 should stop after line 255:\n%.300s", res.Text)
	}
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "g.txt", "content": "small\n"}), "g.txt: line 256 has not been read in this session — read it with offset=256 limit=1 first")
	mustSame(t, dir, "g.txt", content)
	mustOK(t, edit(t, s, "g.txt", "ax", "bx"))
	read(t, s, "g.txt", 256, 1)
	mustOK(t, call(t, s, "repo_write", map[string]any{"path": "g.txt", "content": "small\n"}))
	mustSame(t, dir, "g.txt", []byte("small\n"))
}

// E2/E3: an outside write of the same size in the same second, with the
// mtime put back, is caught by the fingerprint (content hash, ctime), not
// by the mtime.
func TestGateOutsideSameSizeWriteSameMtimeIsStale(t *testing.T) {
	content := []byte("alpha\nbeta\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	p := filepath.Join(dir, "f.txt")
	before, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	s.now = func() time.Time { return time.Date(2026, 3, 4, 12, 4, 31, 0, time.Local) }
	fullRead(t, s, "f.txt")
	outside := []byte("ALPHA\nbeta\n")
	if err := os.WriteFile(p, outside, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, before.ModTime(), before.ModTime()); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.Stat(p); after.Size() != before.Size() || !after.ModTime().Equal(before.ModTime()) {
		t.Fatal("fixture: size and mtime should be unchanged")
	}
	mustRefuse(t, edit(t, s, "f.txt", "beta", "gamma"), "f.txt changed on disk since the read at 12:04:31 — read it again before changing it (offset=1 limit=2)")
	mustSame(t, dir, "f.txt", outside)
	if v := s.GateCheck("f.txt"); v.Cause != GateChanged {
		t.Fatalf("verdict %+v", v)
	}
}

// The gate compares the SHA-256 too: a state equal in size, mtime, ctime
// and inode but not in content is stale.
func TestGateDecideComparesContentHash(t *testing.T) {
	_, s := editFixture(t, "f.txt", []byte("x\n"), 0o644)
	fullRead(t, s, "f.txt")
	rec, _ := s.Seen("f.txt")
	st := &fileState{Exists: true, Content: []byte("y\n"), FP: rec.Fingerprint}
	if v := s.decide("f.txt", st, gateNeed{whole: true}); !v.Allowed {
		t.Fatalf("identical fingerprint refused: %+v", v)
	}
	st.FP.SHA256[0] ^= 1
	if v := s.decide("f.txt", st, gateNeed{whole: true}); v.Allowed || v.Cause != GateChanged {
		t.Fatalf("hash-only change allowed: %+v", v)
	}
}

func TestGateCheckIsPureAndOwnChangesKeepWhatWasSeen(t *testing.T) {
	content := []byte("one\ntwo\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	fullRead(t, s, "f.txt")
	rec0, _ := s.Seen("f.txt")
	for range 3 {
		if v := s.GateCheck("f.txt"); !v.Allowed || v.Lines != 2 {
			t.Fatalf("verdict %+v", v)
		}
	}
	if rec, _ := s.Seen("f.txt"); rec.Fingerprint != rec0.Fingerprint || rec.Summary() != rec0.Summary() {
		t.Fatal("GateCheck changed the session")
	}
	mustSame(t, dir, "f.txt", content)
	// edit twice in a row: the first write carries what was seen
	mustOK(t, edit(t, s, "f.txt", "one", "ONE"))
	mustOK(t, edit(t, s, "f.txt", "two", "TWO"))
	mustSame(t, dir, "f.txt", []byte("ONE\nTWO\n"))
	if rec, _ := s.Seen("f.txt"); !rec.All() || rec.Via != "repo_edit" {
		t.Fatalf("what was seen was not carried: %+v", rec)
	}
}

// The session's own change carries what was seen through it: lines shift,
// the lines it wrote are seen, unseen lines stay unseen at their new
// numbers.
func TestGateOwnChangeShiftsSeenLines(t *testing.T) {
	content := []byte(numbered(20, "l"))
	dir, s := editFixture(t, "f.txt", content, 0o644)
	read(t, s, "f.txt", 1, 10)
	mustOK(t, insert(t, s, "f.txt", 5, "n1\nn2\nn3"))
	rec, _ := s.Seen("f.txt")
	if got := rec.Summary(); got != "lines 1-13 of 23" {
		t.Fatalf("after inserting 3 lines into a 1-10 window: %s", got)
	}
	mustOK(t, edit(t, s, "f.txt", "l 10\n", "ten\n"))                                                                                                    // old line 10, now 13
	mustRefuse(t, edit(t, s, "f.txt", "l 11\n", "eleven\n"), "f.txt: line 14 has not been read in this session — read it with offset=14 limit=10 first") // old 11
	mustOK(t, edit(t, s, "f.txt", "l 2\nl 3\n", ""))                                                                                                     // two lines fewer
	rec, _ = s.Seen("f.txt")
	if got := rec.Summary(); got != "lines 1-11 of 21" {
		t.Fatalf("after deleting 2 seen lines: %s", got)
	}
	mustSame(t, dir, "f.txt", []byte("l 1\nl 4\nl 5\nn1\nn2\nn3\nl 6\nl 7\nl 8\nl 9\nten\n"+strings.TrimPrefix(numbered(20, "l"), numbered(10, "l"))))
}

// A change that joins an unseen line onto its own text changes that line:
// it needs it seen.
func TestGateJoiningAnUnseenLineNeedsIt(t *testing.T) {
	content := []byte("a\nb\nc\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	read(t, s, "f.txt", 1, 1)
	mustRefuse(t, edit(t, s, "f.txt", "a\n", "a "), "f.txt: line 2 has not been read in this session — read it with offset=2 limit=2 first")
	mustSame(t, dir, "f.txt", content)
	mustOK(t, edit(t, s, "f.txt", "a\n", "A\n"))
}

func TestGateWriteOfOtherSessionIsStale(t *testing.T) {
	dir, s1 := editFixture(t, "f.txt", []byte("a\nb\n"), 0o644)
	s2 := openSession(t, dir)
	fullRead(t, s1, "f.txt")
	fullRead(t, s2, "f.txt")
	mustOK(t, edit(t, s1, "f.txt", "a", "A"))
	mustRefuse(t, edit(t, s2, "f.txt", "b", "B"), "changed on disk since the read at")
	mustSame(t, dir, "f.txt", []byte("A\nb\n"))
}

// An empty file: any read of it sees it whole; an insert at the top needs
// that read and nothing more.
func TestGateEmptyFile(t *testing.T) {
	dir, s := editFixture(t, "e.txt", nil, 0o644)
	mustRefuse(t, insert(t, s, "e.txt", 0, "x"), "e.txt has not been read in this session — read it with repo_read_file first (offset=1 limit=1)")
	read(t, s, "e.txt", 1, 1)
	mustOK(t, insert(t, s, "e.txt", 0, "x"))
	mustSame(t, dir, "e.txt", []byte("x\n"))
}
