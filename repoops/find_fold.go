package repoops

import (
	"math/bits"
	"strings"
)

// findFold is repo_find's substring test: does strings.ToLower(path)
// contain lq (the lower-cased query), and does the path's last part? A
// path that is all ASCII lowers to ASCII, so it is tested in place, with
// no lowered copy: it cannot hold a query that is not ASCII, and for an
// ASCII query one pass eight bytes at a time finds the rarest of its bytes
// (both cases of a letter), each place it occurs verified, and whether the
// path is ASCII after all. Other paths are lowered
// as strings.ToLower does (K, the Kelvin sign, lowers to k).
type findFold struct {
	lq     string
	ascii  bool // lq is all ASCII (and so holds no upper-case letter)
	anchor int  // the place in lq of its rarest byte
	lo, up byte // that byte, and its upper case when it is a letter (else lo)
}

func newFindFold(lq string) *findFold {
	f := &findFold{lq: lq, ascii: isASCII(lq)}
	if !f.ascii || lq == "" {
		return f
	}
	rarity := func(c byte) int {
		if 'a' <= c && c <= 'z' {
			return min(byteRank[c], byteRank[c-0x20])
		}
		return byteRank[c]
	}
	for i := 1; i < len(lq); i++ {
		if rarity(lq[i]) > rarity(lq[f.anchor]) {
			f.anchor = i
		}
	}
	f.lo, f.up = lq[f.anchor], lq[f.anchor]
	if 'a' <= f.lo && f.lo <= 'z' {
		f.up = f.lo - 0x20
	}
	return f
}

// match reports whether the lowered path holds lq, and whether its last
// part (after the last '/') does.
func (f *findFold) match(p string) (ok, nameHit bool) {
	if f.ascii {
		if i, ascii := f.index(p); ascii {
			if i < 0 {
				return false, false
			}
			base := strings.LastIndexByte(p, '/') + 1
			if i >= base {
				return true, true
			}
			j, _ := f.index(p[base:])
			return true, j >= 0
		}
	} else if isASCII(p) {
		return false, false
	}
	lp := strings.ToLower(p)
	if !strings.Contains(lp, f.lq) {
		return false, false
	}
	base := strings.LastIndexByte(lp, '/') + 1
	return true, strings.Contains(lp[base:], f.lq)
}

// index is, for an ASCII p, the start of a place in it that lowers to lq
// (-1 when none) with ascii true; ascii is false when p is not all ASCII.
// One pass, eight bytes at a time: the bytes that are not ASCII, and the
// anchor byte in either case, found together.
func (f *findFold) index(p string) (i int, ascii bool) {
	n := len(f.lq)
	if n == 0 {
		return 0, isASCII(p)
	}
	var or uint64 // a letter's two cases differ only in 0x20
	if f.up != f.lo {
		or = 0x2020202020202020
	}
	want := 0x0101010101010101 * uint64(f.lo)
	found := -1
	at := func(c int) bool {
		s := c - f.anchor
		return s >= 0 && s+n <= len(p) && equalLowerASCII(p[s:s+n], f.lq)
	}
	q := 0
	for ; q+8 <= len(p); q += 8 {
		w := load64(p, q)
		if w&0x8080808080808080 != 0 {
			return -1, false
		}
		if found >= 0 {
			continue // only checking that the rest is ASCII
		}
		for m := zeroBytes((w | or) ^ want); m != 0; m &= m - 1 {
			if c := q + bits.TrailingZeros64(m)/8; at(c) {
				found = c - f.anchor
				break
			}
		}
	}
	for ; q < len(p); q++ {
		c := p[q]
		if c >= 0x80 {
			return -1, false
		}
		if found < 0 && (c == f.lo || c == f.up) && at(q) {
			found = q - f.anchor
		}
	}
	return found, true
}

// equalLowerASCII reports whether the ASCII string a lowers to lq.
func equalLowerASCII(a, lq string) bool {
	for i := 0; i < len(a); i++ {
		c := a[i]
		if 'A' <= c && c <= 'Z' {
			c += 0x20
		}
		if c != lq[i] {
			return false
		}
	}
	return true
}

// isASCII reports whether s has no byte over 0x7F, eight bytes at a time.
func isASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if load64(s, i)&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
