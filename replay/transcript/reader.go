package transcript

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// LiveRecordWithin: a session whose latest record is this recent may
// still be running (an agent thinks, or waits for a tool, between
// records); discover's liveness and the replay's wording of a call
// without a result both use it.
const LiveRecordWithin = 15 * time.Minute

// MaxLine bounds one transcript line the readers hold (a line longer than
// this is skipped and counted). Claude Code writes whole file contents into
// one line, so this is generous.
const MaxLine = 64 << 20

// Stats describes a transcript as far as it has been read.
type Stats struct {
	Format    Agent     `json:"format,omitempty"` // "" until a line was recognised
	SessionID string    `json:"sessionId,omitempty"`
	Cwd       string    `json:"cwd,omitempty"`       // the folder the agent worked in, when recorded
	GitBranch string    `json:"gitBranch,omitempty"` // the branch the transcript recorded, when it did
	Started   time.Time `json:"started"`             // the first timestamp seen
	// Ended is the latest timestamp of a record seen (a call, a message,
	// any record of a known type): where the session ended so far.
	Ended     time.Time `json:"ended,omitzero"`
	Lines     int       `json:"lines"`     // complete lines read
	Calls     int       `json:"calls"`     // calls yielded so far
	FileCalls int       `json:"fileCalls"` // of those, calls with a repox equivalent
	Skipped   int       `json:"skipped"`   // lines that are not JSON or over MaxLine
	Unknown   int       `json:"unknown"`   // JSON lines of a record type the reader does not know
	Orphans   int       `json:"orphans"`   // results whose call was not found
	Pending   int       `json:"pending"`   // calls still waiting for their result
	Partial   bool      `json:"partial"`   // the input ends inside a line (a file being written)
	LastSkip  string    `json:"lastSkip,omitempty"`
	// NotTranscript says why the file is no transcript repox reads, once
	// its head showed that (detect.go); "" otherwise.
	NotTranscript string `json:"notTranscript,omitempty"`
	// Passed counts, by type, the records read that hold no call and
	// nothing of the conversation (Pi's model changes; passed.go).
	Passed map[string]int `json:"passed,omitempty"`
}

// at keeps t as the latest record time (Ended).
func (st *Stats) at(t time.Time) {
	if t.After(st.Ended) {
		st.Ended = t
	}
}

func (st *Stats) skip(format string, args ...any) {
	st.Skipped++
	st.LastSkip = fmt.Sprintf(format, args...)
}

// decoder turns complete lines of one format into calls.
type decoder interface {
	line(b []byte, n int, st *Stats)
}

// stream is the state shared by Reader and Follow: format detection, the
// decoder, and the pairing queue that yields calls in the order they were
// made, once their result is known.
type stream struct {
	st      Stats
	dec     decoder
	queue   []*Call          // calls in order, from the oldest still pending
	byID    map[string]*Call // pending calls by id
	seq     int
	ready   []Call
	batches batches // which calls were made together (pairing.go)
	head    *Head   // the file's first lines, while no format is known (detect.go)
	// refused: the head showed the file is no transcript repox reads
	refused *NotTranscriptError
	// summary: results are paired, not decoded (see newSummaryReader)
	summary bool
	convo   conversation // the messages around the calls, when asked for (conversation.go)
	// text: the decoder is a text format's (format.text)
	text bool
	// path: the transcript's file, when the Reader was told it
	// (WithSubagents): a format whose records name no folder reads it
	// from where the file lies (Cursor's)
	path string
	// compactions: how many times the context was compacted so far, and
	// how many calls the latest compaction kept (compaction.go)
	compactions, keptCalls int
}

// holdBehind is how many completed calls may wait behind one without a
// result before that one is given up as having none (an interrupted tool).
const holdBehind = 64

func newStream() *stream { return &stream{byID: map[string]*Call{}} }

func (s *stream) feed(b []byte) {
	s.st.Lines++
	n := s.st.Lines
	if s.text { // a text format's lines as written, blank ones too
		s.dec.line(bytes.TrimSuffix(b, []byte("\r")), n, &s.st)
		return
	}
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return
	}
	switch {
	case s.dec != nil:
		s.dec.line(b, n, &s.st)
	case s.refused == nil:
		s.detect(b, n) // detect.go
	}
}

var claudeTypes = map[string]bool{"user": true, "assistant": true, "system": true, "summary": true,
	"file-history-snapshot": true, "progress": true, "queue-operation": true,
	// what the session attached to a prompt (a file, hook output, a
	// diagnostic), and the last prompt kept for --resume: neither holds a call
	"attachment": true, "last-prompt": true}

// add queues a call that waits for its result (id != "") or is complete.
func (s *stream) add(c Call, complete bool) {
	s.seq++
	c.Seq, c.own = s.seq, s.seq
	c.Compactions, c.KeptCalls = s.compactions, s.keptCalls
	if s.st.Started.IsZero() && !c.Time.IsZero() {
		s.st.Started = c.Time
	}
	s.st.at(c.Time)
	p := &c
	if !complete {
		s.byID[c.ID] = p
		s.st.Pending++
	}
	s.made(p, !complete)
	s.queue = append(s.queue, p)
	if complete {
		s.release(false)
	}
}

// result completes the pending call id; found is false for an orphan.
func (s *stream) result(id string, fill func(c *Call)) bool {
	p, ok := s.byID[id]
	if !ok {
		s.st.Orphans++
		return false
	}
	delete(s.byID, id)
	s.st.Pending--
	fill(p)
	s.answered(id)
	s.release(false)
	return true
}

func (s *stream) isPending(c *Call) bool {
	if c.ID == "" {
		return false
	}
	p, ok := s.byID[c.ID]
	return ok && p == c
}

// release moves completed calls at the head of the queue to ready; a call
// without a result is given up when holdBehind completed calls wait behind
// it, or at the end (all).
func (s *stream) release(all bool) {
	for len(s.queue) > 0 {
		head := s.queue[0]
		if s.isPending(head) {
			if !all && len(s.queue) <= holdBehind {
				return
			}
			delete(s.byID, head.ID)
			s.st.Pending--
			head.NoResult = true
			if all && len(s.queue) <= holdBehind {
				// the transcript ends before its result: still running,
				// or stopped there (NoResultText tells by LastRecord)
				head.ResultPending, head.LastRecord = true, s.st.Ended
			}
		}
		s.queue[0] = nil
		s.queue = s.queue[1:]
		s.st.Calls++
		if head.IsFileTool() {
			s.st.FileCalls++
		}
		s.ready = append(s.ready, *head)
	}
}

// take returns the calls that became ready.
func (s *stream) take() []Call {
	out := s.ready
	s.ready = nil
	return out
}

// splitter cuts a byte stream into complete lines, keeping a partial tail.
type splitter struct {
	tail    []byte
	tooLong bool
	// tailFed: the tail was given out at the end of the input as a
	// complete line (it parses as JSON); the newline that may follow it
	// later ends that line, not a new one.
	tailFed bool
}

// push appends data and calls fn for every complete line.
func (sp *splitter) push(data []byte, fn func([]byte)) (over int) {
	if sp.tailFed && len(data) > 0 {
		sp.tailFed = false
		if data[0] == '\r' && len(data) > 1 && data[1] == '\n' {
			data = data[2:]
		} else if data[0] == '\n' {
			data = data[1:]
		}
	}
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			if !sp.tooLong {
				if len(sp.tail)+len(data) > MaxLine {
					sp.tooLong, sp.tail = true, nil
				} else {
					sp.tail = grow(sp.tail, data)
				}
			}
			return over
		}
		chunk := data[:i]
		data = data[i+1:]
		switch {
		case sp.tooLong || len(sp.tail)+len(chunk) > MaxLine:
			over++
		case len(sp.tail) == 0:
			fn(chunk)
		default:
			sp.tail = grow(sp.tail, chunk)
			fn(sp.tail)
		}
		sp.tail, sp.tooLong = sp.tail[:0], false
		if cap(sp.tail) > keepTail {
			sp.tail = nil // one long line does not keep its buffer for the rest of the file
		}
	}
	return over
}

// keepTail is the largest line buffer kept from one line to the next.
const keepTail = 1 << 20

// grow appends data to tail, doubling the buffer when it is full: append
// grows a large slice by a quarter, which copied a 60 MB line about five
// times over (337 MB allocated for it); doubling copies it about twice.
func grow(tail, data []byte) []byte {
	if need := len(tail) + len(data); need > cap(tail) {
		n := max(2*cap(tail), need, 64<<10)
		if n > MaxLine && need <= MaxLine {
			n = MaxLine
		}
		bigger := make([]byte, len(tail), n)
		copy(bigger, tail)
		tail = bigger
	}
	return append(tail, data...)
}

func (sp *splitter) partial() bool { return len(sp.tail) > 0 || sp.tooLong }

// finish is called where the input ends for now: a tail that parses as
// JSON is a complete record whose writer left out the last newline (a
// proper prefix of a JSON object is never itself valid JSON, so a line
// still being written is never taken early); it goes to fn as a line.
// It reports whether a partial line is left.
func (sp *splitter) finish(fn func([]byte)) (partial bool) {
	if sp.tooLong || len(sp.tail) == 0 {
		return sp.partial()
	}
	if end := bytes.TrimSpace(sp.tail); len(end) == 0 || end[len(end)-1] != '}' || !json.Valid(sp.tail) {
		return true // cheap test first: a record ends with '}'
	}
	fn(sp.tail)
	sp.tail, sp.tailFed = sp.tail[:0], true
	return false
}

// Reader streams the calls of one transcript, in the order they were made.
// The format is detected from the content. Lines that cannot be read are
// skipped and counted in Stats, never fatal.
type Reader struct {
	r    io.Reader
	s    *stream
	sp   splitter
	buf  []byte
	done bool
	sub  *subagentMerge // nil: subagents are not merged (subagents.go)
}

// NewReader reads calls from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: r, s: newStream(), buf: make([]byte, 256<<10)}
}

// NewSummaryReader reads calls without their results' text or what the
// agent saw (Call.Text and Call.Saw stay empty): enough to count and
// list them, at a fraction of the memory (`repox sessions`).
func NewSummaryReader(r io.Reader) *Reader {
	rd := NewReader(r)
	rd.s.summary = true
	return rd
}

// Next returns the next call, io.EOF at the end. At the end a call whose
// result never came is returned with NoResult set; a last line without its
// newline is decoded when it parses as JSON, and otherwise counted
// (Stats.Partial), not decoded.
func (r *Reader) Next() (Call, error) {
	if r.sub != nil {
		if c, ok := r.sub.next(); ok {
			return c, nil
		}
	}
	for len(r.s.ready) == 0 {
		if r.s.refused != nil {
			return Call{}, r.s.refused
		}
		if r.done {
			return Call{}, io.EOF
		}
		n, err := r.r.Read(r.buf)
		if n > 0 {
			r.push(r.buf[:n])
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				return Call{}, err
			}
			r.done = true
			// A JSON document's last line goes to its decoder (detect.go);
			// else a last line without its newline is taken when it parses.
			partial := false
			if !r.s.atEnd(&r.sp) {
				if partial = r.sp.finish(r.s.feed); !partial {
					r.s.atEnd(&r.sp) // a one-line document ends with that line
				}
			}
			if partial {
				r.s.st.Partial = true
				r.s.st.skip("the last line is incomplete (the file may still be being written)")
			}
			r.s.endHead() // a head with no format at the end is refused
			r.s.release(true)
		}
	}
	c := r.s.ready[0]
	r.s.ready = r.s.ready[1:]
	if r.sub != nil {
		c = r.sub.pass(c, r.s.st, r.s.summary)
	}
	return c, nil
}

func (r *Reader) push(data []byte) {
	over := r.sp.push(data, r.s.feed)
	for range over {
		r.s.st.Lines++
		r.s.st.skip("line %d is over %d bytes", r.s.st.Lines, MaxLine)
	}
}

// Stats returns what has been read so far.
func (r *Reader) Stats() Stats {
	st := r.s.st
	if r.sub != nil { // the subagents' calls are the session's
		st.Calls += r.sub.calls
		st.FileCalls += r.sub.fileCalls
	}
	return st
}

// ReadAll reads every call of a transcript.
func ReadAll(r io.Reader) ([]Call, Stats, error) { return NewReader(r).drain() }

// drain reads every call left.
func (rd *Reader) drain() ([]Call, Stats, error) {
	var calls []Call
	for {
		c, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return calls, rd.Stats(), nil
		}
		if err != nil {
			return calls, rd.Stats(), err
		}
		calls = append(calls, c)
	}
}
