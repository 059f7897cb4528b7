package replay

import (
	"sort"
	"strconv"

	"github.com/repoxhq/repox/replay/transcript"
)

// LineRange is an inclusive range of 1-based line numbers.
type LineRange struct {
	From int `json:"from"`
	To   int `json:"to"`
}

func (r LineRange) String() string {
	if r.From == r.To {
		return strconv.Itoa(r.From)
	}
	return strconv.Itoa(r.From) + "-" + strconv.Itoa(r.To)
}

// Ranges formats ranges as "1-40, 52, 60-70".
func Ranges(rs []LineRange) string {
	s := ""
	for i, r := range rs {
		if i > 0 {
			s += ", "
		}
		s += r.String()
	}
	return s
}

// FileSeen is what the agent of one session saw of one file, in the
// file's current line numbers (ranges move when the agent's edits add or
// remove lines above them).
type FileSeen struct {
	Path         string      `json:"path"`
	Read         []LineRange `json:"read,omitempty"`         // lines the agent was shown by a read
	Listed       bool        `json:"listed,omitempty"`       // named in a listing or search the agent got
	Edited       []LineRange `json:"edited,omitempty"`       // lines the agent's edits produced
	EditedUnread []LineRange `json:"editedUnread,omitempty"` // of Edited, those that replaced lines the agent had not been shown
	Written      bool        `json:"written,omitempty"`      // created or overwritten whole
	LastReadSeq  int         `json:"lastReadSeq,omitempty"`  // the call of the last read
	// Forgotten: of Read and Edited, the lines the agent last saw before
	// its context's latest compaction, no longer in what the model sees;
	// CompactedAt is the first call after that compaction (0: none).
	// Filled by File and Files (seen_forgotten.go).
	Forgotten   []LineRange `json:"forgotten,omitempty"`
	CompactedAt int         `json:"compactedAt,omitempty"`
}

// Horizon collects FileSeen for one session, call by call.
type Horizon struct {
	files map[string]*FileSeen
	// sights: per file, the call that last showed each line the agent
	// knows, and the line as it saw it (seen_sight.go)
	sights map[string][]sight
	// forgot, compactedAt: the calls up to forgot were compacted away,
	// the latest compaction before call compactedAt (seen_forgotten.go)
	forgot, compactedAt int
}

// NewHorizon starts an empty horizon.
func NewHorizon() *Horizon {
	return &Horizon{files: map[string]*FileSeen{}, sights: map[string][]sight{}}
}

func (h *Horizon) file(p string) *FileSeen {
	f, ok := h.files[p]
	if !ok {
		f = &FileSeen{Path: p}
		h.files[p] = f
	}
	return f
}

// File returns what the agent saw of path (repo-relative).
func (h *Horizon) File(path string) (FileSeen, bool) {
	f, ok := h.files[path]
	if !ok {
		return FileSeen{}, false
	}
	return h.withForgotten(*f), true
}

// Files returns every file the agent touched, in path order.
func (h *Horizon) Files() []FileSeen {
	out := make([]FileSeen, 0, len(h.files))
	for _, f := range h.files {
		out = append(out, h.withForgotten(*f))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Read records that the agent was shown lines of path.
func (h *Horizon) Read(path string, lines []transcript.SawLine, seq int) {
	f := h.file(path)
	f.LastReadSeq = seq
	for _, l := range lines {
		f.Read = AddRange(f.Read, LineRange{l.N, l.N})
	}
	for _, s := range readSights(lines, seq) {
		h.sights[path] = overlay(h.sights[path], s)
	}
}

// saw records that the agent last knew lines of path as s holds them (a
// change it made wrote them).
func (h *Horizon) saw(path string, s sight) {
	if s.r.From <= s.r.To {
		h.sights[path] = overlay(h.sights[path], s)
	}
}

// Listed records that paths were named in a result the agent got.
func (h *Horizon) Listed(paths []string) {
	for _, p := range paths {
		h.file(p).Listed = true
	}
}

// Unread returns the parts of r the agent neither was shown nor wrote.
func (h *Horizon) Unread(path string, r LineRange) []LineRange {
	f, ok := h.files[path]
	if !ok {
		return []LineRange{r}
	}
	known := f.Read
	for _, e := range f.Edited {
		known = AddRange(known, e)
	}
	return subtract(r, known)
}

// Edit records that the agent replaced lines old (empty when From > To:
// an insertion before From) by n lines; unread marks that some replaced
// lines were not shown first.
func (h *Horizon) Edit(path string, old LineRange, n int, unread bool) {
	f := h.file(path)
	oldLen := max(old.To-old.From+1, 0)
	delta := n - oldLen
	shift := func(rs []LineRange) []LineRange {
		var out []LineRange
		for _, r := range rs {
			// the part before the edit stays, the part after moves, the part inside goes
			if r.From < old.From {
				out = append(out, LineRange{r.From, min(r.To, old.From-1)})
			}
			if r.To > old.To {
				out = append(out, LineRange{max(r.From, old.To+1) + delta, r.To + delta})
			}
		}
		return out
	}
	f.Read, f.Edited, f.EditedUnread = shift(f.Read), shift(f.Edited), shift(f.EditedUnread)
	h.sights[path] = shiftSights(h.sights[path], old, delta)
	if n > 0 {
		nr := LineRange{old.From, old.From + n - 1}
		f.Edited = AddRange(f.Edited, nr) // known to the agent: it wrote them
		if unread {
			f.EditedUnread = AddRange(f.EditedUnread, nr)
		}
	}
}

// Wrote records that the agent wrote path whole, n lines.
func (h *Horizon) Wrote(path string, n int) {
	f := h.file(path)
	f.Written = true
	f.Read, f.Edited, f.EditedUnread = nil, nil, nil
	delete(h.sights, path)
	if n > 0 {
		f.Edited = []LineRange{{1, n}}
	}
}

// AddRange inserts r into sorted, merged ranges.
func AddRange(rs []LineRange, r LineRange) []LineRange {
	if r.From > r.To {
		return rs
	}
	var out []LineRange
	placed := false
	for _, x := range rs {
		switch {
		case x.To+1 < r.From:
			out = append(out, x)
		case r.To+1 < x.From:
			if !placed {
				out = append(out, r)
				placed = true
			}
			out = append(out, x)
		default:
			r = LineRange{min(r.From, x.From), max(r.To, x.To)}
		}
	}
	if !placed {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].From < out[j].From })
	return out
}

// subtract returns the parts of r not covered by rs (sorted, merged).
func subtract(r LineRange, rs []LineRange) []LineRange {
	var out []LineRange
	cur := r.From
	for _, x := range rs {
		if x.To < cur || x.From > r.To {
			continue
		}
		if x.From > cur {
			out = append(out, LineRange{cur, x.From - 1})
		}
		cur = max(cur, x.To+1)
	}
	if cur <= r.To {
		out = append(out, LineRange{cur, r.To})
	}
	return out
}
