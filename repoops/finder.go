package repoops

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// finder locates a fixed pattern. Scanning for the first byte, as a plain
// bytes.Index does, wastes most of its time on false starts when that byte
// is common (the "e" of "err"). So it picks the pattern's rarest byte: when
// that byte is rare (the "U" of "ErrUnexpectedEOF") a memchr-speed
// IndexByte finds few candidates; when even the rarest byte is common, it
// tests two of the pattern's bytes at once, eight positions per step
// (SWAR), so only positions where both match are verified. The idea is
// ripgrep's rare-byte and packed-pair prefilters, without SIMD.
type finder struct {
	pat        []byte
	rare       byte
	rareOff    int // index of rare in pat
	pair       bool
	second     byte
	secondOff  int
	rareMask   uint64 // rare repeated in every byte
	secondMask uint64
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
		f.rareMask = 0x0101010101010101 * uint64(f.rare)
		f.secondMask = 0x0101010101010101 * uint64(f.second)
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

// indexPair tests eight candidate starts per step: s is a match candidate
// only if b[s+rareOff] == rare and b[s+secondOff] == second.
func (f *finder) indexPair(b []byte) int {
	n := len(f.pat)
	last := len(b) - n // last possible start
	hi := max(f.rareOff, f.secondOff)
	s := 0
	for ; s+hi+8 <= len(b) && s <= last; s += 8 {
		w1 := binary.LittleEndian.Uint64(b[s+f.rareOff:]) ^ f.rareMask
		w2 := binary.LittleEndian.Uint64(b[s+f.secondOff:]) ^ f.secondMask
		m := zeroBytes(w1) & zeroBytes(w2)
		for m != 0 {
			start := s + bits.TrailingZeros64(m)/8
			if start > last {
				return -1
			}
			if bytes.Equal(b[start:start+n], f.pat) {
				return start
			}
			m &= m - 1
		}
	}
	for ; s <= last; s++ {
		if b[s+f.rareOff] == f.rare && b[s+f.secondOff] == f.second && bytes.Equal(b[s:s+n], f.pat) {
			return s
		}
	}
	return -1
}
