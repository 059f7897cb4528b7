package sessions

import (
	"strconv"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// The calls list is a timeline, as the report has it: each call after the
// conversation shown before it (a turn's heading with the user's prompt,
// the agent's text, its thinking folded until t, a compaction marker).
// The cursor moves over the calls; the messages are read, not selected.

// tlLine is one line of the timeline: a call (call >= 0) or a line of a
// message (call -1).
type tlLine struct {
	call int
	kind transcript.MessageKind
	text string
	cont bool // a wrapped message's second line or later
}

// messageIndent is the room before a message line's text.
const messageIndent = 8

// timeline lays out every call and message for a list w columns wide.
// Unwrapped, a message is one line (its whitespace folded); wrapped (w),
// it takes the lines it needs.
func (p *Pane) timeline(w int) []tlLine {
	out := make([]tlLine, 0, len(p.calls)+len(p.tail))
	for i := range p.calls {
		if !p.shows(i) {
			continue
		}
		for _, m := range p.calls[i].said {
			out = p.messageLines(out, m, w)
		}
		out = append(out, tlLine{call: i})
	}
	if p.kind == "" && p.cquery == "" {
		for _, m := range p.tail {
			out = p.messageLines(out, m, w)
		}
	}
	return out
}

func (p *Pane) messageLines(out []tlLine, m transcript.Message, w int) []tlLine {
	text := m.Text
	switch m.Kind {
	case transcript.MessageUser:
		text = "turn " + strconv.Itoa(m.Turn) + " · " + text
	case transcript.MessageThinking:
		if !p.thinking {
			return append(out, tlLine{call: -1, kind: m.Kind, text: "· " + repoops.Plural(m.Chars, "character", "characters") + " (t unfolds)"})
		}
	case transcript.MessageCompaction:
		text = "── context compacted ── " + text
	}
	if m.Cut > 0 {
		text += " … (" + repoops.Plural(m.Cut, "more character", "more characters") + ": repox replay --report)"
	}
	if !p.wrap {
		return append(out, tlLine{call: -1, kind: m.Kind, text: strings.Join(strings.Fields(text), " ")})
	}
	for i, l := range ui.SessionsWrap(text, max(w-messageIndent, 10)) {
		out = append(out, tlLine{call: -1, kind: m.Kind, text: l, cont: i > 0})
	}
	return out
}

// lineOf is the index in tl of call i's line (-1: not in it).
func lineOf(tl []tlLine, i int) int {
	for j, l := range tl {
		if l.call == i {
			return j
		}
	}
	return -1
}

// placeTop keeps the cursor's call in the list's rows: the messages shown
// before it too when there is room; following, the newest lines.
func (p *Pane) placeTop(tl []tlLine, rows int) {
	cl := lineOf(tl, p.cur)
	if p.follow {
		p.top = max(len(tl)-rows, 0)
	}
	if cl < 0 {
		p.top = max(min(p.top, len(tl)-rows), 0)
		return
	}
	first := cl // the first line of the messages before it
	for first > 0 && tl[first-1].call < 0 {
		first--
	}
	switch {
	case cl < p.top:
		p.top = max(first, cl-rows+1)
	case cl >= p.top+rows:
		p.top = cl - rows + 1
	case !p.follow && first < p.top && cl-first < rows:
		p.top = first // the call's prompt and words with it
	}
	p.top = max(min(p.top, len(tl)-rows), 0)
}
