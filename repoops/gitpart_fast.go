package repoops

import "math/bits"

// plainlyNoGitPart is hasGitDirPart's fast "no" for the common case, one
// pass over the bytes, eight at a time: an all-ASCII path none of whose
// bytes spell "git" in any case has no part isGitDirName accepts (every
// name it accepts holds "git" once the HFS+-ignorable code points, which
// are never ASCII, are dropped). Anything else gets the full per-part
// check.
func plainlyNoGitPart(rel string) bool {
	i := 0
	for ; i+8 <= len(rel); i += 8 {
		w := load64(rel, i)
		if w&0x8080808080808080 != 0 {
			return false
		}
		// The bytes that are 'g' or 'G' (the only two whose |0x20 is 'g').
		for m := zeroBytes((w | 0x2020202020202020) ^ 0x6767676767676767); m != 0; m &= m - 1 {
			if j := i + bits.TrailingZeros64(m)/8; j+2 < len(rel) && rel[j+1]|0x20 == 'i' && rel[j+2]|0x20 == 't' {
				return false
			}
		}
	}
	for ; i < len(rel); i++ {
		c := rel[i]
		if c >= 0x80 {
			return false
		}
		if c|0x20 == 'g' && i+2 < len(rel) && rel[i+1]|0x20 == 'i' && rel[i+2]|0x20 == 't' {
			return false
		}
	}
	return true
}

// load64 is the eight bytes of s at i, little-endian (one load).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
