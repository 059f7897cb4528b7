package sessions

import (
	"strings"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/ui"
)

// The list of sessions, before one is chosen: filtered by what is typed
// after / (the title, the transcript's path, the agent, the session id and
// folder), each row saying what the session was about, how long it ran and
// how many calls it made, so a person can choose without opening each.

// listShown is the list's sessions that match the query, as indices into
// p.list.
func (p *Pane) listShown() []int {
	words := strings.Fields(strings.ToLower(p.lquery))
	out := make([]int, 0, len(p.list))
	for i, s := range p.list {
		if sessionMatches(s, words) || p.grepHit(s) > 0 {
			out = append(out, i)
		}
	}
	return out
}

// sessionMatches: every word is in one of the session's texts (any case).
func sessionMatches(s discover.SessionInfo, words []string) bool {
	if len(words) == 0 {
		return true
	}
	hay := strings.ToLower(strings.Join([]string{s.Title, s.Path, string(s.Agent), s.ID, s.Cwd}, "\x00"))
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// listPromptLines is 1 while the list's filter prompt shows (typing, or a
// query kept), else 0.
func (p *Pane) listPromptLines() int {
	if p.ltyping || p.lquery != "" {
		return 1
	}
	return 0
}

// listCap is how many sessions fit on screen: the pane's height less the
// title and the prompt, two lines a session.
func (p *Pane) listCap() int {
	return max((p.height-1-p.listPromptLines())/ui.SessionRowLines, 1)
}

// listTop is the first session on screen: the cursor kept in view.
func (p *Pane) listTop() int { return max(p.lcur-p.listCap()+1, 0) }

// selectedSession is the session under the cursor, nil when none shows.
func (p *Pane) selectedSession() *discover.SessionInfo {
	shown := p.listShown()
	if p.lcur < 0 || p.lcur >= len(shown) {
		return nil
	}
	return &p.list[shown[p.lcur]]
}

func (p *Pane) clampList() {
	p.lcur = min(max(p.lcur, 0), max(len(p.listShown())-1, 0))
}

// typeFilter takes a key while the filter prompt is open: letters are
// typed (q and tab too), enter keeps the query and closes the prompt, the
// arrows move; esc is the root's (Escape).
func (p *Pane) typeFilter(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.Keys.Sessions
	switch {
	case key.Matches(msg, k.FilterKeep):
		p.ltyping = false
		if len(strings.Fields(p.lquery)) > 0 {
			return p.searchContent() // and inside the sessions
		}
		return nil
	case key.Matches(msg, k.FilterDown):
		p.lcur++
	case key.Matches(msg, k.FilterUp):
		p.lcur--
	case key.Matches(msg, p.c.Keys.Typing.Delete):
		if p.lquery != "" {
			_, size := utf8.DecodeLastRuneInString(p.lquery)
			p.lquery = p.lquery[:len(p.lquery)-size]
			p.lcur = 0
		}
	default:
		if pane.Printable(msg) {
			p.lquery += msg.Text
			p.lcur = 0
		}
	}
	p.clampList()
	return p.nextTally()
}

// Escape takes esc while the list's filter shows: it clears the query
// (and closes the prompt) instead of closing the pane.
func (p *Pane) Escape() bool {
	if p.clearCallQuery() {
		return true
	}
	if p.chosen != nil || p.listPromptLines() == 0 {
		return false
	}
	p.ltyping, p.lquery, p.lcur = false, "", 0
	return true
}

// sessionSpan is how long a session ran, first record to last, in
// the largest two units ("" when unknown).
func sessionSpan(s discover.SessionInfo) string {
	if s.Started.IsZero() || s.Ended.IsZero() {
		return ""
	}
	d := s.Ended.Sub(s.Started).Round(time.Second)
	if d < time.Minute {
		return d.String()
	}
	return strings.TrimSuffix(d.Round(time.Minute).String(), "0s") // 1h20m, 5m
}

// OwnsEsc: while a prompt is open esc is its own (pane.EscOwner).
func (p *Pane) OwnsEsc() bool {
	return (p.chosen == nil && p.listPromptLines() > 0) || p.callPromptLines() > 0
}

// listHelp is the hint line on the list: typing, filtered, or plain.
func (p *Pane) listHelp() []key.Binding {
	k := p.c.Keys.Sessions
	switch {
	case p.ltyping:
		return []key.Binding{k.FilterKeep, k.FilterClear}
	case p.lquery != "":
		return []key.Binding{k.Open, k.Search, k.FilterClear, k.Hide}
	}
	return k.ListHelp()
}
