package repoops

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFindFoldIsToLowerContains: repo_find's in-place test says exactly
// what lowering the path and searching it says — whether it matches and
// whether its last part does — for ASCII paths in any case, queries whose
// rarest byte is a letter, a digit or punctuation, at every place in the
// path, repeated and overlapping candidates, and paths that are not ASCII
// (K, the Kelvin sign, lowers to k; İ to i).
func TestFindFoldIsToLowerContains(t *testing.T) {
	reference := func(p, lq string) (bool, bool) {
		lp := strings.ToLower(p)
		if !strings.Contains(lp, lq) {
			return false, false
		}
		return true, strings.Contains(lp[strings.LastIndexByte(lp, '/')+1:], lq)
	}
	queries := []string{"test", "zq", "a", "_test.go", "x/y", "aab", "k", "ki", "é", "i", "/", ".", "9z", "abcabd", "kelvin"}
	paths := []string{
		"", "test", "TEST", "a/Test_x.go", "src/x/y/z", "x/Y", "aaab/aab", "aab", "AAAB", "abcabcabd", "ABCABCABD/q",
		"\u212aelvin/x", "dir/\u212aELVIN", "\u0130", "é/É", "caf\u00e9/test", "zq", "ZQ/zQ/Zq", "9Z", "k/K/k",
		"x_test.go/", "a.b.c", strings.Repeat("a", 70) + "b",
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = "aAbBkKtTeEsS/._9zZq\u212a\u0130"
	runes := []rune(alphabet)
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteRune(runes[rng.IntN(len(runes))])
		}
		paths = append(paths, b.String())
	}
	for range 200 {
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			b.WriteRune(runes[rng.IntN(len(runes))])
		}
		queries = append(queries, strings.ToLower(b.String()))
	}
	hits := 0
	for _, q := range queries {
		lq := strings.ToLower(q)
		m := newFindFold(lq)
		for _, p := range paths {
			ok, name := m.match(p)
			wok, wname := reference(p, lq)
			if ok != wok || name != wname {
				t.Fatalf("query %q, path %q: match %v, name %v; lowering says %v, %v", lq, p, ok, name, wok, wname)
			}
			if ok {
				hits++
			}
		}
	}
	if hits < 1000 {
		t.Fatalf("only %d matches: the cases do not exercise matching", hits)
	}
}
