package repoops

import "bytes"

// A change's effect on lines, so the gate can say which lines it needs
// seen and carry what was seen through it.
//
// The new body is the old one with each span's bytes replaced; between
// the spans lie unchanged stretches. Each new line is made of the
// session's own text (seen: it wrote it) and of unchanged old bytes; it
// is seen exactly when every old line that lends it bytes was seen. So a
// new line that is a plain copy of an old line keeps that line's state,
// and a line the change joined onto unseen text is unseen.

// lineCopy says that new lines New.From..New.To hold bytes of old lines
// OldFrom.. in order (one unchanged stretch between two spans).
type lineCopy struct {
	New     LineRange
	OldFrom int
}

// lineStep is one change in lines: what it needs seen in the old body,
// and how new lines draw on old ones.
type lineStep struct {
	Need     []LineRange // old lines the change alters (sorted, merged)
	Copies   []lineCopy  // new lines' old sources, in order
	NewLines int         // lines in the new body
	// Long is the length in characters of each needed line over the read
	// cap: no read shows it whole, so the refusal must say another tool.
	Long map[int]int
}

// stepOf describes the change of old into new by its byte spans
// (ascending; old and new body coordinates). extra is a line the change
// needs seen besides those its bytes touch (repo_insert's after_line).
func stepOf(old, new []byte, spans []changeSpan, extra ...int) lineStep {
	st := lineStep{NewLines: CountLines(new)}
	oldLine, oldPos := 1, 0 // line of oldPos
	newLine, newPos := 1, 0
	advance := func(b []byte, line *int, pos *int, to int) {
		*line += bytes.Count(b[*pos:to], []byte{'\n'})
		*pos = to
	}
	segOld, segNew := 0, 0 // start of the unchanged stretch before the next span
	addCopy := func(oldEnd, newEnd int) {
		if newEnd <= segNew {
			return
		}
		advance(old, &oldLine, &oldPos, segOld)
		advance(new, &newLine, &newPos, segNew)
		first := newLine
		advance(new, &newLine, &newPos, newEnd-1)
		st.Copies = append(st.Copies, lineCopy{New: LineRange{first, newLine}, OldFrom: oldLine})
	}
	for _, sp := range spans {
		addCopy(sp.OldStart, sp.NewStart)
		if sp.OldEnd > sp.OldStart {
			advance(old, &oldLine, &oldPos, sp.OldStart)
			first := oldLine
			advance(old, &oldLine, &oldPos, sp.OldEnd-1)
			st.Need = addRange(st.Need, LineRange{first, oldLine})
		}
		// the old line that starts where the span ends is joined onto the
		// span's text when that text does not end a line there
		if sp.OldEnd < len(old) && atLineStart(old, sp.OldEnd) && !atLineStart(new, sp.NewEnd) {
			advance(old, &oldLine, &oldPos, sp.OldEnd)
			st.Need = addRange(st.Need, LineRange{oldLine, oldLine})
		}
		segOld, segNew = sp.OldEnd, sp.NewEnd
	}
	addCopy(len(old), len(new))
	for _, l := range extra {
		st.Need = addRange(st.Need, LineRange{l, l})
	}
	return st
}

func atLineStart(b []byte, pos int) bool { return pos == 0 || b[pos-1] == '\n' }

// carry maps the seen lines of the old body to the new one: every new
// line is seen except those that draw on an unseen old line.
func (st lineStep) carry(seen []LineRange, oldLines int) []LineRange {
	var out []LineRange
	if st.NewLines > 0 {
		out = []LineRange{{1, st.NewLines}}
	}
	for _, c := range st.Copies {
		shift := c.New.From - c.OldFrom
		for _, u := range unseenIn(seen, LineRange{c.OldFrom, c.OldFrom + c.New.Len() - 1}) {
			out = removeRange(out, LineRange{u.From + shift, u.To + shift})
		}
	}
	return out
}

// uncarry is the old lines the new lines r draw on (for naming, in the
// file as it is, the lines a later edit of a list needs).
func (st lineStep) uncarry(r LineRange) []LineRange {
	var out []LineRange
	for _, c := range st.Copies {
		lo, hi := max(r.From, c.New.From), min(r.To, c.New.To)
		if lo <= hi {
			shift := c.New.From - c.OldFrom
			out = addRange(out, LineRange{lo - shift, hi - shift})
		}
	}
	return out
}
