package find

import (
	"cmp"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/repoxhq/repox/model/panetest"
	"github.com/sahilm/fuzzy"
)

// reference is the plain way: fuzzy.Find over every path, ordered by
// score, then shorter path, then path order.
func reference(paths []string, q string) []fuzzy.Match {
	ms := fuzzy.Find(fuzzyQuery(q), paths)
	slices.SortStableFunc(ms, func(a, b fuzzy.Match) int {
		if a.Score != b.Score {
			return cmp.Compare(b.Score, a.Score)
		}
		if len(a.Str) != len(b.Str) {
			return cmp.Compare(len(a.Str), len(b.Str))
		}
		return cmp.Compare(a.Index, b.Index)
	})
	return ms
}

// TestMatchFilesIsFuzzy checks the fast path against the plain one: the
// same matches (count and set), the same best findRankFirst in the same
// order with the same scores and highlighted characters, typed one
// keystroke at a time (narrowing) and from scratch, and every match once
// ranked all the way.
func TestMatchFilesIsFuzzy(t *testing.T) {
	paths := panetest.MonorepoPaths(6000)
	// Names the prefilter must leave to fuzzy: non-ASCII, the Kelvin sign
	// that folds to k, upper case, a NUL (fuzzy stops there).
	paths = append(paths, "nul\x00zq/x.go", "docs/Kelvin/\u212Aey.md", "lib/ſtream/ſort.go", "Web/SRC/Server.TSX", "naïve/café.go", "data/[id]/page.tsx")
	slices.Sort(paths)
	ix := newFileIndex(paths, paths)
	queries := []string{"servauthtok", "model.go", "Key", "kEY", "stream", "sort", "SRC/serv", "café", "ïv", "*.tsx", "[id]", "zzzzq", "a", "e/", "nulzq"}
	for _, q := range queries {
		var base *findMatches
		for i := 1; i <= len(q); i++ {
			if !utf8Start(q, i) {
				continue
			}
			sub := q[:i]
			if fuzzyQuery(sub) == "" {
				// Nothing to match yet ("*"): every path, in path order.
				got := matchFiles(ix, sub, nil, findRankFirst, nil)
				if got.ranked() != len(paths) || !got.complete() {
					t.Fatalf("%q lists %d paths", sub, got.ranked())
				}
				for j, p := range paths {
					if ix.shown(got.hit(j).idx) != p {
						t.Fatalf("%q: row %d is %q, listed %q", sub, j, ix.shown(got.hit(j).idx), p)
					}
				}
				continue
			}
			want := reference(paths, sub)
			for _, got := range []*findMatches{matchFiles(ix, sub, base, findRankFirst, nil), matchFiles(ix, sub, nil, findRankFirst, nil)} {
				if len(got.ids) != len(want) {
					t.Fatalf("%q: %d matches, fuzzy finds %d", sub, len(got.ids), len(want))
				}
				n := min(findRankFirst, len(want))
				if len(got.hits) < n {
					t.Fatalf("%q: %d ranked, want at least %d", sub, len(got.hits), n)
				}
				for j := range n {
					g, w := got.hits[j], want[j]
					if ix.shown(g.idx) != w.Str || g.score != w.Score || !slices.Equal(g.matched, w.MatchedIndexes) {
						t.Fatalf("%q rank %d: got %q (%d %v), fuzzy %q (%d %v)", sub, j, ix.shown(g.idx), g.score, g.matched, w.Str, w.Score, w.MatchedIndexes)
					}
				}
				all := got.rankAll(ix)
				if !all.complete() {
					t.Fatalf("%q: rankAll left %d unranked", sub, len(all.ids)-len(all.hits))
				}
				for j := range want {
					if ix.shown(all.hits[j].idx) != want[j].Str {
						t.Fatalf("%q: fully ranked %d is %q, fuzzy %q", sub, j, ix.shown(all.hits[j].idx), want[j].Str)
					}
				}
			}
			base = matchFiles(ix, sub, base, findRankFirst, nil)
		}
	}
}

// TestPrefilterIsFuzzy checks the claim the prefilter rests on: for ASCII
// paths and queries, fuzzy matches exactly when the query's characters
// occur in order, ignoring case.
func TestPrefilterIsFuzzy(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	const al = "abAB/_.-x"
	for range 200_000 {
		s := make([]byte, rng.IntN(10))
		for i := range s {
			s[i] = al[rng.IntN(len(al))]
		}
		q := make([]byte, 1+rng.IntN(4))
		for i := range q {
			q[i] = al[rng.IntN(len(al))]
		}
		ix := newFileIndex([]string{string(s)}, []string{string(s)})
		pre, _ := prefilterBytes(string(q))
		got := subsequence(ix.lower, pre)
		want := len(fuzzy.Find(string(q), []string{string(s)})) == 1
		if got != want {
			t.Fatalf("path %q query %q: prefilter %v, fuzzy %v", s, q, got, want)
		}
	}
}

// TestScoreBound checks the bounds ranking skips and stops on (the
// query's, and each path's): no path scores above them.
func TestScoreBound(t *testing.T) {
	paths := panetest.MonorepoPaths(3000)
	paths = append(paths, "a", "A/B", "aB/Cd", "a/b/c/d", "ab", "abc/abc")
	paths = append(paths, "aBcD/x", "a_b-c.d", "sErVeR.go", "Ser/Ver", "éÉ/x", "ab/AB/ab")
	for _, q := range []string{"a", "ab", "abc", "s", "se", "ser", "serv", "model", "a/b", "aBcD", "abcd", "/", "a_b", "server", "ée", "ab/ab", "b/a"} {
		for _, m := range fuzzy.Find(q, paths) {
			ix := newFileIndex([]string{m.Str}, []string{m.Str})
			if b := queryBound(q, ix.camel[0]) - len(m.Str); m.Score > b {
				t.Fatalf("%q in %q scores %d, over the bound %d", q, m.Str, m.Score, b)
			}
			pb := newPathBounds(q, queryBound(q, false), queryBound(q, true))
			if b := pb.of(ix, 0); m.Score > b {
				t.Fatalf("%q in %q scores %d, over the path's bound %d", q, m.Str, m.Score, b)
			}
		}
	}
}

// TestMatchFilesStops checks that a stale pass gives up.
func TestMatchFilesStops(t *testing.T) {
	paths := panetest.MonorepoPaths(20_000)
	ix := newFileIndex(paths, paths)
	if r := matchFiles(ix, "s", nil, findRankFirst, func() bool { return true }); r != nil {
		t.Fatalf("a stopped pass answered with %d matches", len(r.ids))
	}
	// Stopped while ranking (on two goroutines, each every other match).
	r := matchFiles(ix, "s", nil, findRankFirst, nil)
	if r.score(ix, findRankFirst, func() bool { return true }) {
		t.Fatalf("a stopped ranking of %d matches answered", len(r.ids))
	}
}

// randomPaths makes n paths over a small alphabet of letters (both cases),
// separators and digits, so runs of the same letter, separators next to
// each other and camel humps are common: the cases fuzzy's bonuses differ
// on.
func randomPaths(rng *rand.Rand, n int) []string {
	const al = "abcab/_.-ABC1"
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		b := make([]byte, 1+rng.IntN(24))
		for i := range b {
			b[i] = al[rng.IntN(len(al))]
		}
		if s := string(b); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

func randomQuery(rng *rand.Rand) string {
	const al = "abcab/_.A"
	b := make([]byte, 1+rng.IntN(7))
	for i := range b {
		b[i] = al[rng.IntN(len(al))]
	}
	return string(b)
}

// TestScoreBoundRandom checks the bounds (the query's, and the path's) on
// random paths and queries: no path scores above them. A bound that is too low drops a path that ranks
// among the best.
func TestScoreBoundRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	paths := randomPaths(rng, 4000)
	for range 400 {
		q := randomQuery(rng)
		for _, m := range fuzzy.Find(q, paths) {
			ix := newFileIndex([]string{m.Str}, []string{m.Str})
			if b := queryBound(q, ix.camel[0]) - len(m.Str); m.Score > b {
				t.Fatalf("%q in %q scores %d, over the bound %d", q, m.Str, m.Score, b)
			}
			pb := newPathBounds(q, queryBound(q, false), queryBound(q, true))
			if b := pb.of(ix, 0); m.Score > b {
				t.Fatalf("%q in %q scores %d, over the path's bound %d", q, m.Str, m.Score, b)
			}
		}
	}
}

// TestMatchFilesIsFuzzyRandom compares the fast path with plain fuzzy.Find
// on random queries over random paths, ranking few first so the bound
// decides which paths are scored at all: the same matches, and the same
// best ones in the same order with the same scores and characters, typed
// one keystroke at a time and from scratch.
func TestMatchFilesIsFuzzyRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	paths := randomPaths(rng, 3000)
	ix := newFileIndex(paths, paths)
	const rank = 20
	for range 300 {
		q := randomQuery(rng)
		var base *findMatches
		for i := 1; i <= len(q); i++ {
			sub := q[:i]
			want := reference(paths, sub)
			for _, got := range []*findMatches{matchFiles(ix, sub, base, rank, nil), matchFiles(ix, sub, nil, rank, nil)} {
				if len(got.ids) != len(want) {
					t.Fatalf("%q: %d matches, fuzzy finds %d", sub, len(got.ids), len(want))
				}
				for j := range min(rank, len(want)) {
					g, w := got.hits[j], want[j]
					if ix.shown(g.idx) != w.Str || g.score != w.Score || !slices.Equal(g.matched, w.MatchedIndexes) {
						t.Fatalf("%q rank %d: got %q (%d %v), fuzzy %q (%d %v)", sub, j, ix.shown(g.idx), g.score, g.matched, w.Str, w.Score, w.MatchedIndexes)
					}
				}
			}
			base = matchFiles(ix, sub, base, rank, nil)
		}
	}
}

// TestIndexOrder: the index order is shortest first, then listing order.
func TestIndexOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	paths := randomPaths(rng, 5000)
	rng.Shuffle(len(paths), func(i, j int) { paths[i], paths[j] = paths[j], paths[i] })
	want := slices.Clone(paths)
	slices.SortStableFunc(want, func(a, b string) int { return cmp.Compare(len(a), len(b)) })
	ix := newFileIndex(paths, paths)
	if !slices.Equal(placed(ix), want) {
		t.Fatalf("the index is not a stable sort by length")
	}
	for p, i := range ix.order {
		if ix.shown(i) != paths[p] {
			t.Fatalf("order[%d] = %d: %q, listed %q", p, i, ix.shown(i), paths[p])
		}
	}
	if ix := newFileIndex(nil, nil); ix.len() != 0 || len(ix.off) != 1 {
		t.Fatalf("an empty index holds %d paths", ix.len())
	}
}

// TestExtendIndexIsNew checks the index built batch by batch, as a
// listing lands, against the one built at once: every field the same.
func TestExtendIndexIsNew(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	paths := randomPaths(rng, 20_000)
	paths = append(paths, "nul\x00zq/x.go", "docs/Kelvin/\u212Aey.md", "naïve/café.go", "", "Web/SRC/Server.TSX", strings.Repeat("long/", 60)+"x")
	rng.Shuffle(len(paths), func(i, j int) { paths[i], paths[j] = paths[j], paths[i] })
	raw := make([]string, len(paths))
	for i, p := range paths {
		raw[i] = "raw:" + p
	}
	want := newFileIndex(raw, paths)
	for range 20 {
		var ix *fileIndex
		for n := 0; n < len(paths); {
			n = min(len(paths), n+rng.IntN(len(paths)/3+1))
			ix = extendIndex(ix, raw[:n], paths[:n])
		}
		if !reflect.DeepEqual(ix, want) {
			t.Fatalf("the index built in batches differs from the one built at once")
		}
	}
}

// TestBlockBound checks the block bounds ranking skips whole blocks on:
// no path in a block scores above its block's bound, on random paths
// (with non-ASCII and empty ones among them) and queries, and on the
// benchmark's paths with what it types.
func TestBlockBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	random := append(randomPaths(rng, 6000), "", "é/ab", "aÉ_b", "AB/ab")
	bench := panetest.MonorepoPaths(6000)
	for _, c := range []struct {
		paths   []string
		queries []string
	}{{random, nil}, {bench, findTyping}} {
		ix := newFileIndex(c.paths, c.paths)
		blocks := ix.blocks()
		qs := c.queries
		for range 120 {
			qs = append(qs, randomQuery(rng))
		}
		for _, q := range qs {
			for i := 1; i <= len(q); i++ {
				sub := q[:i]
				pb := newPathBounds(sub, queryBound(sub, false), queryBound(sub, true))
				for _, m := range fuzzy.Find(sub, placed(ix)) {
					if b := pb.ofBlock(&blocks[m.Index>>blockShift]); m.Score > b {
						t.Fatalf("%q in %q scores %d, over its block's bound %d", sub, m.Str, m.Score, b)
					}
				}
			}
		}
	}
}
