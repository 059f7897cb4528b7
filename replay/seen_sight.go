package replay

import (
	"hash/maphash"
	"slices"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
)

// What the agent last saw of each line, and when: a read shows lines, a
// change the agent makes writes them, and either way the agent then
// knows them as they were at that call. An edit after a compaction asks
// which call last showed each line it changes (compaction.go) and
// whether the file still holds what that call showed. Line numbers move
// with the agent's edits, as FileSeen's ranges do.

// sight is lines the agent last saw at call seq, with each line's sum
// (lineSum) as it saw it; sums is nil when that is not known.
type sight struct {
	r    LineRange
	seq  int
	sums []uint64
}

// sumSeed is this process's seed for line sums: sums are compared only
// within one replay.
var sumSeed = maphash.MakeSeed()

// lineSum is a line's sum, its line ending left out; 0 for a line the
// agent's tool may have cut (long and ending in an ellipsis), which
// cannot be compared with the file.
func lineSum(text string) uint64 {
	text = strings.TrimSuffix(text, "\r")
	if len(text) >= 100 && (strings.HasSuffix(text, "…") || strings.HasSuffix(text, "...")) {
		return 0
	}
	return maphash.String(sumSeed, text) | 1 // never 0
}

// readSights are the sights of a read's lines: one per run of
// consecutive line numbers.
func readSights(lines []transcript.SawLine, seq int) []sight {
	var out []sight
	for _, l := range lines {
		n := len(out)
		if n > 0 && out[n-1].r.To+1 == l.N {
			out[n-1].r.To = l.N
			out[n-1].sums = append(out[n-1].sums, lineSum(l.Text))
			continue
		}
		out = append(out, sight{r: LineRange{l.N, l.N}, seq: seq, sums: []uint64{lineSum(l.Text)}})
	}
	return out
}

// fileSights are the sights of lines r of a file's lines (1-based), as
// call seq left them.
func fileSights(lines []string, r LineRange, seq int) sight {
	s := sight{r: r, seq: seq}
	for n := r.From; n <= r.To; n++ {
		sum := uint64(0)
		if n-1 < len(lines) {
			sum = lineSum(lines[n-1])
		}
		s.sums = append(s.sums, sum)
	}
	return s
}

// part is the lines from..to of s (within s.r).
func (s sight) part(from, to int) sight {
	p := sight{r: LineRange{from, to}, seq: s.seq}
	if s.sums != nil {
		p.sums = s.sums[from-s.r.From : to-s.r.From+1 : to-s.r.From+1]
	}
	return p
}

// overlay puts n over ss: the lines it covers are last seen at n.
func overlay(ss []sight, n sight) []sight {
	var out []sight
	for _, s := range ss {
		if s.r.To < n.r.From || s.r.From > n.r.To {
			out = append(out, s)
			continue
		}
		if s.r.From < n.r.From {
			out = append(out, s.part(s.r.From, n.r.From-1))
		}
		if s.r.To > n.r.To {
			out = append(out, s.part(n.r.To+1, s.r.To))
		}
	}
	out = append(out, n)
	slices.SortFunc(out, func(a, b sight) int { return a.r.From - b.r.From })
	return out
}

// shiftSights moves ss past an edit that replaced lines old by delta
// more lines: the part before stays, the part after moves, the part
// inside goes.
func shiftSights(ss []sight, old LineRange, delta int) []sight {
	var out []sight
	for _, s := range ss {
		if s.r.From < old.From {
			out = append(out, s.part(s.r.From, min(s.r.To, old.From-1)))
		}
		if s.r.To > old.To {
			p := s.part(max(s.r.From, old.To+1), s.r.To)
			p.r.From += delta
			p.r.To += delta
			out = append(out, p)
		}
	}
	return out
}

// lastSeen is the call that last showed line n and the line's sum then;
// seq 0: the agent never saw it.
func lastSeen(ss []sight, n int) (seq int, sum uint64) {
	for _, s := range ss {
		if s.r.From <= n && n <= s.r.To {
			if s.sums == nil {
				return s.seq, 0
			}
			return s.seq, s.sums[n-s.r.From]
		}
	}
	return 0, 0
}
