package replay

import (
	"fmt"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// Reads the agent never used (issue 39 item 9): a read whose lines an
// earlier read of the same version already showed whole. "The same
// version" is judged conservatively: any call that may change a file
// (an edit, a write, a shell command that is not a plain read) starts a
// new version of every file, so only a re-read with nothing in between
// is a note, never a guess.

// FlagReRead: a read showed only lines an earlier read had shown, with
// nothing changed in between: a note, counted as wasted lines.
const FlagReRead FlagKind = "re-read"

// shownSpan is lines a read showed, and the call that read them.
type shownSpan struct {
	r   LineRange
	seq int
}

// rereads keeps, per file, what reads showed since the last call that
// may have changed a file.
type rereads struct {
	shown  map[string][]shownSpan
	wasted int // lines re-read in all
}

// change forgets every file's shown lines: a new version may exist.
func (rr *rereads) change() { rr.shown = nil }

// read notes a read of path; when every line it showed was shown since
// the last change, it returns the note that says so.
func (rr *rereads) read(path string, lines []transcript.SawLine, seq int) *Flag {
	if len(lines) == 0 {
		return nil
	}
	if rr.shown == nil {
		rr.shown = map[string][]shownSpan{}
	}
	spans := rr.shown[path]
	first := 0 // the earliest read that showed one of these lines
	all := true
	for _, l := range lines {
		at := 0
		for _, s := range spans {
			if s.r.From <= l.N && l.N <= s.r.To {
				at = s.seq
				break
			}
		}
		if at == 0 {
			all = false
			break
		}
		if first == 0 || at < first {
			first = at
		}
	}
	var rs []LineRange
	for _, l := range lines {
		rs = AddRange(rs, LineRange{l.N, l.N})
	}
	for _, r := range rs {
		rr.shown[path] = append(rr.shown[path], shownSpan{r, seq})
	}
	if !all {
		return nil
	}
	rr.wasted += len(lines)
	return &Flag{Kind: FlagReRead, Path: path, Lines: rs, Severity: SeverityNote,
		Text: fmt.Sprintf("%s %s of %s already shown at #%d, with nothing changed since (%s the agent was shown again)",
			lineWord(rs), Ranges(rs), repoops.DisplayPath(path), first, repoops.Plural(len(lines), "line", "lines"))}
}

// mayChange reports whether a call may have changed a file: a change
// tool, or a shell command that is not a plain read.
func mayChange(c transcript.Call) bool {
	for _, tc := range c.Repox {
		if isChange(tc.Tool) {
			return true
		}
	}
	return len(c.Repox) == 0 && c.NoEquivalent != "" && !strings.HasPrefix(c.NoEquivalent, "a web search")
}
