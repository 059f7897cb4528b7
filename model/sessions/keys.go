package sessions

import (
	"sort"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/ui"
)

// The sessions pane's keys, clicks and wheel.

// listRows is how many rows the calls list gets.
func (p *Pane) listRows() int { return max(3, (p.height-1)/3) }

// clamp keeps the cursor on a call; the view keeps it on screen
// (placeTop).
func (p *Pane) clamp() {
	if p.chosen == nil {
		return
	}
	p.cur = min(max(p.cur, 0), max(len(p.calls)-1, 0))
}

// moveBy moves the cursor d calls among those the filter shows; top and
// bottom go to the first and the last of them.
func (p *Pane) moveBy(d int, top, bottom bool) {
	vis := p.visible()
	if len(vis) == 0 {
		return
	}
	at := sort.SearchInts(vis, p.cur)
	switch {
	case top:
		at = 0
	case bottom:
		at = len(vis) - 1
	default:
		if at < len(vis) && vis[at] != p.cur && d < 0 {
			at-- // between two shown calls: one up is the one before
		}
		at += d
	}
	p.cur = vis[min(max(at, 0), len(vis)-1)]
}

func (p *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.Keys.Sessions
	if p.chosen == nil && p.ltyping {
		return p.typeFilter(msg)
	}
	if p.chosen != nil && p.ctyping {
		return p.typeCallQuery(msg)
	}
	msg, wait, _ := p.seq.Key(msg, k.Top) // g g
	if wait {
		return nil
	}
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Hide):
		p.hiding, p.done = true, true
		return nil
	}
	if p.chosen == nil {
		return p.listKey(msg, k)
	}
	return p.callsKey(msg, k)
}

// listKey is a key in the list of sessions: open one, search, or move.
func (p *Pane) listKey(msg tea.KeyPressMsg, k keymap.Sessions) tea.Cmd {
	if s := p.selectedSession(); key.Matches(msg, k.Open) && s != nil {
		at := p.grepHit(*s)
		cmd := p.Choose(*s)
		p.grep.at = at // on its first hit, as it arrives
		if at != 0 {
			p.hitq = p.grep.query // n and N walk its hits (hits.go)
		}
		return cmd
	}
	if key.Matches(msg, k.Search) {
		p.ltyping = true
		return nil
	}
	if key.Matches(msg, p.c.Keys.Global.Agent) {
		return p.ToggleAgentView() // says to choose a session first
	}
	d, top, bottom := pane.NavStep(k.Nav, msg, p.listCap())
	switch {
	case top:
		p.lcur = 0
	case bottom:
		p.lcur = len(p.listShown()) - 1
	default:
		p.lcur += d
	}
	p.clampList()
	return p.nextTally() // rows that came into view
}

// callsKey is a key in a chosen session's calls: back to the list, the
// view's toggles and scrolls, copy, or a move among the calls.
func (p *Pane) callsKey(msg tea.KeyPressMsg, k keymap.Sessions) tea.Cmd {
	switch {
	case key.Matches(msg, k.Back):
		cmd := p.stop()
		p.loading = true
		return tea.Batch(cmd, discoverSessions(p.c.Ctx, p.dir, p.also, p.env, p.gen))
	case key.Matches(msg, k.DiffDown):
		p.dtop++
		return nil
	case key.Matches(msg, k.DiffUp):
		p.dtop = max(p.dtop-1, 0)
		return nil
	case key.Matches(msg, k.Thinking):
		p.thinking = !p.thinking
		return nil
	case key.Matches(msg, k.Wrap):
		p.wrap = !p.wrap
		return nil
	case key.Matches(msg, k.Kind):
		old := p.cur
		p.cycleKind()
		if p.cur != old {
			return p.selectCall()
		}
		return nil
	case key.Matches(msg, k.SearchCalls):
		p.ctyping = true
		return nil
	case key.Matches(msg, k.NextHit):
		return p.jumpHit(1)
	case key.Matches(msg, k.PrevHit):
		return p.jumpHit(-1)
	case key.Matches(msg, k.Changes):
		return p.toggleChanges()
	case key.Matches(msg, k.Copy) && p.changes != nil:
		return p.copyPatch()
	case key.Matches(msg, k.Copy):
		return p.copySelected()
	case key.Matches(msg, p.c.Keys.Global.Agent):
		return p.ToggleAgentView()
	case key.Matches(msg, k.Narrow) && p.c.Split != nil:
		return p.c.Split(-1)
	case key.Matches(msg, k.Widen) && p.c.Split != nil:
		return p.c.Split(1)
	}
	d, top, bottom := pane.NavStep(k.Nav, msg, p.listRows())
	old := p.cur
	switch {
	case top || bottom || d != 0:
		p.atFinding = false // the person chose where to be
		p.moveBy(d, top, bottom)
		p.follow = bottom // back to following the newest
	default:
		return nil
	}
	p.clamp()
	if p.cur != old {
		return p.selectCall()
	}
	return nil
}

// click selects the session or the call under the pointer (row y of the
// pane; 0 is the title).
func (p *Pane) click(y int) tea.Cmd {
	if y <= 0 {
		return nil
	}
	if p.chosen == nil {
		y -= p.listPromptLines()
		if i := p.listTop() + (y-1)/ui.SessionRowLines; y > 0 && i < len(p.listShown()) {
			p.lcur = i
		}
		return nil
	}
	y -= p.checkoutLines() // the header's checkout line
	rows := min(p.listRows(), max(p.height-1, 0))
	tl := p.timeline(p.width)
	p.placeTop(tl, rows)
	if y > rows || p.top+y-1 >= len(tl) {
		return nil
	}
	i := tl[p.top+y-1].call
	if i < 0 || i == p.cur {
		return nil
	}
	p.cur, p.follow, p.atFinding = i, i == len(p.calls)-1, false
	return p.selectCall()
}

// wheel scrolls the calls (or the list) by d rows; the cursor goes along.
func (p *Pane) wheel(d int) tea.Cmd {
	if d == 0 {
		return nil
	}
	if p.chosen == nil {
		p.lcur += d
		p.clampList()
		return p.nextTally()
	}
	old := p.cur
	p.moveBy(d, false, false)
	p.follow, p.atFinding = false, false
	p.clamp()
	if vis := p.visible(); len(vis) > 0 && p.cur == vis[len(vis)-1] {
		p.follow = true
	}
	if p.cur != old {
		return p.selectCall()
	}
	return nil
}
