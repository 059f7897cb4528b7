package repoops

import (
	"bytes"
)

// finder locates a fixed pattern. Scanning for the first byte, as a plain
// bytes.Index does, wastes most of its time on false starts when that byte
// is common (the "e" of "err"). So it picks the pattern's rarest byte: when
// that byte is rare (the "U" of "ErrUnexpectedEOF") a memchr-speed
// IndexByte finds few candidates; when even the rarest byte is common, it
// tests two of the pattern's bytes at once, sixteen positions per step
// (pairIndex), so only positions where both match are verified. The idea is
// ripgrep's rare-byte and packed-pair prefilters (the pair in SSE2).
type finder struct {
	pat       []byte
	rare      byte
	rareOff   int // index of rare in pat
	pair      bool
	second    byte
	secondOff int
}

// commonBytes lists bytes from most to least frequent in source code and
// prose; bytes not listed count as rare.
const commonBytes = " \te\nt\rarionslcdu_phmf.(),/\"=gy:;b*w{}-v0k1xE[]SIT2#N'R<>ACO&DL+P!FMq3|45j6789?zB%UHG$"

// pairBelowRank: when the pattern's rarest byte is among this many most
// common bytes, the pair scan beats IndexByte's false starts.
const pairBelowRank = 12

var byteRank = func() (rank [256]int) {
	for i := range rank {
		rank[i] = len(commonBytes)
	}
	for i := 0; i < len(commonBytes); i++ {
		rank[commonBytes[i]] = i
	}
	return rank
}()

func newFinder(pat []byte) *finder {
	f := &finder{pat: pat}
	if len(pat) == 0 {
		return f
	}
	best, next := 0, -1
	for i := 1; i < len(pat); i++ {
		if byteRank[pat[i]] > byteRank[pat[best]] {
			best = i
		}
	}
	for i := range pat {
		if i != best && (next < 0 || byteRank[pat[i]] > byteRank[pat[next]]) {
			next = i
		}
	}
	f.rare, f.rareOff = pat[best], best
	if next >= 0 && byteRank[pat[best]] < pairBelowRank {
		f.pair = true
		f.second, f.secondOff = pat[next], next
	}
	return f
}

// index returns the first offset of the pattern in b, or -1.
func (f *finder) index(b []byte) int {
	n := len(f.pat)
	switch {
	case n == 0:
		return 0
	case n == 1:
		return bytes.IndexByte(b, f.pat[0])
	case n > len(b):
		return -1
	case f.pair:
		return f.indexPair(b)
	}
	// The rare byte at position p means a match starting at p-rareOff,
	// which must fit in b.
	i, end := f.rareOff, len(b)-n+f.rareOff+1
	for i < end {
		j := bytes.IndexByte(b[i:end], f.rare)
		if j < 0 {
			return -1
		}
		p := i + j
		start := p - f.rareOff
		if bytes.Equal(b[start:start+n], f.pat) {
			return start
		}
		i = p + 1
	}
	return -1
}

// zeroBytes has 0x80 in every byte of x that is zero, and nothing else
// (exact: no false positives from borrows).
func zeroBytes(x uint64) uint64 {
	const low7 = 0x7F7F7F7F7F7F7F7F
	return ^((x&low7 + low7) | x | low7)
}

// indexPair finds candidate starts with pairIndex (sixteen per step): s
// is one only if b[s+rareOff] == rare and b[s+secondOff] == second; each is
// verified whole.
func (f *finder) indexPair(b []byte) int {
	n := len(f.pat)
	last := len(b) - n // last possible start
	for s := 0; s <= last; {
		c := pairIndex(b[s:], last-s+1, f.rareOff, f.secondOff, f.rare, 0, f.second, 0)
		if c < 0 {
			return -1
		}
		start := s + c
		if bytes.Equal(b[start:start+n], f.pat) {
			return start
		}
		s = start + 1
	}
	return -1
}
