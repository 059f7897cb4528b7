package replay

import (
	"crypto/sha256"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// The start plan asks, at the replay's start, whether each file the agent
// read before changing it starts as the agent was first shown it
// (sameLines). It kept the lines of that first read for it, whose texts
// were slices of the whole decoded result: one 62 MB result held 110 MB
// until the end of the run, beside the same call decoded again by the
// second pass (issue 43 item 6). The question compares texts only, and
// only in the one window repo_read_file answers (ReadMaxLimit lines from
// the first line shown), so the plan keeps, of each line in that window,
// its number, length and hash, and of the lines past it their last
// number: bounded whatever the read's size, and no text.

// shownRead is what the plan keeps of a first read.
type shownRead struct {
	from, to int         // the first and last line numbers shown
	lines    []shownLine // the lines shown in [from, from+ReadMaxLimit), in the order shown
}

// shownLine is one line the agent was shown, as its number, length and
// SHA-256, and those of its text without a trailing ellipsis or dots
// (what cutShort compares as a prefix; prefix 0: too short to be a cut).
type shownLine struct {
	n         int
	size      int
	sum       [sha256.Size]byte
	prefix    int
	prefixSum [sha256.Size]byte
}

// newShownRead keeps what sameLines needs of lines (at least one).
func newShownRead(lines []transcript.SawLine) *shownRead {
	s := &shownRead{from: lines[0].N, to: lines[0].N}
	for _, l := range lines {
		s.from, s.to = min(s.from, l.N), max(s.to, l.N)
	}
	for _, l := range lines {
		if l.N < s.from+repoops.ReadMaxLimit {
			s.lines = append(s.lines, newShownLine(l))
		}
	}
	return s
}

func newShownLine(l transcript.SawLine) shownLine {
	sl := shownLine{n: l.N, size: len(l.Text), sum: sha256.Sum256([]byte(l.Text))}
	if p := strings.TrimRight(l.Text, "…."); len(p) > 0 && len(l.Text) >= cutShortMin {
		sl.prefix, sl.prefixSum = len(p), sha256.Sum256([]byte(p))
	}
	return sl
}

// matches: the file's line now is the one shown, or the one shown was it
// cut short (cutShort, on hashes).
func (l shownLine) matches(now string) bool {
	if len(now) == l.size && sha256.Sum256([]byte(now)) == l.sum {
		return true
	}
	return l.prefix > 0 && l.prefix < len(now) && sha256.Sum256([]byte(now[:l.prefix])) == l.prefixSum
}
