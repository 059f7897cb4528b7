package sessions

import (
	"time"

	"github.com/repoxhq/repox/replay/transcript"
)

// Whether the chosen session is live, by the one rule every face uses
// (transcript.Live, issue 39 item 5): its latest record's own time, and
// for a transcript whose records have no times, the file growing while
// the pane follows it. The file's mtime is never asked: a transcript
// copied today whose records are months old is done.

// now is the pane's clock: its Env's, so tests set the time.
func (p *Pane) now() time.Time {
	if p.env != nil {
		if e := p.env(); !e.Now.IsZero() {
			return e.Now
		}
	}
	return time.Now()
}

// lastRecord is the time of the chosen session's latest record: what the
// first pass read, or a later record the follower brought (a repox log's
// session: its last call; the log's other sessions are not its records).
func (p *Pane) lastRecord() time.Time {
	var last time.Time
	if p.run != nil {
		last = p.run.lastRecord
	}
	latest := p.stats.Ended
	if p.run != nil && p.run.filter != "" {
		latest = time.Time{}
		if n := len(p.calls); n > 0 {
			latest = p.calls[n-1].call.Time
		}
	}
	if latest.After(last) {
		last = latest
	}
	return last
}

// live says whether the chosen session is live now, and why.
func (p *Pane) live() (bool, string) {
	return transcript.Live(p.now(), p.lastRecord(), p.grew)
}

// liveWord is the title's state of a session followed without trouble:
// "following" while it is live and the cursor is on its newest call,
// "live" once the person moved, "done" when it is not live (a finished
// session is still watched: a record written later brings it back).
func (p *Pane) liveWord() string {
	switch live, _ := p.live(); {
	case !live:
		return "done"
	case p.follow:
		return "following"
	}
	return "live"
}
