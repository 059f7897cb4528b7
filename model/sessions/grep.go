package sessions

import (
	"io"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/search"
)

// The list's / also searches inside the sessions (`repox sessions
// --grep`'s search): when the filter is kept (enter), the sessions whose
// prompts, texts, calls or results hold every word show besides those
// whose title, path, agent or id do, and opening one puts the cursor on
// its first hit's call as it arrives.

// grepState is the content search of the list's filter.
type grepState struct {
	query string         // the filter the hits are for ("": none)
	first map[string]int // per session (grepKey): the call of its first hit
	at    int            // the chosen session's call to land on (0: none)
}

// grepHitsMsg is the content search's answer for one query.
type grepHitsMsg struct {
	query string
	hits  []search.Hit
}

// searchContent searches the sessions for the kept filter, off the loop.
func (p *Pane) searchContent() tea.Cmd {
	q, dir, env, ctx := p.lquery, p.dir, p.env(), p.c.Ctx
	return pane.Envelop(pane.Sessions, pane.JobLoad, p.gen, func() tea.Msg {
		hits, _ := search.Find(ctx, search.Options{Dir: dir, Query: q, Env: &env}, io.Discard)
		return grepHitsMsg{query: q, hits: hits}
	})
}

// onGrepHits keeps the hits of the filter still typed.
func (p *Pane) onGrepHits(msg grepHitsMsg) tea.Cmd {
	if msg.query != p.lquery {
		return nil
	}
	g := grepState{query: msg.query, first: map[string]int{}}
	for _, h := range msg.hits {
		if k := h.Transcript + "\x00" + h.Session; g.first[k] == 0 {
			g.first[k] = max(h.Call, 1) // a message's hit: the call after it
		}
	}
	p.grep = g
	p.clampList()
	return p.nextTally()
}

// grepHit is the call of s's first hit for the filter shown, 0 when none.
func (p *Pane) grepHit(s discover.SessionInfo) int {
	if p.grep.query == "" || p.grep.query != p.lquery {
		return 0
	}
	return p.grep.first[s.Path+"\x00"+s.ID]
}

// landOnHit puts the cursor on the call a session was opened at once it
// has arrived.
func (p *Pane) landOnHit() {
	if p.grep.at == 0 {
		return
	}
	for i, sc := range p.calls {
		if sc.call.Seq >= p.grep.at {
			p.cur, p.follow, p.grep.at = i, false, 0
			p.clamp()
			return
		}
	}
}
