package repoops

import (
	"unicode"
	"unicode/utf8"
)

// foldFinder locates a pattern under Unicode simple case folding, the
// folding of strings.EqualFold, `rg -i` and `grep -i`: a window of the data
// matches when it is valid UTF-8 and each of its runes lies in the fold
// orbit of the pattern's rune at that place (k matches k, K and U+212A
// KELVIN SIGN; s matches s, S and U+017F LONG S). No copy of the data is
// made and nothing is decoded where no match can start.
//
// For every pattern rune the set of bytes that can begin it is small (the
// first bytes of its orbit's encodings). The scan looks for the rune whose
// set is rarest (the anchor), eight bytes per step (SWAR), and when even that
// set is common it also tests a second rune at a fixed byte distance, as
// finder does. A candidate is verified by decoding backwards for the runes
// before the anchor and forwards for the rest, so the work is linear in the
// data times the pattern, like the case-sensitive path.
type foldFinder struct {
	runes  []foldRune
	canon  []rune // each pattern rune's canonFold (indexLinear)
	fail   []int  // KMP failure function over canon
	anchor int    // index in runes
	lead   byteSet
	leads  []byte // the bytes of lead, when few: each found with IndexByte
	pair   bool
	second byteSet
	secOff int // byte distance from the anchor's first byte to the second rune's
	// kpair: the anchor's and the second rune's lead sets are one term each
	// (an ASCII letter's two cases, or one byte), so pairIndex finds the
	// candidates, sixteen positions per step: b[p+ko1]|km1 == kc1 (the
	// anchor's lead) and b[p+ko2]|km2 == kc2 for a candidate anchor at p+ko1.
	kpair              bool
	ko1, ko2           int
	kc1, km1, kc2, km2 byte
}

// foldRune is one pattern rune: its orbit and the bytes that begin it.
type foldRune struct {
	orbit []rune
	lead  byteSet
	leads []byte
	width int // byte length of every orbit member, or 0 when they differ
}

// byteSet is a small set of bytes tested as terms (b | or) == val, so an
// ASCII letter's two cases are one term.
type byteSet struct {
	terms []byteTerm
	cost  int // how common the set's bytes are together
}

type byteTerm struct{ val, or byte }

func (s byteSet) has(c byte) bool {
	for _, t := range s.terms {
		if c|t.or == t.val {
			return true
		}
	}
	return false
}

// hits has 0x80 in every byte of w that is in the set.
func (s byteSet) hits(w uint64) uint64 {
	var m uint64
	for _, t := range s.terms {
		m |= zeroBytes((w | 0x0101010101010101*uint64(t.or)) ^ 0x0101010101010101*uint64(t.val))
	}
	return m
}

// foldOrbit lists r and every rune that simple case folding makes equal to it.
func foldOrbit(r rune) []rune {
	orbit := []rune{r}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		orbit = append(orbit, f)
	}
	return orbit
}

// needsFold reports whether any rune of p has a fold partner.
func needsFold(p string) bool {
	for _, r := range p {
		if unicode.SimpleFold(r) != r {
			return true
		}
	}
	return false
}

func newFoldFinder(p string) *foldFinder {
	f := &foldFinder{}
	for _, r := range p {
		fr := foldRune{orbit: foldOrbit(r), width: utf8.RuneLen(r)}
		var leads []byte
		for _, o := range fr.orbit {
			if utf8.RuneLen(o) != fr.width {
				fr.width = 0
			}
			var enc [utf8.UTFMax]byte
			utf8.EncodeRune(enc[:], o)
			leads = appendUnique(leads, enc[0])
		}
		fr.lead, fr.leads = makeByteSet(leads), leads
		f.runes = append(f.runes, fr)
		f.canon = append(f.canon, canonFold(r))
	}
	f.fail = make([]int, len(f.canon))
	for i, k := 1, 0; i < len(f.canon); i++ {
		for k > 0 && f.canon[i] != f.canon[k] {
			k = f.fail[k-1]
		}
		if f.canon[i] == f.canon[k] {
			k++
		}
		f.fail[i] = k
	}
	for i := range f.runes {
		if f.runes[i].lead.cost < f.runes[f.anchor].lead.cost {
			f.anchor = i
		}
	}
	f.lead = f.runes[f.anchor].lead
	f.leads = f.runes[f.anchor].leads
	// A second rune at a fixed byte distance: every rune between it and
	// the anchor has one width whatever its case.
	if f.lead.cost >= len(commonBytes)-pairBelowRank && len(f.runes) > 1 {
		best := -1
		bestOff := 0
		for j := range f.runes {
			if j == f.anchor {
				continue
			}
			off, ok := f.distance(f.anchor, j)
			if ok && (best < 0 || f.runes[j].lead.cost < f.runes[best].lead.cost) {
				best, bestOff = j, off
			}
		}
		if best >= 0 {
			f.pair, f.second, f.secOff = true, f.runes[best].lead, bestOff
		}
	}
	f.pickKernelPair()
	return f
}

// pickKernelPair makes the scan use pairIndex when two runes at a fixed
// byte distance each have a one-term lead set: the rarest such rune becomes
// the anchor and the rarest other one at a fixed distance the second. Both
// must match at once, so there are far fewer candidates than with one set,
// and every candidate is still verified in full.
func (f *foldFinder) pickKernelPair() {
	a := -1
	for i, r := range f.runes {
		if len(r.lead.terms) == 1 && (a < 0 || r.lead.cost < f.runes[a].lead.cost) {
			a = i
		}
	}
	if a < 0 {
		return
	}
	j, off := -1, 0
	for i, r := range f.runes {
		if i == a || len(r.lead.terms) != 1 {
			continue
		}
		if d, ok := f.distance(a, i); ok && (j < 0 || r.lead.cost < f.runes[j].lead.cost) {
			j, off = i, d
		}
	}
	if j < 0 {
		return
	}
	f.kpair, f.anchor = true, a
	f.lead, f.leads = f.runes[a].lead, f.runes[a].leads
	f.ko1 = max(0, -off)
	f.ko2 = f.ko1 + off
	t1, t2 := f.runes[a].lead.terms[0], f.runes[j].lead.terms[0]
	f.kc1, f.km1, f.kc2, f.km2 = t1.val, t1.or, t2.val, t2.or
}

// distance is the byte offset from rune a's start to rune b's start when it
// does not depend on case.
func (f *foldFinder) distance(a, b int) (int, bool) {
	lo, hi, sign := a, b, 1
	if b < a {
		lo, hi, sign = b, a, -1
	}
	off := 0
	for k := lo; k < hi; k++ {
		if f.runes[k].width == 0 {
			return 0, false
		}
		off += f.runes[k].width
	}
	return sign * off, true
}

func appendUnique(s []byte, c byte) []byte {
	for _, x := range s {
		if x == c {
			return s
		}
	}
	return append(s, c)
}

func makeByteSet(bs []byte) byteSet {
	var s byteSet
	used := make([]bool, len(bs))
	for i, c := range bs {
		s.cost += len(commonBytes) - byteRank[c] + 1
		if used[i] {
			continue
		}
		t := byteTerm{val: c}
		for j := i + 1; j < len(bs); j++ {
			if !used[j] && bs[j]^c == 0x20 {
				used[j] = true
				t = byteTerm{val: c | 0x20, or: 0x20}
			}
		}
		s.terms = append(s.terms, t)
	}
	return s
}

var asciiCanon = func() (t [utf8.RuneSelf]rune) {
	for i := range t {
		t[i] = canonFold(rune(i))
	}
	return t
}()

// canonFold is the least rune of r's simple-folding orbit: two runes fold
// to each other exactly when their canonFold is the same.
func canonFold(r rune) rune {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}
	least := r
	for x := unicode.SimpleFold(r); x != r; x = unicode.SimpleFold(x) {
		least = min(least, x)
	}
	return least
}

func inOrbit(r rune, orbit []rune) bool {
	for _, o := range orbit {
		if r == o {
			return true
		}
	}
	return false
}
