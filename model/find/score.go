package find

// Fuzzy's scoring, for an ASCII query on an ASCII path, without fuzzy's
// allocations: sahilm/fuzzy builds a Match with its own slice of matched
// offsets for every path that matches, and on a million paths a short
// query matches most of them. This is the same walk over the path, step
// for step (fuzzy.FindFromIterNoSort), on the index's lower-cased copy,
// with the offsets written into one buffer the caller reuses; a test
// (TestScoreIsFuzzy) checks it against fuzzy on random and generated
// paths. Anything else (a non-ASCII path or query) is left to fuzzy.

// asciiQuery is q lower-cased (ASCII letters only, as fuzzy's equalFold
// folds them), and whether q is ASCII at all.
func asciiQuery(q string) ([]byte, bool) {
	out := make([]byte, len(q))
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c >= 0x80 {
			return nil, false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out, true
}

// fuzzyScore is fuzzy's score for the query q (from asciiQuery, not
// empty) in the ASCII path s, whose lower-cased bytes are low, and the
// offsets of the matched characters, appended to buf[:0]. ok is false
// when fuzzy does not match s. The path must hold no NUL (fuzzy cuts it
// there; the index leaves such paths to fuzzy). s may be "" when the path
// has no upper-case letter (then it is low): the walk then reads only the
// index's buffer, in order, not the path's string somewhere else.
func fuzzyScore(s string, low, q []byte, buf []int) (score int, matched []int, ok bool) {
	const (
		firstCharBonus  = 10
		camelBonus      = 20
		separatorBonus  = 20
		adjacentBonus   = 5
		leadingPenalty  = -5
		leadingPenaltyF = -15
	)
	k, n := len(q), len(low)
	cased := s != ""
	matched = buf[:0]
	p := 0
	best, at := -1, -1
	run := 0 // fuzzy's currAdjacentMatchBonus
	var last byte
	for j := 0; j < n; j++ {
		c := low[j]
		if cased {
			c = s[j]
		}
		if low[j] == q[p] {
			sc := 0
			if j == 0 {
				sc += firstCharBonus
			}
			if 'a' <= last && last <= 'z' && 'A' <= c && c <= 'Z' {
				sc += camelBonus
			}
			if j != 0 && sepByte[last] {
				sc += separatorBonus
			}
			if len(matched) > 0 && matched[len(matched)-1] == j-1 {
				b := run*2 + adjacentBonus
				sc += b
				run += b
			}
			if sc > best {
				best, at = sc, j
			}
		}
		// fuzzy settles the best position for this query character when
		// the next one comes up next, or at the end.
		if j+1 == n || p+1 < k && low[j+1] == q[p+1] {
			if at > -1 {
				if len(matched) == 0 {
					best += max(at*leadingPenalty, leadingPenaltyF)
				}
				score += best
				matched = append(matched, at)
				best = -1
				p++
				if p == k {
					// Only the end settles the last character: nothing is
					// left to walk.
					break
				}
			}
		}
		last = c
	}
	score += len(matched) - n
	return score, matched, len(matched) == k
}
