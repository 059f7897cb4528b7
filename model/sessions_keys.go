package model

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/ui"
)

// The sessions pane's keys, clicks and wheel.

// listRows is how many rows the calls list gets.
func (p *sessionsPane) listRows() int { return max(3, (p.height-1)/3) }

func (p *sessionsPane) clamp() {
	if p.chosen == nil {
		return
	}
	n, rows := len(p.calls), p.listRows()
	p.cur = min(max(p.cur, 0), max(n-1, 0))
	if p.cur < p.top {
		p.top = p.cur
	}
	if p.cur >= p.top+rows {
		p.top = p.cur - rows + 1
	}
	p.top = max(min(p.top, n-rows), 0)
}

func (p *sessionsPane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.keys.Sessions
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Hide):
		p.hiding, p.done = true, true
		return nil
	}
	if p.chosen == nil {
		if key.Matches(msg, k.Open) && p.lcur < len(p.list) {
			return p.choose(p.list[p.lcur])
		}
		d, top, bottom := navStep(k.Nav, msg, max((p.height-1)/ui.SessionRowLines, 1))
		switch {
		case top:
			p.lcur = 0
		case bottom:
			p.lcur = len(p.list) - 1
		default:
			p.lcur += d
		}
		p.lcur = min(max(p.lcur, 0), max(len(p.list)-1, 0))
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		cmd := p.stop()
		p.loading = true
		return tea.Batch(cmd, discoverSessions(p.c.ctx, p.dir, p.env, p.gen))
	case key.Matches(msg, k.DiffDown):
		p.dtop++
		return nil
	case key.Matches(msg, k.DiffUp):
		p.dtop = max(p.dtop-1, 0)
		return nil
	}
	d, top, bottom := navStep(k.Nav, msg, p.listRows())
	old := p.cur
	switch {
	case top:
		p.cur, p.follow = 0, false
	case bottom:
		p.cur, p.follow = len(p.calls)-1, true // back to following the newest
	case d != 0:
		p.cur += d
		p.follow = false
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
func (p *sessionsPane) click(y int) tea.Cmd {
	if y <= 0 {
		return nil
	}
	if p.chosen == nil {
		rows := max((p.height-1)/ui.SessionRowLines, 1)
		top := max(p.lcur-rows+1, 0)
		if i := top + (y-1)/ui.SessionRowLines; i < len(p.list) {
			p.lcur = i
		}
		return nil
	}
	if y > p.listRows() {
		return nil
	}
	i := p.top + y - 1
	if i >= len(p.calls) || i == p.cur {
		return nil
	}
	p.cur, p.follow = i, i == len(p.calls)-1
	return p.selectCall()
}

// wheel scrolls the calls (or the list) by d rows; the cursor goes along.
func (p *sessionsPane) wheel(d int) tea.Cmd {
	if d == 0 {
		return nil
	}
	if p.chosen == nil {
		p.lcur = min(max(p.lcur+d, 0), max(len(p.list)-1, 0))
		return nil
	}
	old := p.cur
	p.cur += d
	p.follow = false
	p.clamp()
	if p.cur == len(p.calls)-1 {
		p.follow = true
	}
	if p.cur != old {
		return p.selectCall()
	}
	return nil
}
