package sessions

import (
	"strconv"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
)

// n and N in the calls view walk the search's hits without hiding the
// calls between them, as n and N do in a pager: the calls' own search
// (/) when one is kept, else the list's search that opened the session
// (/ in the list, `repox sessions --grep`'s words). A hit is a call whose
// tool, arguments, result, findings or the words said before it hold
// every word (callHasWords, the calls' search's rule); past the last one
// the walk wraps to the first, and says so.

// hitQuery is the words n and N look for ("": none).
func (p *Pane) hitQuery() string {
	if p.cquery != "" {
		return p.cquery
	}
	return p.hitq
}

// hits are the calls, among those the filters show, that hold the
// search's words, in order.
func (p *Pane) hits(q string) []int {
	var out []int
	for _, i := range p.visible() {
		if p.callHasWords(i, q) {
			out = append(out, i)
		}
	}
	return out
}

// jumpHit moves the cursor to the next (d = 1) or previous (d = -1) hit.
func (p *Pane) jumpHit(d int) tea.Cmd {
	q := p.hitQuery()
	if q == "" {
		return pane.Notice("no search to walk: / searches this session's calls (n and N then go from hit to hit)")
	}
	hits := p.hits(q)
	if len(hits) == 0 {
		return pane.Notice("no call holds " + strconv.Quote(q))
	}
	at, wrapped := nextHit(hits, p.cur, d)
	p.cur, p.follow, p.atFinding = hits[at], false, false
	note := "hit " + strconv.Itoa(at+1) + " of " + strconv.Itoa(len(hits)) + " for " + strconv.Quote(q)
	switch {
	case wrapped && d > 0:
		note += " (wrapped to the first)"
	case wrapped:
		note += " (wrapped to the last)"
	}
	return tea.Batch(p.selectCall(), pane.Notice(note))
}

// nextHit is the place in hits of the hit after (d > 0) or before cur,
// wrapping around the ends.
func nextHit(hits []int, cur, d int) (at int, wrapped bool) {
	if d > 0 {
		for i, h := range hits {
			if h > cur {
				return i, false
			}
		}
		return 0, true
	}
	for i := len(hits) - 1; i >= 0; i-- {
		if hits[i] < cur {
			return i, false
		}
	}
	return len(hits) - 1, true
}
