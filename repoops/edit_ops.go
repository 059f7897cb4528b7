package repoops

import (
	"bytes"
	"strings"
)

// This file holds the pure content operations behind repo_edit, repo_insert
// and repo_write: bytes in, bytes out, no disk. They work on a file's body
// (the bytes after a BOM) and keep its line-ending style and final-newline
// state; the BOM is put back by the caller (joinForm).

// changeSpan is one changed stretch: where it was in the old body and where
// its replacement is in the new one.
type changeSpan struct {
	OldStart, OldEnd int
	NewStart, NewEnd int
}

// contentChange is a computed new body and what changed.
type contentChange struct {
	Body  []byte
	Spans []changeSpan
}

// editMiss says why a replacement did not apply: old_string occurs Count
// times (at Lines, one entry per occurrence), not the expected number.
type editMiss struct {
	Count int
	Lines []int
}

// editCandidate is one way of matching old_string against the file: the
// bytes looked for, and the replacement for a match starting at pos.
type editCandidate struct {
	old    string
	newFor func(pos int) string
}

// editCandidates lists how old_string may be matched, in order. In a file
// whose lines all end the same way, old_string and new_string take the
// file's line breaks (a CRLF file matches an old_string written with \n,
// and new lines stay CRLF). In a mixed file old_string is matched as given
// first, then with its breaks as \r\n, then as \n; the replacement's new
// line breaks follow the matched text, so other lines stay byte-identical.
func editCandidates(body []byte, form TextForm, oldS, newS string) []editCandidate {
	if eol := pureEOL(form.EOL); eol != "" {
		o, n := withEOL(oldS, eol), withEOL(newS, eol)
		return []editCandidate{{old: o, newFor: func(int) string { return n }}}
	}
	asGiven := editCandidate{old: oldS, newFor: func(pos int) string {
		crlf := strings.Count(oldS, "\r\n")
		lf := strings.Count(oldS, "\n") - crlf
		switch {
		case crlf > 0 && lf == 0:
			return toCRLF(newS)
		case lf > 0 && crlf == 0:
			return toLF(newS)
		case crlf == 0 && lf == 0:
			return withEOL(newS, localEOL(body, pos))
		}
		return newS
	}}
	cands := []editCandidate{asGiven}
	if c := toCRLF(oldS); c != oldS {
		n := toCRLF(newS)
		cands = append(cands, editCandidate{old: c, newFor: func(int) string { return n }})
	}
	if l := toLF(oldS); l != oldS {
		n := toLF(newS)
		cands = append(cands, editCandidate{old: l, newFor: func(int) string { return n }})
	}
	return cands
}

// linesOf maps ascending byte offsets to their 1-based line numbers in one
// pass over body.
func linesOf(body []byte, at []int) []int {
	out := make([]int, len(at))
	line, pos := 1, 0
	for i, p := range at {
		line += bytes.Count(body[pos:p], []byte{'\n'})
		pos = p
		out[i] = line
	}
	return out
}

// matchAll returns the start of every non-overlapping occurrence of sub.
func matchAll(body []byte, sub string) []int {
	var at []int
	s := []byte(sub)
	for pos := 0; pos <= len(body); {
		i := bytes.Index(body[pos:], s)
		if i < 0 {
			break
		}
		at = append(at, pos+i)
		pos += i + len(s)
	}
	return at
}

// applyEdit replaces old_string with new_string when it occurs exactly
// expected times; otherwise it reports the occurrences and changes nothing.
// A replacement that reaches the end of the file keeps the file's
// final-newline state. noop is set when the change would leave the bytes
// as they are (old and new equal once line breaks match the file).
func applyEdit(body []byte, form TextForm, oldS, newS string, expected int) (ch contentChange, miss *editMiss, noop bool) {
	var best *editMiss
	for _, c := range editCandidates(body, form, oldS, newS) {
		at := matchAll(body, c.old)
		if len(at) != expected {
			if best == nil || (best.Count == 0 && len(at) > 0) {
				best = &editMiss{Count: len(at), Lines: linesOf(body, at)}
			}
			continue
		}
		var out bytes.Buffer
		out.Grow(len(body) + expected*(len(newS)-len(c.old)+8))
		prev := 0
		same := true
		for _, p := range at {
			out.Write(body[prev:p])
			repl := c.newFor(p)
			if repl != c.old {
				same = false
			}
			start := out.Len()
			out.WriteString(repl)
			ch.Spans = append(ch.Spans, changeSpan{OldStart: p, OldEnd: p + len(c.old), NewStart: start, NewEnd: out.Len()})
			prev = p + len(c.old)
		}
		out.Write(body[prev:])
		ch.Body = out.Bytes()
		if same {
			return contentChange{}, nil, true
		}
		keepFinalNewline(body, form, &ch)
		if bytes.Equal(ch.Body, body) {
			return contentChange{}, nil, true
		}
		return ch, nil, false
	}
	return contentChange{}, best, false
}

// keepFinalNewline restores the final-newline state when the last change
// reached the end of the file: a file that ended with a line break still
// does, and one that did not still does not.
func keepFinalNewline(body []byte, form TextForm, ch *contentChange) {
	if len(ch.Spans) == 0 || len(body) == 0 {
		return
	}
	last := &ch.Spans[len(ch.Spans)-1]
	if last.OldEnd != len(body) || len(ch.Body) == 0 {
		return
	}
	ends := ch.Body[len(ch.Body)-1] == '\n'
	switch {
	case form.FinalNewline && !ends:
		eol := "\n"
		if bytes.HasSuffix(body, []byte("\r\n")) {
			eol = "\r\n"
		}
		ch.Body = append(ch.Body, eol...)
		last.NewEnd = len(ch.Body)
	case !form.FinalNewline && ends && last.NewEnd > last.NewStart:
		// only a break the replacement brought is dropped, never a byte before it
		// (the last change reaches the end, so its new text is the tail)
		cut := last.NewStart + len(trimEOL(string(ch.Body[last.NewStart:])))
		if cut > 0 && ch.Body[cut-1] == '\n' {
			// the change ends in a blank line, which exists only with its break
			return
		}
		ch.Body = ch.Body[:cut]
		if last.NewEnd > len(ch.Body) {
			last.NewEnd = len(ch.Body)
		}
		if last.NewStart > last.NewEnd {
			last.NewStart = last.NewEnd
		}
	}
}

// lineEnd returns the offset just after the n-th line break (n ≥ 1), or
// len(body) when the body has fewer.
func lineEnd(body []byte, n int) int {
	pos := 0
	for i := 0; i < n; i++ {
		j := bytes.IndexByte(body[pos:], '\n')
		if j < 0 {
			return len(body)
		}
		pos += j + 1
	}
	return pos
}

// applyInsert puts content in as whole lines after line afterLine (0 = at
// the top); the caller has checked 0 ≤ afterLine ≤ CountLines(body) and
// that content is not empty. The inserted lines take the file's line
// breaks (in a mixed file, those of line afterLine); appending to a file
// without a final newline keeps it without one. It returns the change and
// how many lines were inserted.
func applyInsert(body []byte, form TextForm, afterLine int, content string) (contentChange, int) {
	pos := 0
	if afterLine > 0 {
		pos = lineEnd(body, afterLine)
	}
	eol := pureEOL(form.EOL)
	if eol == "" {
		// a mixed file: the inserted lines end like line afterLine (line 1 at the top)
		eol = localEOL(body, max(pos-1, 0))
	}
	c := withEOL(content, eol)
	if !strings.HasSuffix(c, "\n") {
		c += eol
	}
	n := CountLines([]byte(c))
	out := make([]byte, 0, len(body)+len(c)+len(eol))
	var span changeSpan
	if len(body) > 0 && pos == len(body) && !form.FinalNewline {
		// appending after an unterminated last line: end that line, and
		// leave the new last line unterminated like the old one.
		out = append(out, body...)
		span = changeSpan{OldStart: pos, OldEnd: pos, NewStart: pos}
		out = append(out, eol...)
		if t := trimEOL(c); t != "" && !strings.HasSuffix(t, "\n") {
			out = append(out, t...)
		} else {
			// the last inserted line is blank: it can only exist with its break
			out = append(out, c...)
		}
		span.NewEnd = len(out)
	} else {
		out = append(out, body[:pos]...)
		span = changeSpan{OldStart: pos, OldEnd: pos, NewStart: pos, NewEnd: pos + len(c)}
		out = append(out, c...)
		out = append(out, body[pos:]...)
	}
	return contentChange{Body: out, Spans: []changeSpan{span}}, n
}

// overwriteBody is the new body of a file overwritten with content: the
// file's BOM state and, when all its lines end the same way, its line
// breaks are kept; the final newline is as content gives it.
func overwriteBody(form TextForm, content string) []byte {
	body := strings.TrimPrefix(content, utf8BOM)
	switch form.EOL {
	case EOLCRLF:
		body = toCRLF(body)
	case EOLLF:
		body = toLF(body)
	}
	return []byte(body)
}
