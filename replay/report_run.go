package replay

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/repoxhq/repox/repoops"
)

// A report replays one session at a time. A repox call log (`repox mcp
// --log`) holds every session the server ever served; keeping a Replayer
// (its open roots and, once it changed something, its scratch copy) for
// each until the end kept 60 copies alive for 60 writing sessions, and
// 3,000 sessions ran out of file descriptors. So a first pass over the log
// finds each session's last call, and a session's Replayer is closed, its
// copy removed, right after that call is replayed. Sessions that
// interleave (two connections at once) are open together only while both
// have calls still to come.

// reportOptions are what a report replays against and how.
type reportOptions struct {
	root    string              // --root ("": RootFor's rule)
	session string              // only this repox session's calls ("": all)
	limits  repoops.CopyOptions // the scratch copies' bounds
	against Against             // the session's start state (default) or the tree as it is
	// path: the transcript's path, to merge the Claude Code subagents its
	// Task calls started ("": not merged)
	path string
	// atEnd, when set, sees each session's Replayer after its last call,
	// before it is closed (the session's changes, changes.go); onCall
	// sees each call read.
	atEnd  func(sess string, rp *Replayer)
	onCall func(c Call)
}

// reportRun is what a report saw of its sessions, for the end.
type reportRun struct {
	peak  int     // the most Replayers open at once
	tally tallies // the calls, findings and notes counted
}

// finishedSession is what is kept of a closed session for the end of the
// report: what its agent saw, and its scratch copy.
type finishedSession struct {
	id       string
	seen     []FileSeen
	copiedAt int
	copy     repoops.CopyStats
}

// runReport is runReportWith with the default copy bounds.
func runReport(ctx context.Context, r io.ReadSeeker, root, session string, w *reportWriter) error {
	_, err := runReportWith(ctx, r, reportOptions{root: root, session: session}, w)
	return err
}

// runReportWith streams a transcript through Replayers into w: one for the
// transcript, or one per session of a repox call log (each session has its
// own gate), each closed after its session's last call.
func runReportWith(ctx context.Context, r io.ReadSeeker, opt reportOptions, w *reportWriter) (reportRun, error) {
	var run reportRun
	rd := newMergingReader(r, opt.path).WithConversation()
	first, ferr := rd.Next()
	if nt := (*NotTranscriptError)(nil); errors.As(ferr, &nt) {
		return run, errors.New(nt.In(w.file)) // refused on every face: report, --json, --changes, counts
	}
	if ferr != nil && !errors.Is(ferr, io.EOF) {
		return run, ferr
	}
	st := rd.Stats()
	var last map[string]int
	var plans map[string]*startPlan
	if ferr == nil {
		// a first pass: what each session changed, to replay it from its
		// start; and, in a repox log, each session's last call
		var err error
		if plans, last, err = planSessions(r, opt.path); err != nil {
			return run, err
		}
		if st.Format != AgentRepox {
			last = nil // one session: its Replayer lives to the end
		}
		if rd, first, ferr = rewind(r, opt.path); ferr != nil && !errors.Is(ferr, io.EOF) {
			return run, ferr
		}
		st = rd.Stats()
	}
	against := opt.against
	if against == "" {
		against = AgainstStart
	}
	rootDir, rootWhy, err := RootFor(opt.root, st.Cwd, ".", "repox", "replay", "--report", w.file)
	if err != nil {
		return run, err
	}
	// open the root once up front, so a bad root is a usage error before any output
	probe, err := NewReplayer(ctx, rootDir)
	if err != nil {
		return run, fmt.Errorf("%v — pass the repository with --root DIR", err)
	}
	probe.CopyLimits = opt.limits
	probe.memo.on = true // a finished transcript against a still tree (rerun_memo.go)
	info := probe.Prepare(ctx, plans[first.Session], against, st.GitBranch)
	w.header(st, probe.Root, rootWhy)
	w.start(info)
	open := map[string]*Replayer{}
	var done []finishedSession // in the order the sessions started
	at := map[string]int{}     // a session's place in done
	defer func() {
		for _, rp := range open {
			rp.Close()
		}
		if probe != nil {
			probe.Close()
		}
	}()
	finish := func(sess string) {
		rp := open[sess]
		if opt.atEnd != nil {
			opt.atEnd(sess, rp)
		}
		done[at[sess]] = finishedSession{id: sess, seen: rp.Horizon().Files(), copiedAt: rp.CopiedAt, copy: rp.Copy}
		rp.Close()
		delete(open, sess)
	}
	replayerFor := func(sess string) (*Replayer, error) {
		if rp, ok := open[sess]; ok {
			return rp, nil
		}
		rp := probe
		probe = nil
		if rp == nil {
			var err error
			if rp, err = NewReplayer(ctx, rootDir); err != nil {
				return nil, err
			}
			rp.CopyLimits = opt.limits
			rp.memo.on = true
			rp.Prepare(ctx, plans[sess], against, st.GitBranch)
		}
		open[sess] = rp
		if _, ok := at[sess]; !ok {
			at[sess] = len(done)
			done = append(done, finishedSession{id: sess})
		}
		run.peak = max(run.peak, len(open))
		return rp, nil
	}
	var tally tallies
	ahead := readAhead(rd, first, ferr, opt.session)
	defer ahead.stop()
	for it := range ahead.items {
		c := it.call
		if ctx.Err() != nil {
			return run, ctx.Err()
		}
		rp, err := replayerFor(c.Session)
		if err != nil {
			return run, err
		}
		if opt.onCall != nil {
			opt.onCall(c)
		}
		step := rp.Step(ctx, c)
		tally.add(step)
		w.messages(it.msgs)
		w.step(step)
		if w.err != nil {
			return run, w.err
		}
		if n, ok := last[c.Session]; ok && n == c.Seq {
			finish(c.Session)
		}
	}
	if !errors.Is(ahead.err, io.EOF) {
		return run, ahead.err
	}
	w.messages(ahead.tail) // what was said after the last call
	for sess := range open {
		finish(sess) // a session whose last call the first pass did not see (a log still growing)
	}
	var copies []finishedSession
	for _, s := range done {
		label := ""
		if len(done) > 1 {
			label = s.id
		}
		w.seen(s.seen, label)
		if s.copiedAt > 0 {
			copies = append(copies, s)
		}
	}
	if opt.session != "" && len(done) == 0 {
		w.printf("no call of session %s in this transcript\n\n", repoops.QuoteName(opt.session))
	}
	w.summary(rd.Stats(), tally, copies)
	run.tally = tally
	return run, nil
}

// The report's second pass decodes the transcript on a goroutine of its
// own, a bounded queue ahead of the replay: decoding (JSON) and replaying
// (the tools' file reads and walks) then use two cores. The queue holds
// at most readAheadCalls calls, so memory stays flat.
const readAheadCalls = 16

// readItem is one call and the messages said before it.
type readItem struct {
	call Call
	msgs []Message
}

// readAheadQueue is a Reader running ahead of the replay. items closes at
// the end of the transcript or on a read error (err; io.EOF at the end,
// with tail the messages after the last call); read err, tail and the
// Reader's Stats only after items is closed.
type readAheadQueue struct {
	items <-chan readItem
	err   error
	tail  []Message
	quit  chan struct{}
}

// readAhead reads rd from its first call (or the error getting it) on a
// goroutine, keeping only the calls of session ("": all): a call of
// another session takes no messages, as when the loop skipped it.
func readAhead(rd *Reader, first Call, ferr error, session string) *readAheadQueue {
	items := make(chan readItem, readAheadCalls)
	q := &readAheadQueue{items: items, quit: make(chan struct{})}
	go func() {
		defer close(items)
		for c, err := first, ferr; ; c, err = rd.Next() {
			if err != nil {
				if errors.Is(err, io.EOF) {
					q.tail = rd.Messages(Call{})
				}
				q.err = err
				return
			}
			if session != "" && c.Session != session {
				continue
			}
			select {
			case items <- readItem{call: c, msgs: rd.Messages(c)}:
			case <-q.quit:
				q.err = errors.New("stopped")
				return
			}
		}
	}()
	return q
}

// stop ends the reading goroutine and waits for it: the Reader and the
// file under it are not used after stop returns.
func (q *readAheadQueue) stop() {
	select {
	case <-q.quit:
	default:
		close(q.quit)
	}
	for range q.items {
	}
}

// rewind starts reading r again from its start: a new Reader and its first call.
func rewind(r io.ReadSeeker, path string) (*Reader, Call, error) {
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, Call{}, fmt.Errorf("reading the log a second time: %w", err)
	}
	rd := newMergingReader(r, path).WithConversation()
	c, err := rd.Next()
	return rd, c, err
}
