package repoops

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// How a foldFinder scans: its strategies (a kernel pair, few lead bytes,
// every position) and the verification every candidate goes through.

// index returns the start and end of the first match in b, or -1, -1.
func (f *foldFinder) index(b []byte) (int, int) {
	if f.kpair {
		return f.indexKernelPair(b)
	}
	if !f.pair && len(f.leads) <= 3 {
		return f.indexFew(b)
	}
	off := 0
	if f.pair && f.secOff < 0 {
		off = -f.secOff
	}
	q, steps := off, 0
	for ; q+8 <= len(b) && (!f.pair || q+f.secOff+8 <= len(b)); q += 8 {
		m := f.lead.hits(binary.LittleEndian.Uint64(b[q:]))
		if m != 0 && f.pair {
			m &= f.second.hits(binary.LittleEndian.Uint64(b[q+f.secOff:]))
		}
		for m != 0 {
			c := q + bits.TrailingZeros64(m)/8
			s, e, n := f.verify(b, c)
			if s >= 0 {
				return s, e
			}
			if steps += n; overBudget(steps, c) {
				return f.indexLinear(b)
			}
			m &= m - 1
		}
	}
	for ; q < len(b); q++ {
		if f.lead.has(b[q]) {
			s, e, n := f.verify(b, q)
			if s >= 0 {
				return s, e
			}
			if steps += n; overBudget(steps, q) {
				return f.indexLinear(b)
			}
		}
	}
	return -1, -1
}

// indexKernelPair finds candidates with pairIndex (kpair).
func (f *foldFinder) indexKernelPair(b []byte) (int, int) {
	end := len(b) - max(f.ko1, f.ko2) // candidates p in [0, end)
	steps := 0
	for p := 0; p < end; {
		c := pairIndex(b[p:], end-p, f.ko1, f.ko2, f.kc1, f.km1, f.kc2, f.km2)
		if c < 0 {
			return -1, -1
		}
		q := p + c + f.ko1 // where the anchor would start
		s, e, n := f.verify(b, q)
		if s >= 0 {
			return s, e
		}
		if steps += n; overBudget(steps, q) {
			return f.indexLinear(b)
		}
		p += c + 1
	}
	return -1, -1
}

// indexFew finds candidates with one memchr-speed IndexByte per lead byte,
// each remembering its next hit, so every byte is scanned once per lead byte.
// A lead byte is looked for in a window that starts small and doubles
// while it finds nothing: a search that ends at the first match costs in
// proportion to how far that match is, even when a lead byte (the LONG S
// of s) is nowhere in b — a scan to b's end for it on every call made a
// file with many matching lines cost lines × size.
func (f *foldFinder) indexFew(b []byte) (int, int) {
	// leads[i] is not in b[q:next[i]]; it is at next[i] when hit[i].
	var next [3]int
	var hit [3]bool
	stale := func(i, q int) bool { return next[i] < q || (next[i] == q && !hit[i]) }
	// The window doubles on every miss, so a lead byte that is far away
	// or absent costs a few calls, and its searched stretch ends near the
	// first candidate.
	steps, win := 0, 16
	for q := 0; q < len(b); {
		// c: no lead byte lies in b[q:c].
		c := len(b)
		for i, x := range f.leads {
			if stale(i, q) {
				lim := min(len(b), q+win)
				if testHookFewScan != nil {
					testHookFewScan(lim - q)
				}
				if j := bytes.IndexByte(b[q:lim], x); j >= 0 {
					next[i], hit[i] = q+j, true
				} else {
					next[i], hit[i] = lim, false
					win = min(2*win, 1<<20)
				}
			}
			c = min(c, next[i])
		}
		cand := false
		for i := range f.leads {
			cand = cand || (hit[i] && next[i] == c)
		}
		if !cand {
			// No lead byte before c, where some lead's searched stretch ends.
			if c >= len(b) {
				break
			}
			q = c
			continue
		}
		s, e, n := f.verify(b, c)
		if s >= 0 {
			return s, e
		}
		if steps += n; overBudget(steps, c) {
			return f.indexLinear(b)
		}
		q = c + 1
	}
	return -1, -1
}

// testHookFewScan is told how many bytes indexFew searches for one lead.
var testHookFewScan func(n int)

// verify tests a match whose anchor rune starts at b[q]; steps is how
// many runes it compared (the work, for the budget).
func (f *foldFinder) verify(b []byte, q int) (s, e, steps int) {
	e = q
	for k := f.anchor; k < len(f.runes); k++ {
		r, n := utf8.DecodeRune(b[e:])
		steps++
		if (r == utf8.RuneError && n <= 1) || !inOrbit(r, f.runes[k].orbit) {
			return -1, -1, steps
		}
		e += n
	}
	s = q
	for k := f.anchor - 1; k >= 0; k-- {
		r, n := utf8.DecodeLastRune(b[:s])
		steps++
		if (r == utf8.RuneError && n <= 1) || !inOrbit(r, f.runes[k].orbit) {
			return -1, -1, steps
		}
		s -= n
	}
	return s, e, steps
}

// overBudget: verifying candidates has cost more than a linear scan would
// (a long pattern whose every candidate fails late, such as "aa" followed by
// "ba" 499 times in "baba…"); the caller then finishes with indexLinear.
func overBudget(steps, scanned int) bool {
	if steps > 8*scanned+4096 {
		if testHookLinear != nil {
			testHookLinear()
		}
		return true
	}
	return false
}

// testHookLinear runs when a search switches to indexLinear.
var testHookLinear func()

// indexLinear is the same search in time linear in len(b) whatever the
// pattern: Knuth-Morris-Pratt over the data's runes, each folded to the
// least rune of its orbit. A byte that is not valid UTF-8 matches nothing.
// Every match has as many runes as the pattern, so the first to end is the
// leftmost.
func (f *foldFinder) indexLinear(b []byte) (int, int) {
	m := len(f.canon)
	k := 0 // pattern runes matched so far
	for i, n := 0, 0; i < len(b); i += n {
		var c rune
		if x := b[i]; x < utf8.RuneSelf {
			c, n = asciiCanon[x], 1
		} else {
			var r rune
			r, n = utf8.DecodeRune(b[i:])
			c = canonFold(r)
			if r == utf8.RuneError && n <= 1 {
				c = -1
			}
		}
		for k > 0 && f.canon[k] != c {
			k = f.fail[k-1]
		}
		if f.canon[k] == c {
			k++
		}
		if k == m {
			return f.matchStart(b, i+n), i + n
		}
	}
	return -1, -1
}

// matchStart walks back m runes from end: a match found by indexLinear is
// valid UTF-8, so decoding backwards finds its start.
func (f *foldFinder) matchStart(b []byte, end int) int {
	s := end
	for range f.canon {
		_, n := utf8.DecodeLastRune(b[:s])
		s -= n
	}
	return s
}
