package replay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// A run replays one session at a time. A repox call log (`repox mcp
// --log`) holds every session the server ever served; keeping a Replayer
// (its open roots and, once it changed something, its scratch copy) for
// each until the end kept 60 copies alive for 60 writing sessions, and
// 3,000 sessions ran out of file descriptors. So a first pass over the log
// finds each session's last call, and a session's Replayer is closed, its
// copy removed, right after that call is replayed. Sessions that
// interleave (two connections at once) are open together only while both
// have calls still to come.

// RunOptions are what a run replays and against what.
type RunOptions struct {
	// Transcript: the transcript file (opened without blocking: a regular
	// file only); a Claude Code session's subagents are merged from beside it.
	Transcript string
	Root       string              // the repository to compare with ("": RootFor's rule)
	Session    string              // on a repox call log: only this session's calls ("": all)
	Against    Against             // what the calls are re-run against ("": AgainstStart)
	Limits     repoops.CopyOptions // the scratch copies' bounds (zero: the defaults)
}

// A Sink is handed a run as it goes: what it replays against, each step,
// and the summary. An error from it ends the run (a reader gone away).
type Sink interface {
	Begin(RunStart) error
	Step(StepEvent) error
	End(Summary) error
}

// silentSink is a Sink that takes no messages (StepEvent.Said and
// Summary.Tail stay empty): the run does not decode the conversation, and
// a transcript's long stretch of talk between calls is not held.
type silentSink interface {
	noConversation()
}

// sessionEnder is a Sink that also sees each session's Replayer after its
// last call, before it is closed (the session's changes, changes.go).
type sessionEnder interface {
	sessionEnd(id string, rp *Replayer) error
}

// RunStart is what a run replays against: the transcript's stats after
// its first call, the root and why it is the root, and the start state.
type RunStart struct {
	File    string // the transcript, as named to the run
	Stats   transcript.Stats
	Root    string
	RootWhy string
	Start   StartInfo
}

// StepEvent is one call replayed, after the messages said before it.
type StepEvent struct {
	Said []transcript.Message
	Step Step
}

// Summary is a run's end: the transcript's stats, the numbers (Counts:
// the one count of findings and notes every face prints), what was said
// after the last call, and each session's horizon and scratch copy, in
// the order the sessions started.
type Summary struct {
	Stats    transcript.Stats
	Counts   Counts
	Tail     []transcript.Message
	Sessions []SessionEnd
	// Session: the session the run was limited to ("": all)
	Session string
	// Peak: the most Replayers open at once
	Peak int
}

// SessionEnd is what is kept of a closed session: what its agent saw,
// and its scratch copy (CopiedAt 0: none was made).
type SessionEnd struct {
	ID       string
	Seen     []FileSeen
	CopiedAt int
	Copy     repoops.CopyStats
	// ReRead is the lines the agent's reads showed again with nothing
	// changed since an earlier read showed them (re-read notes).
	ReRead int
}

// Run is the one driver of a replay: it plans each session's start state
// (a first pass over the transcript), re-runs every call in order in a
// fresh session (changes in a scratch copy; the working tree is never
// changed), grades it, counts it (Counts) and hands it to sink, then the
// summary. The report, --json, --changes, the sessions list's count and
// CountFindings are its sinks. The scratch copies are removed whatever
// ends it; the caller cancels ctx on the signals that should end a run.
func Run(ctx context.Context, opts RunOptions, sink Sink) (Summary, error) {
	against := AgainstStart
	if opts.Against != "" {
		var err error
		if against, err = ParseAgainst(string(opts.Against)); err != nil {
			return Summary{}, err
		}
	}
	opts.Against = against
	f, err := transcript.OpenTranscript(opts.Transcript) // without blocking: a FIFO or device is refused, not waited on
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	return RunFrom(ctx, f, opts, opts.Transcript, sink)
}

// RunFrom streams a transcript read from r through Replayers into sink: one
// for the transcript, or one per session of a repox call log (each
// session has its own gate), each closed after its session's last call.
// name is how messages name the file; opts.Transcript, when set, is where
// a Claude Code session's subagents are merged from.
func RunFrom(ctx context.Context, r io.ReadSeeker, opts RunOptions, name string, sink Sink) (Summary, error) {
	sum := Summary{Session: opts.Session}
	path := opts.Transcript
	_, silent := sink.(silentSink)
	rd, first, ferr, plans, last, err := planRun(r, path, name, silent)
	if err != nil {
		return sum, err
	}
	st := rd.Stats()
	against := opts.Against
	if against == "" {
		against = AgainstStart
	}
	rootDir, rootWhy, err := RootFor(opts.Root, st.Cwd, ".", "repox", "replay", "--report", name)
	if err != nil {
		return sum, err
	}
	// open the root once up front, so a bad root is a usage error before any output
	probe, err := NewReplayer(ctx, rootDir)
	if err != nil {
		return sum, fmt.Errorf("%v — pass the repository with --root DIR", err)
	}
	probe.CopyLimits = opts.Limits
	probe.memo.on = true // a finished transcript against a still tree (rerun_memo.go)
	info := probe.Prepare(ctx, plans[first.Session], against, st.GitBranch)
	ss := &runSessions{sum: &sum, probe: probe, open: map[string]*Replayer{}, at: map[string]int{},
		rootDir: rootDir, opts: opts, plans: plans, against: against, branch: st.GitBranch}
	defer ss.close()
	if err := sink.Begin(RunStart{File: name, Stats: st, Root: probe.Root, RootWhy: rootWhy, Start: info}); err != nil {
		return sum, err
	}
	ss.ender, _ = sink.(sessionEnder)
	ahead := readAhead(rd, first, ferr, opts.Session)
	defer ahead.stop()
	for it := range ahead.items {
		ahead.taken(it)
		c := it.call
		if ctx.Err() != nil {
			return sum, ctx.Err()
		}
		rp, err := ss.replayerFor(ctx, c.Session)
		if err != nil {
			return sum, err
		}
		step := rp.Step(ctx, c)
		sum.Counts.Add(step)
		ev := StepEvent{Said: it.msgs, Step: step}
		if err := sink.Step(ev); err != nil {
			return sum, err
		}
		if sts, ok := sink.(StateSink); ok {
			if err := sts.StepState(ev, StepState{rp}); err != nil {
				return sum, err
			}
		}
		if n, ok := last[c.Session]; ok && n == c.Seq {
			if err := ss.finish(c.Session); err != nil {
				return sum, err
			}
		}
	}
	if !errors.Is(ahead.err, io.EOF) {
		return sum, ahead.err
	}
	sum.Tail = ahead.tail // what was said after the last call
	for sess := range ss.open {
		// a session whose last call the first pass did not see (a log still growing)
		if err := ss.finish(sess); err != nil {
			return sum, err
		}
	}
	sum.Stats = rd.Stats()
	return sum, sink.End(sum)
}

// planRun is RunFrom's first pass, apart from its per-call loop: it reads
// the transcript's first call (refusing what is no transcript), then, unless
// the transcript is empty, what each session changed, to replay it from its
// start, and, in a repox log, each session's last call; and rewinds for the
// second pass. ferr is the first call's io.EOF, if any; err is fatal.
func planRun(r io.ReadSeeker, path, name string, silent bool) (rd *transcript.Reader, first transcript.Call, ferr error, plans map[string]*startPlan, last map[string]int, err error) {
	rd = newRunReader(r, path, silent)
	first, ferr = rd.Next()
	if nt := (*transcript.NotTranscriptError)(nil); errors.As(ferr, &nt) {
		return nil, first, ferr, nil, nil, errors.New(nt.In(name)) // refused on every face: report, --json, --changes, counts
	}
	if ferr != nil && !errors.Is(ferr, io.EOF) {
		return nil, first, ferr, nil, nil, ferr
	}
	if ferr != nil {
		return rd, first, ferr, nil, nil, nil
	}
	format := rd.Stats().Format
	// the second pass reads the first call again: this one and the
	// Reader's line buffer, held through the first pass, held one 62 MB
	// line three times over (issue 43 item 6)
	rd, first = nil, transcript.Call{}
	if plans, last, _, err = planSessions(r, path); err != nil {
		return nil, first, ferr, nil, nil, err
	}
	if format != transcript.AgentRepox {
		last = nil // one session: its Replayer lives to the end
	}
	if rd, first, ferr = rewind(r, path, silent); ferr != nil && !errors.Is(ferr, io.EOF) {
		return nil, first, ferr, nil, nil, ferr
	}
	return rd, first, ferr, plans, last, nil
}

// runSessions is RunFrom's open Replayers, one per session of a repox call
// log: split from RunFrom so its loop reads as one call's replay. The first
// session reuses the probe RunFrom opened to check the root.
type runSessions struct {
	sum     *Summary
	probe   *Replayer
	open    map[string]*Replayer
	at      map[string]int // a session's place in sum.Sessions
	ender   sessionEnder
	rootDir string
	opts    RunOptions
	plans   map[string]*startPlan
	against Against
	branch  string
}

// finish closes sess's Replayer and records how its session ended.
func (ss *runSessions) finish(sess string) error {
	rp := ss.open[sess]
	var err error
	if ss.ender != nil {
		err = ss.ender.sessionEnd(sess, rp)
	}
	ss.sum.Sessions[ss.at[sess]] = SessionEnd{ID: sess, Seen: rp.Horizon().Files(), CopiedAt: rp.CopiedAt, Copy: rp.Copy, ReRead: rp.rereads.wasted}
	rp.Close()
	delete(ss.open, sess)
	return err
}

// replayerFor is sess's Replayer, opened and prepared on its first call.
func (ss *runSessions) replayerFor(ctx context.Context, sess string) (*Replayer, error) {
	if rp, ok := ss.open[sess]; ok {
		return rp, nil
	}
	rp := ss.probe
	ss.probe = nil
	if rp == nil {
		var err error
		if rp, err = NewReplayer(ctx, ss.rootDir); err != nil {
			return nil, err
		}
		rp.CopyLimits = ss.opts.Limits
		rp.memo.on = true
		rp.Prepare(ctx, ss.plans[sess], ss.against, ss.branch)
	}
	ss.open[sess] = rp
	if _, ok := ss.at[sess]; !ok {
		ss.at[sess] = len(ss.sum.Sessions)
		ss.sum.Sessions = append(ss.sum.Sessions, SessionEnd{ID: sess})
	}
	ss.sum.Peak = max(ss.sum.Peak, len(ss.open))
	return rp, nil
}

// close closes what is still open when RunFrom returns, the probe included.
func (ss *runSessions) close() {
	for _, rp := range ss.open {
		rp.Close()
	}
	if ss.probe != nil {
		ss.probe.Close()
	}
}

// The report's second pass decodes the transcript on a goroutine of its
// own, a bounded queue ahead of the replay: decoding (JSON) and replaying
// (the tools' file reads and walks) then use two cores. The queue holds
// at most readAheadCalls calls and, past its first call, readAheadBytes
// of them (itemBytes): 16 calls of 10 MB each held 160 MB (issue 43 item
// 6), so memory stays flat whatever the calls' size.
const (
	readAheadCalls = 16
	readAheadBytes = 8 << 20
)

// readItem is one call and the messages said before it.
type readItem struct {
	call  transcript.Call
	msgs  []transcript.Message
	bytes int // itemBytes
}

// itemBytes is about what an item holds: its texts, arguments, the lines
// the agent saw (with their headers), and its messages.
func itemBytes(c transcript.Call, msgs []transcript.Message) int {
	n := len(c.Text) + len(c.AgentArgs) + 512
	for _, tc := range c.Repox {
		n += len(tc.Args)
	}
	if c.Saw != nil {
		for _, l := range c.Saw.Lines {
			n += len(l.Text) + 24
		}
		for _, p := range c.Saw.Paths {
			n += len(p) + 16
		}
	}
	for _, m := range msgs {
		n += len(m.Text) + 64
	}
	return n
}

// readAheadQueue is a Reader running ahead of the replay. items closes at
// the end of the transcript or on a read error (err; io.EOF at the end,
// with tail the messages after the last call); read err, tail and the
// Reader's Stats only after items is closed. The loop calls taken with
// each item it takes.
type readAheadQueue struct {
	items <-chan readItem
	err   error
	tail  []transcript.Message
	quit  chan struct{}

	mu      sync.Mutex
	room    *sync.Cond
	held    int // bytes of the items queued and not yet taken
	stopped bool
}

// readAhead reads rd from its first call (or the error getting it) on a
// goroutine, keeping only the calls of session ("": all): a call of
// another session takes no messages, as when the loop skipped it.
func readAhead(rd *transcript.Reader, first transcript.Call, ferr error, session string) *readAheadQueue {
	items := make(chan readItem, readAheadCalls)
	q := &readAheadQueue{items: items, quit: make(chan struct{})}
	q.room = sync.NewCond(&q.mu)
	go func() {
		defer close(items)
		for c, err := first, ferr; ; c, err = rd.Next() {
			if err != nil {
				if errors.Is(err, io.EOF) {
					q.tail = rd.Messages(transcript.Call{})
				}
				q.err = err
				return
			}
			if session != "" && c.Session != session {
				continue
			}
			msgs := rd.Messages(c)
			it := readItem{call: c, msgs: msgs, bytes: itemBytes(c, msgs)}
			if !q.reserve(it.bytes) {
				q.err = errors.New("stopped")
				return
			}
			select {
			case items <- it:
			case <-q.quit:
				q.err = errors.New("stopped")
				return
			}
		}
	}()
	return q
}

// reserve waits until n more bytes fit in the queue (an empty queue takes
// any item); false: the queue was stopped.
func (q *readAheadQueue) reserve(n int) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for !q.stopped && q.held > 0 && q.held+n > readAheadBytes {
		q.room.Wait()
	}
	q.held += n
	return !q.stopped
}

// taken frees an item's bytes once the loop has it.
func (q *readAheadQueue) taken(it readItem) {
	q.mu.Lock()
	q.held -= it.bytes
	q.mu.Unlock()
	q.room.Signal()
}

// stop ends the reading goroutine and waits for it: the Reader and the
// file under it are not used after stop returns.
func (q *readAheadQueue) stop() {
	select {
	case <-q.quit:
	default:
		close(q.quit)
	}
	q.mu.Lock()
	q.stopped = true
	q.mu.Unlock()
	q.room.Broadcast()
	for range q.items {
	}
}

// rewind starts reading r again from its start: a new Reader and its first call.
func rewind(r io.ReadSeeker, path string, silent bool) (*transcript.Reader, transcript.Call, error) {
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, transcript.Call{}, fmt.Errorf("reading the log a second time: %w", err)
	}
	rd := newRunReader(r, path, silent)
	c, err := rd.Next()
	return rd, c, err
}

// newRunReader is the run's Reader: with the conversation unless silent.
func newRunReader(r io.Reader, path string, silent bool) *transcript.Reader {
	rd := transcript.NewMergingReader(r, path)
	if !silent {
		rd.WithConversation()
	}
	return rd
}
