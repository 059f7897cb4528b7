package find

import "unicode/utf8"

// The file set find matches against, indexed once per listing.

// fileIndex is the file set find matches against, built once per listing.
// Paths are held shortest first (then in path order): see the bound above.
type fileIndex struct {
	raw   []string // repo-relative raw paths
	shown []string // repoops.DisplayPath of each
	lower []byte   // shown[i] lower-cased (ASCII only) at off[i]:off[i+1]
	off   []int32
	ascii []bool  // shown[i] is pure ASCII without NUL: the prefilter decides for it
	camel []bool  // shown[i] may hold an upper-case letter (ASCII, or any non-ASCII)
	order []int32 // indexes in the listing's order (path order), for an empty query

	bonus []bonusSet // shown[i]'s, for pathBounds (anyBonus when not ASCII)
	pairs []pairSet  // shown[i]'s, for pathBounds (anyPair when not ASCII)
}

// newFileIndex indexes the listed paths (raw and shown in listing order).
func newFileIndex(raw, shown []string) *fileIndex {
	perm := byLength(shown)
	ix := &fileIndex{raw: make([]string, len(raw)), shown: make([]string, len(shown)), off: make([]int32, 0, len(shown)+1), ascii: make([]bool, len(shown)), camel: make([]bool, len(shown)), bonus: make([]bonusSet, len(shown)), pairs: make([]pairSet, len(shown)), order: make([]int32, len(shown))}
	n := 0
	for _, s := range shown {
		n += len(s)
	}
	ix.lower = make([]byte, 0, n)
	for i, p := range perm {
		ix.raw[i], ix.shown[i] = raw[p], shown[p]
		ix.order[p] = int32(i)
		s := shown[p]
		ix.off = append(ix.off, int32(len(ix.lower)))
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
			ix.lower = append(ix.lower, c)
		}
		ix.ascii[i], ix.camel[i] = a, up
		ix.bonus[i], ix.pairs[i] = anyBonus, anyPair
		if a {
			ix.bonus[i], ix.pairs[i] = setsOf(s, ix.lower[ix.off[i]:])
		}
	}
	ix.off = append(ix.off, int32(len(ix.lower)))
	return ix
}

// byLength is the indexes of shown, shortest first and in listing order
// among paths of one length: a counting sort, as lengths are few.
func byLength(shown []string) []int32 {
	longest := 0
	for _, s := range shown {
		longest = max(longest, len(s))
	}
	start := make([]int, longest+2)
	for _, s := range shown {
		start[len(s)+1]++
	}
	for l := 1; l < len(start); l++ {
		start[l] += start[l-1]
	}
	perm := make([]int32, len(shown))
	for i, s := range shown {
		perm[start[len(s)]] = int32(i)
		start[len(s)]++
	}
	return perm
}

func (ix *fileIndex) len() int { return len(ix.shown) }
