package sessions

import (
	"context"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
)

// The list's findings column: each finished session on screen is replayed
// in the background, one at a time, as `repox replay --report` would (from
// its start state, in scratch copies; the working tree is never changed),
// and its row says what the report would find. A count is kept while the
// transcript's calls and time are unchanged; a live session is not counted
// (it is still being written).

// tallyKey names one state of a session: its transcript, id, calls and
// the transcript's time.
func tallyKey(s discover.SessionInfo) string {
	return s.Path + "\x00" + s.ID + "\x00" + strconv.Itoa(s.Calls) + "\x00" + s.Modified.UTC().Format(time.RFC3339Nano)
}

// sessionTallyMsg is one session's counts.
type sessionTallyMsg struct {
	key   string
	tally replay.Tally
	err   error
}

// nextTally starts counting the first finished session on screen that
// has no count yet, unless one is being counted.
func (p *Pane) nextTally() tea.Cmd {
	if p.chosen != nil || p.tallying != "" || p.loading {
		return nil
	}
	shown := p.listShown()
	top := p.listTop()
	for j := top; j < len(shown) && j < top+p.listCap(); j++ {
		s := p.list[shown[j]]
		k := tallyKey(s)
		if _, done := p.tallies[k]; done || s.Live {
			continue
		}
		p.tallying = k
		ctx, cancel := context.WithCancel(p.c.Ctx)
		p.tallyCancel = cancel
		session := ""
		if s.Agent == transcript.AgentRepox {
			session = s.ID
		}
		dir := p.dir
		done := make(chan struct{})
		p.tallyDone = done
		return pane.Envelop(pane.Sessions, pane.JobLoad, p.gen, func() tea.Msg {
			defer close(done)
			defer cancel()
			root, _, err := replay.RootFor("", s.Cwd, dir, "repox", "replay", s.Path)
			if err != nil {
				return sessionTallyMsg{key: k, err: err}
			}
			tally, err := replay.TallyFindings(ctx, replay.RunOptions{Transcript: s.Path, Root: root, Session: session})
			return sessionTallyMsg{key: k, tally: tally, err: err}
		})
	}
	return nil
}

// onTally keeps a count and starts the next.
func (p *Pane) onTally(msg sessionTallyMsg) tea.Cmd {
	if msg.key != p.tallying {
		return nil
	}
	p.tallying, p.tallyCancel = "", nil
	if p.tallies == nil {
		p.tallies = map[string]sessionTally{}
	}
	p.tallies[msg.key] = sessionTally{tally: msg.tally, err: msg.err}
	return p.nextTally()
}

// stopTally cancels the count in progress (a session was chosen, the
// pane closed); its answer is dropped by the pane's generation.
func (p *Pane) stopTally() {
	if p.tallyCancel != nil {
		p.tallyCancel()
	}
	p.tallying, p.tallyCancel = "", nil
}

// sessionTally is a session's counts and checkout, or why there are none.
type sessionTally struct {
	tally replay.Tally
	err   error
}

// tallyText is the row's findings cell: the driver's counts as every
// face words them ("3 findings (1 differs, 2 edit-unread); 1 note (1
// differs)", "0 findings"), "replaying…" while counted.
func (p *Pane) tallyText(s discover.SessionInfo) string {
	if s.Live {
		return ""
	}
	k := tallyKey(s)
	t, ok := p.tallies[k]
	switch {
	case !ok && p.tallying == k:
		return "replaying…"
	case !ok:
		return ""
	case t.err != nil:
		return "not replayed: " + t.err.Error()
	}
	return t.tally.Counts.Text()
}
