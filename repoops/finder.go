package repoops

import "bytes"

// finder locates a fixed pattern by scanning for its rarest byte (with
// memchr speed) and verifying the whole pattern around each hit. Scanning
// for the first byte, as a plain bytes.Index does, wastes most of its time
// on false starts when that byte is common ("e" of "err"); a rare byte
// ("U" of "ErrUnexpectedEOF") gives few candidates. The same idea as
// ripgrep's rare-byte prefilter.
type finder struct {
	pat     []byte
	rare    byte
	rareOff int // index of rare in pat
}

// commonBytes lists bytes from most to least frequent in source code and
// prose; bytes not listed count as rare.
const commonBytes = " \te\nt\rarionslcdu_phmf.(),/\"=gy:;b*w{}-v0k1xE[]SIT2#N'R<>ACO&DL+P!FMq3|45j6789?zB%UHG$"

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
	best := -1
	for i, c := range pat {
		if best < 0 || byteRank[c] > byteRank[pat[best]] {
			best = i
		}
	}
	if best >= 0 {
		f.rare, f.rareOff = pat[best], best
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
