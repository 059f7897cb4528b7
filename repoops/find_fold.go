package repoops

import "strings"

// findFold is repo_find's substring test: does strings.ToLower(path)
// contain lq (the lower-cased query), and does the path's last part? A
// path that is all ASCII lowers to ASCII, so it is tested in place, with
// no lowered copy: it cannot hold a query that is not ASCII, and for an
// ASCII query the rarest of its bytes (both cases of a letter) is found
// by IndexByte and each place it occurs verified. Other paths are lowered
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
	if !isASCII(p) {
		lp := strings.ToLower(p)
		if !strings.Contains(lp, f.lq) {
			return false, false
		}
		base := strings.LastIndexByte(lp, '/') + 1
		return true, strings.Contains(lp[base:], f.lq)
	}
	if !f.ascii {
		return false, false
	}
	i := f.index(p)
	if i < 0 {
		return false, false
	}
	base := strings.LastIndexByte(p, '/') + 1
	return true, i >= base || f.index(p[base:]) >= 0
}

// index is the start of a place in the ASCII string p that lowers to lq,
// or -1.
func (f *findFold) index(p string) int {
	n := len(f.lq)
	if n == 0 {
		return 0
	}
	nextLo, nextUp := -1, -1 // the next lo and up at or after from; len(p) when none
	for from := f.anchor; from < len(p); {
		if nextLo < from {
			nextLo = indexByteFrom(p, f.lo, from)
		}
		c := nextLo
		if f.up != f.lo {
			if nextUp < from {
				nextUp = indexByteFrom(p, f.up, from)
			}
			c = min(c, nextUp)
		}
		s := c - f.anchor
		if s+n > len(p) {
			return -1
		}
		if equalLowerASCII(p[s:s+n], f.lq) {
			return s
		}
		from = c + 1
	}
	return -1
}

// indexByteFrom is the index of c in p at or after from, or len(p).
func indexByteFrom(p string, c byte, from int) int {
	if i := strings.IndexByte(p[from:], c); i >= 0 {
		return from + i
	}
	return len(p)
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
