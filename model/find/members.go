package find

import (
	"bytes"
	"slices"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/sahilm/fuzzy"
)

// Which paths match: for an ASCII path and query, fuzzy matches exactly
// when the query's characters occur in the path in order, ignoring case
// (TestPrefilterIsFuzzy), and taking each at its first chance finds them
// if anything does. So a query that grows from the last one need only
// look, in each of the last matches, for the new characters after where
// the old ones ended.

// members filters the paths down to those fuzzy matches, in index order,
// with where each match ends (findMatches.ends): every path when from is
// nil, else from's matches, from's query being a prefix of fq. nil when
// stopped.
func members(ix *fileIndex, fq string, from *findMatches, stop func() bool) (ids, ends []int32) {
	n := ix.len()
	var pool, starts []int32
	rest := fq
	if from != nil {
		pool, starts, n = from.ids, from.ends, len(from.ids)
		rest = fq[len(from.fuzzy):]
	}
	pre, asciiCan := prefilterBytes(rest)
	// Each worker writes its matches at the start of its own part of two
	// buffers as long as the pool, and the parts are then moved together:
	// no slice grows, nothing is copied twice.
	ids, ends = make([]int32, n), make([]int32, n)
	workers := max(1, min(findWorkers(), n/8192+1))
	counts := make([]int, workers)
	var stopped atomic.Bool
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := n*w/workers, n*(w+1)/workers
		wg.Go(func() {
			k := lo
			for i := lo; i < hi; i++ {
				if (i-lo)&8191 == 8191 && stop != nil && stop() {
					stopped.Store(true)
					return
				}
				id, start := int32(i), int32(0)
				if pool != nil {
					id, start = pool[i], starts[i]
				}
				end := int32(-1)
				if ix.ascii[id] {
					if !asciiCan {
						continue
					}
					lo := ix.off[id] + start
					e := subsequenceEnd(ix.lower[lo:ix.off[id+1]], pre)
					if e < 0 {
						continue
					}
					end = start + int32(e)
				} else if len(fuzzy.Find(fq, []string{ix.shown(id)})) == 0 {
					continue
				}
				ids[k], ends[k] = id, end
				k++
			}
			counts[w] = k - lo
		})
	}
	wg.Wait()
	if stopped.Load() {
		return nil, nil
	}
	total := 0
	for w := range workers {
		lo := n * w / workers
		copy(ids[total:], ids[lo:lo+counts[w]])
		copy(ends[total:], ends[lo:lo+counts[w]])
		total += counts[w]
	}
	if total < n/4 {
		// Few matched: do not hold the pool's room for the next key.
		return slices.Clone(ids[:total]), slices.Clone(ends[:total])
	}
	return ids[:total], ends[:total]
}

// utf8Start reports whether s[:i] ends on a rune boundary.
func utf8Start(s string, i int) bool { return i == len(s) || s[i]&0xC0 != 0x80 }

// prefilterBytes is what an ASCII path must hold, in order, to match q:
// each query rune lower-cased, a non-ASCII one as the ASCII letter it folds
// to (the Kelvin sign is a k). ok is false when some rune folds to no ASCII
// letter: then no ASCII path matches.
func prefilterBytes(q string) (pre []byte, ok bool) {
	pre = make([]byte, 0, len(q))
	for _, r := range q {
		if r >= utf8.RuneSelf {
			a := rune(-1)
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				if f < utf8.RuneSelf {
					a = f
					break
				}
			}
			if a < 0 {
				return nil, false
			}
			r = a
		}
		c := byte(r)
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		pre = append(pre, c)
	}
	return pre, true
}

// subsequence reports whether every byte of pat occurs in s, in order.
func subsequence(s, pat []byte) bool { return subsequenceEnd(s, pat) >= 0 }

// subsequenceEnd is where in s the bytes of pat, in order, each taken at
// its first chance, end (just after the last of them; 0 for no pat), or -1
// when they do not all occur.
func subsequenceEnd(s, pat []byte) int {
	at := 0
	for _, c := range pat {
		i := bytes.IndexByte(s[at:], c)
		if i < 0 {
			return -1
		}
		at += i + 1
	}
	return at
}
