package find

import (
	"runtime"
	"sync"
	"unicode/utf8"
)

// The file set find matches against, indexed once per version of the
// listing. A listing only grows (a new one has a new generation), and a
// million-path listing lands in batches, each version wanting its index:
// extendIndex builds the next version's from the last, copying the old
// paths' data length class by length class and working out only the new
// paths', so indexing the whole set costs one pass over its paths however
// many batches it came in.
//
// The index holds no strings of its own: a place names its path by its
// position in the listing (src), read from the set's own slices, so the
// collector has no million strings of the index to scan and a new
// version copies no pointers. (The new paths are filled in listing
// order, writing each to its place: filling in place order instead,
// reading each path where it is listed, measured 3x slower on 1M paths,
// a chain of dependent cache misses per path.)

// fileIndex is the file set find matches against, built once per listing.
// Paths are held shortest first (then in path order): see the bound above.
type fileIndex struct {
	rawSet   []string // the listing's raw paths (the set's, shared)
	shownSet []string // repoops.DisplayPath of each (the set's, shared)
	src      []int32  // the listing position of the path at each place
	lower    []byte   // shown(i) lower-cased (ASCII only) at off[i]:off[i+1]
	off      []int32
	ascii    []bool  // shown(i) is pure ASCII without NUL: the prefilter decides for it
	camel    []bool  // shown(i) may hold an upper-case letter (ASCII, or any non-ASCII)
	order    []int32 // places in the listing's order (path order), for an empty query

	bonus []bonusSet // shown(i)'s, for pathBounds (anyBonus when not ASCII)
	pairs []pairSet  // shown(i)'s, for pathBounds (anyPair when not ASCII)

	// starts[l] is where the paths of l bytes begin (they end at
	// starts[l+1]); len(starts) is the longest path's length + 2.
	starts []int32

	blocksOnce sync.Once
	blockSets  []pathBlock // blocks(), once asked for
}

// raw is the repo-relative raw path at place i.
func (ix *fileIndex) raw(i int32) string { return ix.rawSet[ix.src[i]] }

// shown is repoops.DisplayPath of the path at place i.
func (ix *fileIndex) shown(i int32) string { return ix.shownSet[ix.src[i]] }

// newFileIndex indexes the listed paths (raw and shown in listing order).
func newFileIndex(raw, shown []string) *fileIndex { return extendIndex(nil, raw, shown) }

// extendIndex indexes the listed paths (raw and shown in listing order,
// not to be changed while the index is in use) given old, the index of
// the first old.len() of them (nil: none), which it reads and does not
// change.
func extendIndex(old *fileIndex, raw, shown []string) *fileIndex {
	if old == nil {
		old = &fileIndex{starts: []int32{0, 0}}
	}
	n0, n := old.len(), len(shown)
	longest := len(old.starts) - 2
	for _, s := range shown[n0:] {
		longest = max(longest, len(s))
	}
	oldCount := func(l int) int32 {
		if l+1 < len(old.starts) {
			return old.starts[l+1] - old.starts[l]
		}
		return 0
	}
	added := make([]int32, longest+1)
	for _, s := range shown[n0:] {
		added[len(s)]++
	}
	ix := &fileIndex{rawSet: raw[:n:n], shownSet: shown[:n:n], src: make([]int32, n), off: make([]int32, n+1), ascii: make([]bool, n), camel: make([]bool, n), bonus: make([]bonusSet, n), pairs: make([]pairSet, n), order: make([]int32, n), starts: make([]int32, longest+2)}
	byteStart := make([]int, longest+1)
	pos, bytes := int32(0), 0
	for l := range longest + 1 {
		ix.starts[l], byteStart[l] = pos, bytes
		c := oldCount(l) + added[l]
		pos += c
		bytes += int(c) * l
	}
	ix.starts[longest+1] = pos
	ix.lower = make([]byte, bytes)
	for l := range longest + 1 {
		for i := ix.starts[l]; i < ix.starts[l+1]; i++ {
			ix.off[i] = int32(byteStart[l] + int(i-ix.starts[l])*l)
		}
	}
	ix.off[n] = int32(bytes)
	// The old paths: each length class is one block in old and in ix.
	for l := range longest + 1 {
		oc := oldCount(l)
		if oc == 0 {
			continue
		}
		from, to := old.starts[l], ix.starts[l]
		copy(ix.src[to:to+oc], old.src[from:from+oc])
		copy(ix.ascii[to:to+oc], old.ascii[from:from+oc])
		copy(ix.camel[to:to+oc], old.camel[from:from+oc])
		copy(ix.bonus[to:to+oc], old.bonus[from:from+oc])
		copy(ix.pairs[to:to+oc], old.pairs[from:from+oc])
		copy(ix.lower[ix.off[to]:ix.off[to+oc]], old.lower[old.off[from]:old.off[from+oc]])
	}
	for p := range n0 {
		l := len(shown[p])
		ix.order[p] = old.order[p] - old.starts[l] + ix.starts[l]
	}
	// The new paths go after the old ones of their length, in listing order.
	next := make([]int32, longest+1)
	for l := range next {
		next[l] = ix.starts[l] + oldCount(l)
	}
	for p := n0; p < n; p++ {
		l := len(shown[p])
		ix.order[p], ix.src[next[l]] = next[l], int32(p)
		next[l]++
	}
	ix.fill(shown, n0)
	var runs []placeRun
	for l := range longest + 1 {
		if added[l] > 0 {
			runs = append(runs, placeRun{ix.starts[l] + oldCount(l), ix.starts[l+1]})
		}
	}
	ix.fillSets(runs, n-n0)
	return ix
}

// fill works out the lower-cased bytes and the flags of the listed paths
// from n0 on (their places set in order, src too), on a few goroutines
// for a big batch: each writes only its own paths' places.
func (ix *fileIndex) fill(shown []string, n0 int) {
	n := len(shown)
	workers := max(1, min(runtime.GOMAXPROCS(0), 4, (n-n0)/32768+1))
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := n0+(n-n0)*w/workers, n0+(n-n0)*(w+1)/workers
		wg.Go(func() {
			for p := lo; p < hi; p++ {
				ix.fillPath(ix.order[p], shown[p])
			}
		})
	}
	wg.Wait()
}

// fillPath sets the lower-cased bytes and the flags of the path s at
// place i.
func (ix *fileIndex) fillPath(i int32, s string) {
	low := ix.lower[ix.off[i]:ix.off[i+1]]
	a, up := true, false
	for j := 0; j < len(s); j++ {
		c := s[j]
		if c >= utf8.RuneSelf {
			a, up = false, true
		} else if c == 0 {
			a = false // fuzzy stops at a NUL: leave the path to it
		} else if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
			up = true
		}
		low[j] = c
	}
	ix.ascii[i], ix.camel[i] = a, up
}

// placeRun is the places lo..hi-1: the new paths of one length.
type placeRun struct{ lo, hi int32 }

// fillSets works out the bound sets of the new paths, whose places are
// the runs (count in all), from their lower-cased bytes, in place order:
// 48 bytes a path written where fill has just written the flags, and read
// from one buffer, not scattered. Each of a few goroutines takes an equal
// share of the places.
func (ix *fileIndex) fillSets(runs []placeRun, count int) {
	workers := max(1, min(runtime.GOMAXPROCS(0), 4, count/32768+1))
	var wg sync.WaitGroup
	for w := range workers {
		skip, take := count*w/workers, count*(w+1)/workers-count*w/workers
		wg.Go(func() {
			for _, r := range runs {
				lo := r.lo + int32(min(skip, int(r.hi-r.lo)))
				skip -= int(lo - r.lo)
				hi := lo + int32(min(take, int(r.hi-lo)))
				take -= int(hi - lo)
				for i := lo; i < hi; i++ {
					ix.fillSetsOf(i)
				}
				if take == 0 {
					return
				}
			}
		})
	}
	wg.Wait()
}

// fillSetsOf sets the bound sets of the path at place i.
func (ix *fileIndex) fillSetsOf(i int32) {
	switch low := ix.lower[ix.off[i]:ix.off[i+1]]; {
	case !ix.ascii[i]:
		ix.bonus[i], ix.pairs[i] = anyBonus, anyPair
	case ix.camel[i]:
		ix.bonus[i], ix.pairs[i] = setsOf(ix.shown(i), low)
	default:
		ix.bonus[i], ix.pairs[i] = setsOf(low, low)
	}
}

func (ix *fileIndex) len() int { return len(ix.src) }
