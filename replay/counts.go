package replay

import (
	"slices"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// A replay's numbers are counted here and nowhere else: the report's
// summary (text and --json), the sessions list's findings cell
// (CountFindings), the sessions pane's title and --changes all print a
// Counts, so one transcript gives the same totals on every face. A
// finding is counted once per flag of a step (a step holds each flag
// once, Step), notes apart.

// Counts are a replay's calls, and its findings and notes by kind.
type Counts struct {
	Calls        int              `json:"calls"`
	File         int              `json:"fileCalls"`    // calls with a repox equivalent
	NoEquivalent int              `json:"noEquivalent"` // calls without one
	Findings     map[FlagKind]int `json:"findings"`     // flags graded SeverityFinding, by kind
	Notes        map[FlagKind]int `json:"notes"`        // flags graded SeverityNote, by kind
}

// Add counts one replayed step: the call, and each of its flags once.
func (c *Counts) Add(s Step) {
	c.Calls++
	if s.Call.IsFileTool() {
		c.File++
	} else {
		c.NoEquivalent++
	}
	if c.Findings == nil {
		c.Findings, c.Notes = map[FlagKind]int{}, map[FlagKind]int{}
	}
	for _, f := range s.Flags {
		if f.Note() {
			c.Notes[f.Kind]++
		} else {
			c.Findings[f.Kind]++
		}
	}
}

// Note: the flag is counted as a note, not a finding.
func (f Flag) Note() bool { return f.Severity == SeverityNote }

// Graded is one step's findings and notes, counted as Add counts them
// (a row of the sessions pane's timeline).
func (s Step) Graded() (findings, notes int) {
	for _, f := range s.Flags {
		if f.Note() {
			notes++
		} else {
			findings++
		}
	}
	return findings, notes
}

// FindingTotal is the number of findings, notes apart.
func (c Counts) FindingTotal() int { return total(c.Findings) }

// NoteTotal is the number of notes.
func (c Counts) NoteTotal() int { return total(c.Notes) }

func total(m map[FlagKind]int) int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}

// Kinds are the kinds counted in m, in the one order every face lists
// them in: by name.
func Kinds(m map[FlagKind]int) []FlagKind {
	ks := make([]FlagKind, 0, len(m))
	for k, n := range m {
		if n > 0 {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

// Text is the findings and notes as every face words them: "3 findings
// (1 differs, 2 edit-unread); 1 note (1 differs)", "0 findings".
func (c Counts) Text() string {
	s := repoops.Plural(c.FindingTotal(), "finding", "findings") + byKind(c.Findings)
	if n := c.NoteTotal(); n > 0 {
		s += "; " + repoops.Plural(n, "note", "notes") + byKind(c.Notes)
	}
	return s
}

// byKind is " (1 differs, 2 edit-unread)", or "" for none.
func byKind(m map[FlagKind]int) string {
	ks := Kinds(m)
	if len(ks) == 0 {
		return ""
	}
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = repoops.Commas(m[k]) + " " + string(k)
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// oneEach drops the flags that repeat an earlier one word for word (one
// per mapped call of a patch of many hunks): a step says a thing once.
func oneEach(fs []Flag) []Flag {
	if len(fs) < 2 {
		return fs
	}
	var out []Flag
	for _, f := range fs {
		if !slices.ContainsFunc(out, func(g Flag) bool {
			return g.Kind == f.Kind && g.Severity == f.Severity && g.Path == f.Path && g.Text == f.Text
		}) {
			out = append(out, f)
		}
	}
	return out
}
