package find

import (
	"slices"
	"strings"
	"unicode"
)

// Bounds on fuzzy's score, so ranking can skip the paths that cannot rank
// among the best and stop once no later path can.
//
// Fuzzy's score for a path is the sum, over the query's runes, of the score
// of the position each is matched at, less one point per byte of the path
// not matched. Per rune it gives at most: for the first, 10 at the start,
// or 20 after a separator or at a camel hump less a leading penalty of at
// least 5 (so 15), or -5 with neither; for each other, 20 after a
// separator or at a camel hump, else 0, or, right after the previous
// matched rune, the adjacency bonus plus 20 when that rune is also after a
// separator (the previous query rune is one) or at a camel hump (both are
// letters). The adjacency bonus is twice the running bonus plus 5, and the
// running bonus grows by it whenever the character right after the last
// match is a candidate, even when another candidate scores more and is
// taken: so the e-th time it is 5·3^(e-1) (5, 15, 45, …), at most once per
// rune. The best sequence of those choices is found over the number of
// times so far.

// bonusSet is the bytes (lower-cased) that stand, in an ASCII path, where
// fuzzy gives a position bonus: after a separator, or an upper-case letter
// after a lower-case one. A query rune whose byte is not in it gets none.
type bonusSet [2]uint64

func (b *bonusSet) add(c byte)      { b[c>>6] |= 1 << (c & 63) }
func (b *bonusSet) has(c byte) bool { return b[c>>6]&(1<<(c&63)) != 0 }

// anyBonus is the set of a path that is not pure ASCII: every rune may get
// a bonus.
var anyBonus = bonusSet{^uint64(0), ^uint64(0)}

// pairSet holds, hashed, the pairs of adjacent bytes (lower-cased) of an
// ASCII path: a query rune can get the adjacency bonus only where its pair
// with the previous rune occurs.
type pairSet [4]uint64

func pairHash(a, b byte) uint32 { return (uint32(a)*131 + uint32(b)) & 255 }

func (p *pairSet) add(a, b byte) { h := pairHash(a, b); p[h>>6] |= 1 << (h & 63) }
func (p *pairSet) has(a, b byte) bool {
	h := pairHash(a, b)
	return p[h>>6]&(1<<(h&63)) != 0
}

var anyPair = pairSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}

// sepByte marks fuzzy's separators among bytes.
var sepByte = func() (t [256]bool) {
	for _, c := range []byte("/-_ .\\") {
		t[c] = true
	}
	return t
}()

// setsOf is an ASCII path's bonusSet and pairSet, from the path s and its
// lower-cased bytes (s may be those bytes when it has no upper case).
func setsOf[S string | []byte](s S, lower []byte) (b bonusSet, p pairSet) {
	for j := 1; j < len(s); j++ {
		q, c, lc := s[j-1], s[j], lower[j]
		p.add(lower[j-1], lc)
		if sepByte[q] || 'a' <= q && q <= 'z' && 'A' <= c && c <= 'Z' {
			b.add(lc)
		}
	}
	return b, p
}

// scoreBound is the most fuzzy can score the query rs, plus the length of
// the path in bytes (the bound for a path of n bytes is scoreBound - n).
// first is the most its first rune can score; bonus(i) says whether rune i
// may get a position bonus, adj(i) whether it may be matched right after
// rune i-1 (the adjacency bonus); camel whether the path may hold an
// upper-case letter.
func scoreBound(rs []rune, first int, bonus, adj func(i int) bool, camel bool) int {
	k := len(rs)
	if k == 0 {
		return 0
	}
	const none = -1 << 60
	best := []int{first} // best[t]: the highest total with t adjacency bonuses so far
	for i := 1; i < k; i++ {
		pos, extra, near := 0, 0, adj(i)
		if bonus(i) {
			pos = 20
			if isFuzzySep(rs[i-1]) || camel && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i]) {
				extra = 20
			}
		}
		next := make([]int, len(best)+1)
		for t := range next {
			next[t] = none
		}
		run := 0
		for t, v := range best {
			if t > 0 {
				run += run*2 + 5
			}
			if run > 1<<40 { // far beyond any path: no bound
				return 1 << 50
			}
			if v == none {
				continue
			}
			next[t] = max(next[t], v+pos)
			if near {
				next[t+1] = max(next[t+1], v+max(pos, run*2+5+extra))
			}
		}
		best = next
	}
	return slices.Max(best) + k
}

// queryBound bounds q's score in any path (see scoreBound); camel says
// whether the path may hold an upper-case letter.
func queryBound(q string, camel bool) int {
	yes := func(int) bool { return true }
	return scoreBound([]rune(q), 15, yes, yes, camel)
}

// isFuzzySep is fuzzy's list of separators.
func isFuzzySep(r rune) bool { return strings.ContainsRune("/-_ .\\", r) }

// pathBounds bounds one query's score path by path: for an ASCII path, by
// which query runes are in its bonusSet, which pairs of them in its
// pairSet, and whether its first byte is the first rune's; for any other,
// queryBound. The bound for each combination is worked out once, when
// first met. One per goroutine.
type pathBounds struct {
	rs           []rune
	pre          []byte // the query's bytes as the prefilter has them; nil: use the query's bound
	plain, camel int    // queryBound without and with camel humps
	known        map[uint32]int
}

// boundKeyRunes is the longest query bounded path by path (a key has
// 2n+1 bits); a longer query has few matches to rank.
const boundKeyRunes = 15

func newPathBounds(q string, plain, camel int) *pathBounds {
	b := &pathBounds{rs: []rune(q), plain: plain, camel: camel}
	if pre, ok := prefilterBytes(q); ok && len(b.rs) <= boundKeyRunes {
		b.pre = pre
		b.known = map[uint32]int{}
	}
	return b
}

// of is the bound for path id of ix, less its length: the most it may
// score.
func (b *pathBounds) of(ix *fileIndex, id int32) int {
	lo, hi := ix.off[id], ix.off[id+1]
	if b.pre == nil || !ix.ascii[id] || lo == hi {
		if ix.camel[id] {
			return b.camel - int(hi-lo)
		}
		return b.plain - int(hi-lo)
	}
	return b.keyed(&ix.bonus[id], &ix.pairs[id], ix.lower[lo] == b.pre[0], ix.camel[id]) - int(hi-lo)
}

// keyed is the bound (plus the length) for an ASCII path, or a block of
// them (blocks.go), with the bonus and pair sets given, starting with the
// query's first rune or not, with an upper-case letter or not.
func (b *pathBounds) keyed(set *bonusSet, pairs *pairSet, starts, camel bool) int {
	// Bits 0..k-1: rune i may get a position bonus; k..2k-2: rune i (from
	// 1) may follow rune i-1; 2k-1: the path starts with rune 0; 2k: camel.
	pre := b.pre
	k := len(pre)
	var key uint32
	for i, c := range pre {
		if set.has(c) {
			key |= 1 << i
		}
		if i > 0 && pairs.has(pre[i-1], c) {
			key |= 1 << (k + i - 1)
		}
	}
	if starts {
		key |= 1 << (2*k - 1)
	}
	if camel {
		key |= 1 << (2 * k)
	}
	v, ok := b.known[key]
	if !ok {
		first := -5
		if key&(1<<(2*k-1)) != 0 {
			first = 10
		}
		if key&1 != 0 {
			first = 15
		}
		v = scoreBound(b.rs, first, func(i int) bool { return key&(1<<i) != 0 }, func(i int) bool { return key&(1<<(k+i-1)) != 0 }, camel)
		b.known[key] = v
	}
	return v
}
