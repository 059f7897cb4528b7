package repoops

import (
	"strings"
	"testing"
)

// A case-insensitive pattern scanned by its lead bytes (ſ: s, S and the
// LONG S's first byte) costs, per matching line, about the distance to the
// next match: a lead byte missing from the file (no ſ anywhere) is not
// searched for to the file's end on every call, which made a file with
// many matching lines cost lines × size (gosrc's repo_grep "ſ" took 8 s of
// CPU and its git listing was stopped at 20 s).
func TestFoldFewLeadsCostFollowsTheMatch(t *testing.T) {
	data := []byte(strings.Repeat("a line of text that holds an s\n", 20000) + strings.Repeat("y S \u017f\n", 100) + strings.Repeat("no match\n", 1000))
	m := newMatcher("\u017f", false)
	if m.fold == nil || foldStrategy(m.fold) != "few" {
		t.Fatalf("the pattern should be scanned by its lead bytes, not %v", m.fold)
	}
	scanned := 0
	testHookFewScan = func(n int) { scanned += n }
	defer func() { testHookFewScan = nil }()
	if n := eachMatch(data, m, nil); n != 20100 {
		t.Fatalf("counted %d matching lines, want 20100", n)
	}
	t.Logf("searched %d bytes for a %d-byte file", scanned, len(data))
	if limit := 8 * len(data); scanned > limit {
		t.Fatalf("the lead bytes were searched over %d bytes for a %d-byte file (more than %d): the cost grows with lines × size", scanned, len(data), limit)
	}
	dir := plainDir(t, map[string]string{"s.txt": string(data)})
	out := mustOK(t, call(t, openSession(t, dir), "repo_grep", map[string]any{"pattern": "\u017f", "case_sensitive": false}))
	if !strings.Contains(out, "(showing 5 of 20,100 matching lines in 1 file") {
		t.Errorf("want 20,100 matching lines in\n%s", out)
	}
}
