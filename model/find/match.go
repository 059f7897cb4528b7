package find

import (
	"cmp"
	"container/heap"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/sahilm/fuzzy"
)

// Find's matching, built for a million paths within a frame or two:
//
//   - Which paths match is decided by a prefilter (members.go): for an
//     ASCII path and query, fuzzy matches exactly when the query's
//     characters occur in the path in order, ignoring case (a test checks
//     this against fuzzy), and that is a few IndexByte calls over a
//     lower-cased copy held in one buffer. Paths with other characters go
//     through fuzzy itself.
//   - When the query only grows, only the last matches can match, and
//     in each only after where the last query's characters ended.
//   - Ranking is fuzzy's score, worked out for ASCII paths and queries by
//     score.go without fuzzy's allocation per match. Paths are indexed
//     shortest first, and a path's score is at most a bound that depends
//     on the query minus the path's length (fuzzy takes one point off per
//     unmatched byte), so scoring in index order can stop once the
//     findRankFirst best so far beat the bound of the next path: nothing
//     after it can rank among them. Before that, a block of paths whose
//     bound cannot beat them is skipped (blocks.go), then a path whose own
//     bound (which query characters can get a position or adjacency
//     bonus in it: bound.go) cannot is not scored. The rest are ranked
//     when the list is scrolled there.
//   - Both run on up to GOMAXPROCS (at most 4) goroutines for big pools,
//     and a pass gives up as soon as a newer keystroke makes it stale.

// findHit is one ranked path: its index, fuzzy's score and the byte
// offsets of the matched characters in its shown form.
type findHit struct {
	idx     int32
	score   int
	matched []int
}

// findMatches is the outcome of one query: every matching path (ids, in
// index order: the pool when the query grows) and the best of them ranked
// (hits, best first). ranked == len(ids) once every match is ranked.
type findMatches struct {
	query string // as typed
	fuzzy string // what fuzzy matched (glob characters dropped)
	ids   []int32
	hits  []findHit
	pool  int // paths this pass looked at (the whole set, or the last matches)
	// inOrder: the empty query, every path in path order. ids is the
	// index's order, shared, and hits is not held: hit(i) is ids[i],
	// unscored (a million findHits would be 40 MB for the GC to scan on
	// every backspace to nothing).
	inOrder bool
	// ends[i]: where, in path ids[i], the query's characters as the
	// prefilter has them end when each is taken at its first chance
	// (-1: the path is left to fuzzy). A query one character longer need
	// only look for that character after it.
	ends []int32
}

// ranked is how many matches are ranked (rows of the list).
func (r *findMatches) ranked() int {
	if r.inOrder {
		return len(r.ids)
	}
	return len(r.hits)
}

// hit is the ranked match i (0 ≤ i < ranked()).
func (r *findMatches) hit(i int) findHit {
	if r.inOrder {
		return findHit{idx: r.ids[i]}
	}
	return r.hits[i]
}

// complete reports whether every match is ranked.
func (r *findMatches) complete() bool { return r.ranked() == len(r.ids) }

// findRankFirst is how many hits a pass ranks before it answers; the rest
// are ranked when the list is scrolled to them.
const findRankFirst = 200

// fuzzyQuery is the query fuzzy matches: glob characters are dropped, as
// fuzzy matching already lets anything come between the characters, so a
// glob typed for repo_find still finds its files in the list.
func fuzzyQuery(q string) string {
	if !strings.ContainsAny(q, "*?[]") {
		return q
	}
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune("*?[]", r) {
			return -1
		}
		return r
	}, q)
}

// findWorkers is how many goroutines a pass uses.
func findWorkers() int { return max(1, min(runtime.GOMAXPROCS(0), 4)) }

// matchFiles runs one query over the index, ranking the best rank of the
// matches (all of them when rank < 0). When the query only grows from
// base's, only base's matches are looked at. stop reports that the answer
// is no longer wanted (a newer keystroke): the pass then gives up early and
// returns nil.
func matchFiles(ix *fileIndex, q string, base *findMatches, rank int, stop func() bool) *findMatches {
	fq := fuzzyQuery(q)
	res := &findMatches{query: q, fuzzy: fq}
	if fq == "" {
		res.ids, res.inOrder, res.pool = ix.order, true, ix.len()
		return res
	}
	var from *findMatches // nil: every path
	n := ix.len()
	if base != nil && base.fuzzy != "" && len(base.ends) == len(base.ids) && strings.HasPrefix(fq, base.fuzzy) && utf8Start(fq, len(base.fuzzy)) {
		from, n = base, len(base.ids)
	}
	res.pool = n
	ids, ends := members(ix, fq, from, stop)
	if ids == nil && n > 0 {
		return nil
	}
	res.ids, res.ends = ids, ends
	if !res.score(ix, rank, stop) {
		return nil
	}
	return res
}

// score ranks the best rank matches (all when rank < 0): fuzzy scores the
// matches in index order (shortest first). Once rank are held, a path
// whose bound cannot beat the worst of them is not scored, and the pass
// stops when no later, longer path can.
func (r *findMatches) score(ix *fileIndex, rank int, stop func() bool) bool {
	plain, camel := queryBound(r.fuzzy, false), queryBound(r.fuzzy, true)
	workers := max(1, min(findWorkers(), len(r.ids)/4096+1))
	if workers == 1 || rank < 0 {
		hits, ok := scoreIDs(ix, r.fuzzy, r.ids, 0, 1, plain, camel, rank, stop)
		r.hits = hits
		slices.SortFunc(r.hits, func(a, b findHit) int { return better(ix, a, b) })
		return ok
	}
	// Each worker takes every workers-th id (so each sees short paths first
	// too) and keeps its own best rank; the best rank of all are among
	// those.
	parts := make([][]findHit, workers)
	oks := make([]bool, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { parts[w], oks[w] = scoreIDs(ix, r.fuzzy, r.ids, w, workers, plain, camel, rank, stop) })
	}
	wg.Wait()
	var all []findHit
	for w := range workers {
		if !oks[w] {
			return false
		}
		all = append(all, parts[w]...)
	}
	slices.SortFunc(all, func(a, b findHit) int { return better(ix, a, b) })
	r.hits = all[:min(len(all), rank)]
	return true
}

// scoreIDs scores all[first], all[first+step], … (index order, so
// shortest first) as fuzzy does and keeps the best rank (all when rank <
// 0). Once rank are held, a path
// whose bound cannot beat the worst of them is not scored, and it stops
// when no later, longer path can. false when stopped.
func scoreIDs(ix *fileIndex, q string, all []int32, first, step, plain, camel, rank int, stop func() bool) ([]findHit, bool) {
	top := max(plain, camel)
	pb := newPathBounds(q, plain, camel)
	aq, asciiQ := asciiQuery(q)
	buf := make([]int, 0, len(q))
	h := &hitHeap{ix: ix}
	blocks, block, skip := ix.blocks(), int32(-1), false
	for i, seen := first, 1; i < len(all); i, seen = i+step, seen+1 {
		id := all[i]
		if seen&1023 == 0 && stop != nil && stop() {
			return nil, false
		}
		full := rank >= 0 && h.Len() >= rank
		if full {
			// A later path of the same length with the same score ranks
			// below, so a bound equal to the worst held is no better.
			worst := h.hits[0].score
			if top-int(ix.off[id+1]-ix.off[id]) <= worst {
				break
			}
			// The worst held only rises, so a block found unable to beat
			// it stays so; one found able is bounded path by path.
			if b := id >> blockShift; b != block {
				block, skip = b, pb.ofBlock(&blocks[b]) <= worst
			}
			if skip || pb.of(ix, id) <= worst {
				continue
			}
		}
		x := findHit{idx: id}
		if asciiQ && ix.ascii[id] {
			s := ""
			if ix.camel[id] {
				s = ix.shown(id)
			}
			score, matched, ok := fuzzyScore(s, ix.lower[ix.off[id]:ix.off[id+1]], aq, buf)
			if !ok {
				continue
			}
			x.score, buf = score, matched
			if full && better(ix, x, h.hits[0]) > 0 {
				continue
			}
			x.matched = slices.Clone(matched)
		} else {
			ms := fuzzy.Find(q, []string{ix.shown(id)})
			if len(ms) == 0 {
				continue
			}
			x.score, x.matched = ms[0].Score, ms[0].MatchedIndexes
		}
		switch {
		case !full:
			heap.Push(h, x)
		case better(ix, x, h.hits[0]) < 0:
			h.hits[0] = x
			heap.Fix(h, 0)
		}
	}
	return h.hits, true
}

// rankAll ranks every match (the list was scrolled past the ranked ones).
func (r *findMatches) rankAll(ix *fileIndex) *findMatches {
	out := *r
	out.score(ix, -1, nil)
	return &out
}

// better orders hits best first: higher score, then the index (shorter
// paths first, then path order).
func better(ix *fileIndex, a, b findHit) int {
	if a.score != b.score {
		return cmp.Compare(b.score, a.score)
	}
	return cmp.Compare(a.idx, b.idx)
}

// hitHeap keeps the best hits seen, the worst of them on top.
type hitHeap struct {
	ix   *fileIndex
	hits []findHit
}

func (h *hitHeap) Len() int           { return len(h.hits) }
func (h *hitHeap) Less(i, j int) bool { return better(h.ix, h.hits[i], h.hits[j]) > 0 }
func (h *hitHeap) Swap(i, j int)      { h.hits[i], h.hits[j] = h.hits[j], h.hits[i] }
func (h *hitHeap) Push(x any)         { h.hits = append(h.hits, x.(findHit)) }
func (h *hitHeap) Pop() any {
	x := h.hits[len(h.hits)-1]
	h.hits = h.hits[:len(h.hits)-1]
	return x
}
