package repoops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestGateEditWithoutReadRefused(t *testing.T) {
	content := []byte("a\nb\nc\nd\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	mustRefuse(t, edit(t, s, "f.txt", "b", "B"), "f.txt has not been read in this session", "read it in full with repo_read_file first")
	mustSame(t, dir, "f.txt", content)
	if v := s.GateCheck("f.txt"); v.Allowed || v.Cause != GateNeverRead {
		t.Fatalf("verdict %+v", v)
	}
}

func TestGatePartialReadLimit2Of4Refused(t *testing.T) {
	content := []byte("a\nb\nc\nd\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "f.txt", "limit": 2}))
	mustRefuse(t, edit(t, s, "f.txt", "a", "A"), "f.txt was not read in full: the last read showed lines 1-2 of 4 — read with limit>=4 first")
	mustRefuse(t, insert(t, s, "f.txt", 0, "x"), "lines 1-2 of 4 — read with limit>=4 first")
	mustRefuse(t, call(t, s, "repo_write", map[string]any{"path": "f.txt", "content": "x\n"}), "lines 1-2 of 4")
	mustSame(t, dir, "f.txt", content)

	// a later read from the middle is partial too, even after a full one
	fullRead(t, s, "f.txt")
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "f.txt", "offset": 3}))
	mustRefuse(t, edit(t, s, "f.txt", "a", "A"), "lines 3-4 of 4 — read it from the top (offset 1) with limit>=4 first")
	mustSame(t, dir, "f.txt", content)
}

func TestGate1400LinesDefaultLimitRefusedThenLimit2000Allowed(t *testing.T) {
	content := []byte(numbered(1400, "line"))
	dir, s := editFixture(t, "big.txt", content, 0o644)
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "big.txt"}))
	mustRefuse(t, edit(t, s, "big.txt", "line 1400\n", "last\n"), "lines 1-1000 of 1400 — read with limit>=1400 first")
	mustSame(t, dir, "big.txt", content)

	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "big.txt", "limit": 2000}))
	out := mustOK(t, edit(t, s, "big.txt", "line 1400\n", "line 1400\nline 1401\nline 1402\n"))
	mustContain(t, out, "edited big.txt: 1 replacement at line 1400; the file now has 1402 lines\n1397→line 1397\n")
}

func TestGateFileOver2000LinesSaysItCannotBeReadInFull(t *testing.T) {
	content := []byte(numbered(2500, "l"))
	dir, s := editFixture(t, "huge.txt", content, 0o644)
	mustRefuse(t, edit(t, s, "huge.txt", "l 5\n", "x\n"), "it has 2,500 lines, more than the 2,000 one repo_read_file call returns", "can never be read in full")
	mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "huge.txt", "limit": 2000}))
	txt := mustRefuse(t, edit(t, s, "huge.txt", "l 5\n", "x\n"), "can never be read in full")
	mustNotContain(t, txt, "limit>=2500")
	mustSame(t, dir, "huge.txt", content)

	long := []byte("short\n" + strings.Repeat("x", 2500) + "\n")
	dir2, s2 := editFixture(t, "long.txt", long, 0o644)
	fullReadAttempt := call(t, s2, "repo_read_file", map[string]any{"path": "long.txt"})
	mustOK(t, fullReadAttempt)
	mustRefuse(t, edit(t, s2, "long.txt", "short", "x"), "line 2 has 2,500 characters")
	mustSame(t, dir2, "long.txt", long)
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
	mustRefuse(t, edit(t, s, "f.txt", "beta", "gamma"), "f.txt changed on disk since the read at 12:04:31 — read it again")
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
	rec, _ := s.LastRead("f.txt")
	st := &fileState{Exists: true, Content: []byte("y\n"), FP: rec.Fingerprint}
	if v := s.decide("f.txt", st); !v.Allowed {
		t.Fatalf("identical fingerprint refused: %+v", v)
	}
	st.FP.SHA256[0] ^= 1
	if v := s.decide("f.txt", st); v.Allowed || v.Cause != GateChanged {
		t.Fatalf("hash-only change allowed: %+v", v)
	}
}

func TestGateCheckIsPureAndWriteRefreshesGrant(t *testing.T) {
	content := []byte("one\ntwo\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	fullRead(t, s, "f.txt")
	rec0, _ := s.LastRead("f.txt")
	for range 3 {
		if v := s.GateCheck("f.txt"); !v.Allowed || v.Lines != 2 {
			t.Fatalf("verdict %+v", v)
		}
	}
	if rec, _ := s.LastRead("f.txt"); rec != rec0 {
		t.Fatal("GateCheck changed the session")
	}
	mustSame(t, dir, "f.txt", content)
	// edit twice in a row: the first write refreshes the grant
	mustOK(t, edit(t, s, "f.txt", "one", "ONE"))
	mustOK(t, edit(t, s, "f.txt", "two", "TWO"))
	mustSame(t, dir, "f.txt", []byte("ONE\nTWO\n"))
	if rec, _ := s.LastRead("f.txt"); !rec.Full || rec.Via != "repo_edit" {
		t.Fatalf("grant not refreshed: %+v", rec)
	}
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
