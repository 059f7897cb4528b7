package transcript

import (
	"bytes"
	"encoding/json"
)

// Format detection: the head of the file (its first lines, format_head.go)
// is shown to every registered format's probe (format.go) until one says
// yes with evidence; the earliest line with a yes decides. Until then
// the lines are held, and once a format is known its reader is given them
// all, from the first JSON object on. A format repox only knows to refuse,
// a head that ends or fills up with no yes, are refused: the file is no
// transcript repox reads, and the refusal says what it looked like.

// detect shows line n to the probes; true once the line went to a decoder.
func (s *stream) detect(b []byte, n int) bool {
	if s.head == nil {
		s.head = newHead()
	}
	h := s.head
	h.add(b, n)
	before := h.kept < 0
	if s.decide() {
		return true // a text format's yes is on this line: not skipped
	}
	if before {
		// before any JSON: counted as today, held only for what it says
		if json.Valid(b) {
			s.st.skip("line %d is JSON, but not an object", n)
		} else {
			s.st.skip("line %d is not JSON", n)
		}
	}
	if s.head != nil {
		h.hold()
	}
	return false
}

// decide asks the registry about the head; true once a reader took it.
// A head that is complete without a yes is refused.
func (s *stream) decide() bool {
	h := s.head
	f, a := registryVerdict(h)
	switch {
	case f != nil && f.reader == nil:
		s.refuse(&NotTranscriptError{What: f.shape, Evidence: a.Evidence})
		return false
	case f != nil:
		s.st.Format, s.dec, s.text = f.agent, f.reader(s), f.text
		s.head = nil
		from := h.kept
		if f.text { // from the line the probe's yes is on
			for from = 0; from < len(h.lines) && h.lines[from].n < a.Line; from++ {
			}
		}
		if from >= 0 {
			for _, l := range h.lines[from:] {
				s.dec.line(l.raw, l.n, &s.st)
			}
		}
		return true
	case h.done:
		s.refuse(&NotTranscriptError{First: h.firstDesc})
	}
	return false
}

func (s *stream) refuse(e *NotTranscriptError) {
	s.refused, s.head = e, nil
	s.st.NotTranscript = e.Error()
	s.st.LastSkip = s.st.NotTranscript
}

// endHead is the end of the input: a head still undecided is complete.
func (s *stream) endHead() {
	if s.dec == nil && s.refused == nil && s.head != nil {
		s.head.done = true
		s.decide()
	}
}

// NotATranscript says why what was read is no transcript repox reads:
// "" once a format was recognised, while it may still be, or when nothing
// was read.
func (r *Reader) NotATranscript() string {
	if r.s.refused == nil {
		return ""
	}
	return r.s.refused.Error()
}

// docDecoder is a decoder of one JSON document over many lines, which
// may end without a newline: at the end of the input it takes the rest.
type docDecoder interface {
	decoder
	end(tail []byte, st *Stats)
}

// docEnds: the decoder is a document's and the unterminated last line
// closes the document (Gemini CLI writes its session document with no
// newline at the end). A Follower, which never reaches an end of input,
// hands the document over (atEnd) at the end of what is written so far
// only then: a document still being written is not decoded early.
func (s *stream) docEnds(sp *splitter) bool {
	d, ok := s.dec.(interface{ closedBy(tail []byte) bool })
	return ok && !sp.tooLong && len(sp.tail) > 0 && d.closedBy(sp.tail)
}

// atEnd hands a document decoder the unterminated last line; true when
// it took it.
func (s *stream) atEnd(sp *splitter) bool {
	d, ok := s.dec.(docDecoder)
	if !ok {
		return false
	}
	tail := sp.tail
	if sp.tooLong {
		tail = nil
	}
	d.end(bytes.TrimSpace(tail), &s.st)
	sp.tail, sp.tooLong = sp.tail[:0], false
	return true
}
