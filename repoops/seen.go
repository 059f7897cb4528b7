package repoops

import (
	"fmt"
	"strings"
	"time"
)

// What a session has seen of a file: the read-before-edit gate's memory.
// A session may change a line only if it has seen that line in its
// current state: shown whole by one of its repo_read_file windows, all of
// one version of the file, or written by one of its own changes since.

// LineRange is the lines From..To of a file, 1-based and inclusive.
type LineRange struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// Len is how many lines the range holds.
func (r LineRange) Len() int { return r.To - r.From + 1 }

// String writes "line 7" or "lines 3,001-3,100".
func (r LineRange) String() string {
	if r.From == r.To {
		return "line " + Commas(r.From)
	}
	return "lines " + Commas(r.From) + "-" + Commas(r.To)
}

// SeenLines is what a session has seen of one file, all of one version.
type SeenLines struct {
	Path string    // repo-relative
	At   time.Time // the last read or change that added to it
	// Via is "" when the last addition was a read, else the tool whose
	// change of this session carried what was seen to a new version.
	Via string
	// Fingerprint is the version every seen line belongs to: size, mtime,
	// ctime, inode, device and the content's SHA-256.
	Fingerprint Fingerprint
	Lines       int         // lines in that version
	Ranges      []LineRange // seen lines: sorted, disjoint, never touching
	// Last is the last read's window as the read showed it (zero after a
	// change), for faces that say what the last read was.
	Last LineRange
}

// Count is how many lines were seen.
func (s SeenLines) Count() int {
	n := 0
	for _, r := range s.Ranges {
		n += r.Len()
	}
	return n
}

// All reports whether every line of that version was seen (an empty file
// is seen whole by any read of it).
func (s SeenLines) All() bool {
	return s.Lines == 0 || len(s.Ranges) == 1 && s.Ranges[0].From == 1 && s.Ranges[0].To >= s.Lines
}

// Covers reports whether every line of r was seen.
func (s SeenLines) Covers(r LineRange) bool { return len(unseenIn(s.Ranges, r)) == 0 }

// Unseen is the lines of r that were not seen, as ranges.
func (s SeenLines) Unseen(r LineRange) []LineRange { return unseenIn(s.Ranges, r) }

// Summary words what was seen: "lines 1-2,000 of 4,073",
// "lines 1-40 and 90-120 of 300", "all 12 lines", "no lines of 40".
func (s SeenLines) Summary() string {
	switch {
	case s.All():
		return "all " + Plural(s.Lines, "line", "lines")
	case len(s.Ranges) == 0:
		return "no lines of " + Commas(s.Lines)
	}
	return rangeList(s.Ranges, 4) + " of " + Commas(s.Lines)
}

// rangeList writes ranges as "lines 1-40, 90-120 and 300" (or "line 7"),
// listing at most max and counting the rest.
func rangeList(rs []LineRange, max int) string {
	parts := make([]string, 0, min(len(rs), max))
	lines := 0
	for i, r := range rs {
		lines += r.Len()
		if i >= max {
			continue
		}
		if r.From == r.To {
			parts = append(parts, Commas(r.From))
		} else {
			parts = append(parts, Commas(r.From)+"-"+Commas(r.To))
		}
	}
	word := "lines "
	if lines == 1 {
		word = "line "
	}
	if more := len(rs) - len(parts); more > 0 {
		return word + strings.Join(parts, ", ") + fmt.Sprintf(" and %d more %s", more, Noun(more, "range", "ranges"))
	}
	if len(parts) == 1 {
		return word + parts[0]
	}
	return word + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// addRange returns rs with r added, merged with any range it overlaps or
// touches. rs is not changed.
func addRange(rs []LineRange, r LineRange) []LineRange {
	if r.To < r.From {
		return rs
	}
	out := make([]LineRange, 0, len(rs)+1)
	i := 0
	for ; i < len(rs) && rs[i].To < r.From-1; i++ {
		out = append(out, rs[i])
	}
	for ; i < len(rs) && rs[i].From <= r.To+1; i++ {
		r.From, r.To = min(r.From, rs[i].From), max(r.To, rs[i].To)
	}
	out = append(out, r)
	return append(out, rs[i:]...)
}

// unseenIn is the parts of want that no range of rs covers.
func unseenIn(rs []LineRange, want LineRange) []LineRange {
	var out []LineRange
	next := want.From
	for _, r := range rs {
		if r.To < next {
			continue
		}
		if r.From > want.To {
			break
		}
		if r.From > next {
			out = append(out, LineRange{next, r.From - 1})
		}
		next = r.To + 1
		if next > want.To {
			return out
		}
	}
	if next <= want.To {
		out = append(out, LineRange{next, want.To})
	}
	return out
}

// removeRange returns rs without the lines of r. rs is not changed.
func removeRange(rs []LineRange, r LineRange) []LineRange {
	out := make([]LineRange, 0, len(rs)+1)
	for _, x := range rs {
		if x.To < r.From || x.From > r.To {
			out = append(out, x)
			continue
		}
		if x.From < r.From {
			out = append(out, LineRange{x.From, r.From - 1})
		}
		if x.To > r.To {
			out = append(out, LineRange{r.To + 1, x.To})
		}
	}
	return out
}

// readsFor words the repo_read_file calls that show the lines a change
// needs (windowsFor): "offset=3001 limit=100", "offset=1 limit=2000 and
// offset=2001 limit=73".
func readsFor(seen []LineRange, need []LineRange, total int) string {
	return wordReads(windowsFor(seen, need, total))
}

// wordReads writes read windows as repo_read_file arguments.
func wordReads(wins []LineRange) string {
	calls := make([]string, len(wins))
	for i, w := range wins {
		calls[i] = fmt.Sprintf("offset=%d limit=%d", w.From, w.Len())
	}
	switch {
	case len(calls) == 0:
		return ""
	case len(calls) == 1:
		return calls[0]
	case len(calls) > 6:
		return strings.Join(calls[:5], ", ") + fmt.Sprintf(" and %d more windows", len(calls)-5)
	}
	return strings.Join(calls[:len(calls)-1], ", ") + " and " + calls[len(calls)-1]
}

// windowsFor is the repo_read_file windows that show the unseen lines
// need (ascending) of a file of total lines: each unseen run around them
// whole when one read shows it, else the window of at most readMaxLimit
// lines from its start when that reaches them, else one centred on them,
// or consecutive windows over lines that need more than one.
func windowsFor(seen []LineRange, need []LineRange, total int) []LineRange {
	var wins []LineRange
	doneTo := 0
	for _, n := range need {
		if n.To <= doneTo {
			continue
		}
		run := LineRange{unseenRunStart(seen, n.From), unseenRunEnd(seen, n.To, total)}
		if run.Len() > readMaxLimit {
			switch {
			case n.Len() >= readMaxLimit:
				run = n
			case n.To-run.From < readMaxLimit:
				// reading on from where the unseen stretch starts reaches them
				run = LineRange{run.From, run.From + readMaxLimit - 1}
			default:
				from := n.From - (readMaxLimit-n.Len())/2
				from = max(min(from, run.To-readMaxLimit+1), run.From)
				run = LineRange{from, from + readMaxLimit - 1}
			}
		}
		run.From = max(run.From, doneTo+1)
		for from := run.From; from <= run.To; from += readMaxLimit {
			wins = append(wins, LineRange{from, min(run.To, from+readMaxLimit-1)})
		}
		doneTo = run.To
	}
	return wins
}

// unseenRunStart is the first line of the unseen run that holds line n.
func unseenRunStart(seen []LineRange, n int) int {
	start := 1
	for _, r := range seen {
		if r.To < n {
			start = r.To + 1
		}
	}
	return start
}

// unseenRunEnd is the last line of the unseen run that holds line n.
func unseenRunEnd(seen []LineRange, n, total int) int {
	for _, r := range seen {
		if r.From > n {
			return r.From - 1
		}
	}
	return total
}
