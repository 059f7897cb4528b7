package repoops

import (
	"fmt"
	"unicode/utf8"
)

// GateCause is why the read-before-edit gate decided as it did.
type GateCause int

const (
	GateAllowed     GateCause = iota // every line needed was seen, file unchanged since
	GateNeverRead                    // this session never read the file (this version or any)
	GatePartialRead                  // lines needed were not seen (GateCheck: not every line was)
	GateUnreadable                   // a line needed is longer than a read shows whole
	GateChanged                      // the file changed on disk since what was seen
	GateMissing                      // the file does not exist (repo_write may create it)
	GateNotEditable                  // symlink, folder, binary, not UTF-8, hard-linked, bad path…
)

func (c GateCause) String() string {
	switch c {
	case GateAllowed:
		return "seen, unchanged"
	case GateNeverRead:
		return "not read"
	case GatePartialRead:
		return "partly seen"
	case GateUnreadable:
		return "a line too long to be seen whole"
	case GateChanged:
		return "changed on disk since the read"
	case GateMissing:
		return "does not exist"
	}
	return "not editable"
}

// GateVerdict is the read-before-edit gate's decision for one file: may
// this session make this change now (Plan), or change any line of it
// (GateCheck)? Reason is the model-facing refusal (empty when Allowed);
// it says what is missing and the read that fixes it.
type GateVerdict struct {
	Path    string    `json:"path"` // display form
	Allowed bool      `json:"allowed"`
	Cause   GateCause `json:"cause"`
	Reason  string    `json:"reason,omitempty"`
	// Seen is what the session has seen of the file (nil if nothing); of
	// an older version when Cause is GateChanged.
	Seen  *SeenLines `json:"-"`
	Lines int        `json:"lines"` // lines in the file now (0 when missing or not inspected)
	// Unseen is the lines, in the file as it is, that the change (for
	// GateCheck: any change) needs and the session has not seen.
	Unseen []LineRange `json:"unseen,omitempty"`
	// Reads is the repo_read_file windows (offset From, limit Len) that
	// show them: what the refusal asks for.
	Reads []LineRange `json:"reads,omitempty"`
}

// GateCheck asks the gate about the whole file: Allowed when the session
// has seen every line of it as it is now, so any change may be made
// (Cause GatePartialRead: only changes of the lines in Seen may). It only
// looks (stat, read, hash); it never writes and never changes the session,
// so the TUI can show it beside an edit preview. path takes every form the
// tools accept.
func (s *Session) GateCheck(path string) GateVerdict {
	rel, err := s.repo.resolveFilePath(path)
	if err != nil {
		return GateVerdict{Path: DisplayPath(path), Cause: GateNotEditable, Reason: err.Error()}
	}
	t, err := s.repo.openEditTarget(rel, false)
	if err != nil {
		return GateVerdict{Path: DisplayPath(rel), Cause: GateNotEditable, Reason: err.Error()}
	}
	defer t.Close()
	st, err := inspectTarget(t, DisplayPath(rel))
	if err != nil {
		return GateVerdict{Path: DisplayPath(rel), Cause: GateNotEditable, Reason: err.Error()}
	}
	return s.decide(rel, st, gateNeed{whole: true})
}

// gateNeed is what a change needs seen: every line (whole: repo_write, and
// GateCheck's question), or what its steps alter (repo_edit's edits in
// order, repo_insert's one step), each in the body the steps before it
// left.
type gateNeed struct {
	whole bool
	steps []lineStep
}

// decide is the gate's one rule, applied to a file's current state: a
// change may alter only lines the session has seen, all in the file's
// current version (size, mtime, ctime, inode and SHA-256 equal to those of
// the reads that showed them), carried through the session's own changes.
// Never grant on what a window did not show whole (seed 003).
func (s *Session) decide(rel string, st *fileState, need gateNeed) GateVerdict {
	shown := DisplayPath(rel)
	v := GateVerdict{Path: shown}
	rec, read := s.Seen(rel)
	if read {
		v.Seen = &rec
	}
	if !st.Exists {
		v.Cause = GateMissing
		v.Reason = fmt.Sprintf("%s does not exist — call repo_find to look for it, or repo_write to create it", shown)
		return v
	}
	v.Lines = CountLines(st.Content)
	var seen []LineRange
	if read && rec.Fingerprint == st.FP {
		seen = rec.Ranges
	}
	var first int
	v.Unseen, first = unseenNeeded(seen, v.Lines, need)
	long := longLines(st.Content, v.Unseen)
	v.Reads = windowsFor(seen, v.Unseen, v.Lines)
	if len(v.Reads) == 0 && (!read || rec.Fingerprint != st.FP) {
		// nothing in particular is needed, but nothing is seen: the whole file
		v.Reads = windowsFor(nil, []LineRange{{1, max(v.Lines, 1)}}, max(v.Lines, 1))
	}
	fix := wordReads(v.Reads)
	switch {
	case !read:
		v.Cause = GateNeverRead
		v.Reason = fmt.Sprintf("%s has not been read in this session — read it with repo_read_file first (%s); a change may touch only lines this session has seen", shown, fix)
	case rec.Fingerprint != st.FP:
		v.Cause = GateChanged
		v.Reason = fmt.Sprintf("%s changed on disk since %s — read it again before changing it (%s)", shown, seenWhen(&rec), fix)
	case len(long) > 0:
		v.Cause = GateUnreadable
		l := long[0]
		v.Reason = fmt.Sprintf("%s: line %s has %s characters, and repo_read_file shows at most %s of a line, so it can never be seen whole and repox cannot change it — change it with another tool", shown, Commas(l.line), Commas(l.chars), Commas(readLineChars))
		if need.whole {
			v.Reason += "; repo_edit and repo_insert can still change the lines around it once they are seen"
		}
	case len(v.Unseen) > 0:
		v.Cause = GatePartialRead
		verb, it := "have", "them"
		if len(v.Unseen) == 1 && v.Unseen[0].Len() == 1 {
			verb, it = "has", "it"
		}
		which := ""
		if len(need.steps) > 1 {
			which = fmt.Sprintf(" (edits[%d] changes %s)", first, it)
		}
		v.Reason = fmt.Sprintf("%s: %s %s not been read in this session%s — read %s with %s first", shown, rangeList(v.Unseen, 6), verb, which, it, fix)
		if need.whole && len(rec.Ranges) > 0 {
			v.Reason += fmt.Sprintf(" (seen so far: %s; repo_edit and repo_insert may change those)", rec.Summary())
		}
	default:
		v.Cause = GateAllowed
		v.Allowed = true
	}
	return v
}

// unseenNeeded is the lines, in the file as it is, that the change needs
// and seen does not hold; the cause is GateAllowed when there are none.
// A step after the first is checked against what the steps before it
// left seen, and its unseen lines are traced back to the lines they come
// from.
func unseenNeeded(seen []LineRange, lines int, need gateNeed) (out []LineRange, first int) {
	first = -1
	if need.whole {
		if lines > 0 {
			out = unseenIn(seen, LineRange{1, lines})
		}
	} else {
		history := [][]LineRange{seen}
		cur, curLines := seen, lines
		for k, step := range need.steps {
			for _, n := range step.Need {
				for _, u := range unseenIn(cur, n) {
					for _, r := range traceBack(need.steps[:k], history, u) {
						out = addRange(out, r)
						if first < 0 {
							first = k
						}
					}
				}
			}
			cur = step.carry(cur, curLines)
			curLines = step.NewLines
			history = append(history, cur)
		}
	}
	return out, first
}

// traceBack maps unseen lines of the body after steps back to the unseen
// lines of the file they draw on. history[k] is what was seen before
// step k.
func traceBack(steps []lineStep, history [][]LineRange, r LineRange) []LineRange {
	rs := []LineRange{r}
	for k := len(steps) - 1; k >= 0; k-- {
		var prev []LineRange
		for _, x := range rs {
			for _, src := range steps[k].uncarry(x) {
				for _, u := range unseenIn(history[k], src) {
					prev = addRange(prev, u)
				}
			}
		}
		rs = prev
	}
	return rs
}

type longLine struct{ line, chars int }

// longLines lists the lines of content within rs that are over the
// characters a read shows of a line.
func longLines(content []byte, rs []LineRange) []longLine {
	if len(rs) == 0 {
		return nil
	}
	var out []longLine
	n, k := 0, 0
	for start := 0; start < len(content) && k < len(rs); {
		n++
		end := start
		for end < len(content) && content[end] != '\n' {
			end++
		}
		for k < len(rs) && rs[k].To < n {
			k++
		}
		if k < len(rs) && rs[k].From <= n && end-start > readLineChars {
			line := content[start:end]
			if len(line) > 0 && line[len(line)-1] == '\r' {
				line = line[:len(line)-1]
			}
			if chars := utf8.RuneCount(line); chars > readLineChars {
				out = append(out, longLine{n, chars})
			}
		}
		start = end + 1
	}
	return out
}

func seenWhen(rec *SeenLines) string {
	if rec == nil {
		return "the plan"
	}
	if rec.Via != "" {
		return rec.Via + "'s write at " + rec.At.Format("15:04:05")
	}
	return "the read at " + rec.At.Format("15:04:05")
}
