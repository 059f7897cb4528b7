package repoops

import (
	"strings"
	"testing"
)

// The read tool's footers at their boundaries: a default read of exactly
// 2,000 lines can be completed with one limit, one of 2,001 cannot; a
// window ending exactly at the last line is not truncated; the cuts say
// where to go on.
func TestReadFootersAtTheirBoundaries(t *testing.T) {
	_, s := editFixture(t, "a.txt", []byte(numbered(2000, "l")), 0o644)
	out := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "a.txt"}))
	if !strings.HasSuffix(out, "\n1000→l 1000\n(truncated) — use limit>=2000 to read all lines") {
		t.Fatalf("default read of 2000 lines ends:\n%s", out[len(out)-120:])
	}
	out = mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "a.txt", "offset": 1001, "limit": 1000}))
	if !strings.HasPrefix(out, "a.txt — lines 1001-2000 of 2000\n") || !strings.HasSuffix(out, "\n2000→l 2000") {
		t.Fatalf("the last window of 2000 lines:\n%.60s … %s", out, out[len(out)-40:])
	}
	out = mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "a.txt", "offset": 1500, "limit": 100}))
	if !strings.HasSuffix(out, "\n1599→l 1599\n(truncated) — lines 1600-2000 not shown: continue with offset=1600") {
		t.Fatalf("a middle window ends:\n%s", out[len(out)-120:])
	}
	if out := mustOK(t, call(t, s, "repo_read_file", map[string]any{"path": "a.txt", "offset": 2000})); out != "a.txt — lines 2000-2000 of 2000\n2000→l 2000" {
		t.Fatalf("offset at the last line: %q", out)
	}
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "a.txt", "offset": 2001}), "offset 2,001 is past the end: a.txt has 2,000 lines — use an offset from 1 to 2,000")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "a.txt", "limit": 2001}), "limit")
	mustRefuse(t, call(t, s, "repo_read_file", map[string]any{"path": "a.txt", "limit": 0}), "limit")

	_, s2 := editFixture(t, "b.txt", []byte(numbered(2001, "l")), 0o644)
	out = mustOK(t, call(t, s2, "repo_read_file", map[string]any{"path": "b.txt"}))
	if !strings.HasSuffix(out, "\n1000→l 1000\n(truncated) — 2,001 lines in all, more than one read returns (limit is at most 2000): continue with offset=1001") {
		t.Fatalf("default read of 2001 lines ends:\n%s", out[len(out)-160:])
	}
	out = mustOK(t, call(t, s2, "repo_read_file", map[string]any{"path": "b.txt", "limit": 2000}))
	if !strings.HasSuffix(out, "\n2000→l 2000\n(truncated) — 2,001 lines in all, more than one read returns (limit is at most 2000): continue with offset=2001") {
		t.Fatalf("read of 2001 lines with limit 2000 ends:\n%s", out[len(out)-160:])
	}
	_, s3 := editFixture(t, "e.txt", nil, 0o644)
	if out := mustOK(t, call(t, s3, "repo_read_file", map[string]any{"path": "e.txt"})); out != "e.txt — empty file (0 lines)" {
		t.Fatalf("empty file: %q", out)
	}
	mustRefuse(t, call(t, s3, "repo_read_file", map[string]any{"path": "e.txt", "offset": 2}), "offset 2 is past the end: e.txt is empty (0 lines) — read it with offset 1")
}
