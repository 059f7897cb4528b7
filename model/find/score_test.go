package find

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/repoxhq/repox/model/panetest"
	"github.com/sahilm/fuzzy"
)

// checkScore compares fuzzyScore with fuzzy itself on one path and query:
// whether it matches, the score, and the matched offsets.
func checkScore(t *testing.T, path, q string) {
	t.Helper()
	ix := newFileIndex([]string{path}, []string{path})
	aq, ok := asciiQuery(q)
	if !ok || !ix.ascii[0] {
		t.Fatalf("%q in %q: not ASCII", q, path)
	}
	ms := fuzzy.Find(q, []string{path})
	forms := []string{path}
	if !ix.camel[0] {
		forms = append(forms, "") // no upper case: the lower-cased bytes alone
	}
	for _, s := range forms {
		score, matched, hit := fuzzyScore(s, ix.lower, aq, make([]int, 0, 4))
		if hit != (len(ms) == 1) {
			t.Fatalf("%q in %q: matches %v, fuzzy %v", q, path, hit, len(ms) == 1)
		}
		if hit && (score != ms[0].Score || !slices.Equal(matched, ms[0].MatchedIndexes)) {
			t.Fatalf("%q in %q: %d %v, fuzzy %d %v", q, path, score, matched, ms[0].Score, ms[0].MatchedIndexes)
		}
	}
}

// TestScoreIsFuzzy checks our scorer against sahilm/fuzzy: on random
// paths and queries over an alphabet where runs of one letter, camel
// humps, separators side by side and both cases are common (the cases
// fuzzy's bonuses turn on), and on the benchmark's paths with every
// prefix of what the benchmark types.
func TestScoreIsFuzzy(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const al = "abcaAB/_.-\\ 1"
	for range 300_000 {
		s := make([]byte, 1+rng.IntN(16))
		for i := range s {
			s[i] = al[rng.IntN(len(al))]
		}
		q := make([]byte, 1+rng.IntN(5))
		for i := range q {
			q[i] = al[rng.IntN(len(al))]
		}
		checkScore(t, string(s), string(q))
	}
	paths := panetest.MonorepoPaths(3000)
	for _, typed := range append(findTyping, "SERVER", "Go", "/a", "a_b", "...", "tsx") {
		for i := 1; i <= len(typed); i++ {
			for _, p := range paths {
				checkScore(t, p, typed[:i])
			}
		}
	}
}
