package sessions

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// Searching within one session (/ in the calls view): a call shows when
// every word of the query is in its tool, its arguments, the text the
// agent was shown, what was said before it, or one of its findings,
// case-insensitively. With the finding filter (f) both apply. enter keeps
// the query and gives the keys back; esc clears it.

// callHay is the call's searchable text, lower-cased once: what cannot
// change after the call arrived. Findings come with the replay and are
// searched as they are.
func (sc *sessionCall) callHay() string {
	if sc.hay == "" {
		var b strings.Builder
		c := sc.call
		b.WriteString(c.AgentTool + "\n" + string(c.AgentArgs) + "\n" + c.Text + "\n")
		for _, r := range c.Repox {
			b.WriteString(r.Tool + "\n")
		}
		for _, m := range sc.said {
			b.WriteString(m.Text + "\n")
		}
		sc.hay = strings.ToLower(b.String())
	}
	return sc.hay
}

// matchesQuery says whether call i has every word of the calls' query.
func (p *Pane) matchesQuery(i int) bool {
	return p.callHasWords(i, p.cquery)
}

// callHasWords says whether call i has every word of q ("": any call).
func (p *Pane) callHasWords(i int, q string) bool {
	if q == "" {
		return true
	}
	sc := &p.calls[i]
	hay := sc.callHay()
	var flags string
	if sc.step != nil {
		var b strings.Builder
		for _, f := range sc.step.Flags {
			b.WriteString(string(f.Kind) + ": " + f.Text + "\n")
		}
		flags = strings.ToLower(b.String())
	}
	for _, w := range strings.Fields(strings.ToLower(q)) {
		if !strings.Contains(hay, w) && !strings.Contains(flags, w) {
			return false
		}
	}
	return true
}

// typeCallQuery takes a key while the calls' search prompt is open.
func (p *Pane) typeCallQuery(msg tea.KeyPressMsg) tea.Cmd {
	old := p.cur
	k := p.c.Keys.Sessions
	switch {
	case key.Matches(msg, k.FilterKeep):
		p.ctyping = false
		return nil
	case key.Matches(msg, k.FilterDown):
		p.moveBy(1, false, false)
	case key.Matches(msg, k.FilterUp):
		p.moveBy(-1, false, false)
	case key.Matches(msg, p.c.Keys.Typing.Delete):
		if p.cquery != "" {
			_, size := utf8.DecodeLastRuneInString(p.cquery)
			p.cquery = p.cquery[:len(p.cquery)-size]
		}
	default:
		if !pane.Printable(msg) {
			return nil
		}
		p.cquery += msg.Text
	}
	p.requery()
	if p.cur != old {
		return p.selectCall()
	}
	return nil
}

// requery puts the cursor on a call the filters show after the query
// changed, and the list at its top.
func (p *Pane) requery() {
	if len(p.calls) > 0 && !p.shows(p.cur) {
		p.cur = p.nearestShown(p.cur)
	}
	p.top = 0
}

// clearCallQuery closes the calls' search prompt and shows every call
// again; false when there was none.
func (p *Pane) clearCallQuery() bool {
	if p.chosen == nil || (!p.ctyping && p.cquery == "") {
		return false
	}
	p.ctyping, p.cquery = false, ""
	p.requery()
	return true
}

// callPromptLines is 1 while the calls' search prompt shows.
func (p *Pane) callPromptLines() int {
	if p.chosen != nil && (p.ctyping || p.cquery != "") {
		return 1
	}
	return 0
}

// queryTitle words the search for the pane's title (the prompt line
// shows the query): "search: 3 of 40".
func (p *Pane) queryTitle() string {
	if p.cquery == "" && p.hitq != "" {
		return "hits for " + strconv.Quote(p.hitq) + ": " + repoops.Commas(len(p.hits(p.hitq))) + " (n/N)"
	}
	if p.cquery == "" {
		return ""
	}
	return "search: " + repoops.Commas(len(p.visible())) + " of " + repoops.Commas(len(p.calls))
}
