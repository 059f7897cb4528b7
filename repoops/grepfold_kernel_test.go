package repoops

import (
	"fmt"
	"strings"
	"testing"
)

// The pairIndex scan of a case-insensitive search (two runes with one-term
// lead sets: ASCII letters here) only proposes candidates; every one is
// verified under full simple case folding. So an ASCII pattern still finds
// LONG S (ſ) for s and KELVIN SIGN (K) for k in a file of non-ASCII text,
// still refuses look-alikes (ś, К), and counts exactly what the reference
// (strings.EqualFold on every window) counts — at every alignment within
// and across the 16-byte blocks of the scan.
func TestGrepFoldPairScanKeepsUnicodeFolding(t *testing.T) {
	spellings := []string{"mask", "MASK", "ma\u017fk", "MA\u017f\u212a", "mas\u212a", "Ma\u017F\u212A", // match
		"ma\u015bk", "ma\u0455k", "mas\u041a", "m a s k", "mak", "maskk"} // ś, Cyrillic ѕ and К, split: only maskk matches
	var b strings.Builder
	want := 0
	for i := range 200 {
		sp := spellings[i%len(spellings)]
		line := strings.Repeat("é", i%7) + strings.Repeat("x", i%23) + sp + " Grüße \u212a\u017f " + strings.Repeat("y", i%5)
		if s, _ := refFoldIndex([]byte(line), "mask"); s >= 0 {
			want++
		}
		b.WriteString(line + "\n")
	}
	if want != 16*7+6 { // 16 rounds of 12 spellings (7 match), then 8 (6 match)
		t.Fatalf("fixture: %d matching lines", want)
	}
	for _, pat := range []string{"mask", "MASK", "maſk"} {
		f := newFoldFinder(pat)
		if got := foldStrategy(f); got != "kernel pair" && pat != "maſk" {
			t.Fatalf("%q: strategy %s, want the pairIndex scan", pat, got)
		}
		dir := plainDir(t, map[string]string{"text.txt": b.String()})
		s := openSession(t, dir)
		out := mustOK(t, call(t, s, "repo_grep", map[string]any{"pattern": pat, "case_sensitive": false}))
		if exp := fmt.Sprintf("(showing 5 of %d matching lines in 1 file", want); !strings.Contains(out, exp) {
			t.Errorf("%q: want %q in\n%s", pat, exp, out)
		}
		if !strings.Contains(out, "text.txt:3: éé"+strings.Repeat("x", 2)+"ma\u017fk") || !strings.Contains(out, "text.txt:4: "+strings.Repeat("é", 3)+strings.Repeat("x", 3)+"MA\u017f\u212a") {
			t.Errorf("%q: the ſ and K spellings are not shown in\n%s", pat, out)
		}
	}
}
