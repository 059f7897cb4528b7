package sessions

import (
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// The sessions pane's agent view. Elsewhere `a` makes the pane's call and
// shows the exact text it returns; here the call was made already, twice:
// by the agent's own tool (recorded) and by repox (replayed). So `a` swaps
// then/now, which compares content with the framing aligned and long lines
// cut, for the two exact texts, every byte, wrapped: what the agent's model
// read, beside what repox answers to the call shown on its first row.

// ToggleAgentView implements ownAgentView.
func (p *Pane) ToggleAgentView() tea.Cmd {
	if p.chosen == nil {
		return pane.Notice("a shows a call's exact texts: choose a session first (enter)")
	}
	p.exact = !p.exact
	p.dtop = 0
	return nil
}

// AgentViewOn implements ownAgentView.
func (p *Pane) AgentViewOn() bool { return p.chosen != nil && p.exact }

// exactColumns are the selected call's two exact texts, laid out for a
// pane w cells wide: each repox call the agent's call maps to gets a
// framing row with the call as repox's model would see it.
func exactColumns(sc *sessionCall, w int) (then, now []ui.DiffLine) {
	left, right := ui.SessionsColumns(w)
	c := sc.call
	alone := sc.step != nil && len(sc.step.Now) == 0
	if alone {
		left = w // no repox side: the agent's text across the pane
	}
	switch {
	case c.NoResult:
		then = []ui.DiffLine{{Text: "(no result recorded — " + replay.NoResultText(c, time.Now()) + ")", Frame: true}}
	case c.Text == "":
		then = []ui.DiffLine{{Text: "(empty)", Frame: true}}
	default:
		for _, r := range ui.ExactRows(c.Text, left) {
			then = append(then, ui.DiffLine{Text: r})
		}
	}
	if sc.step == nil || alone {
		return then, []ui.DiffLine{{Text: "(no repox call: " + noCallWhy(sc) + ")", Frame: true}}
	}
	for _, o := range sc.step.Now {
		for _, r := range ui.ExactRows("› "+repoops.CallText(o.Tool, o.Args), right) {
			now = append(now, ui.DiffLine{Text: r, Frame: true})
		}
		switch {
		case o.NotRun:
			now = append(now, ui.DiffLine{Text: "(not run: " + o.Text + ")", Frame: true})
			continue
		case o.DryRun:
			now = append(now, ui.DiffLine{Text: "(planned, not written: the agent's change failed)", Frame: true})
		}
		for _, r := range ui.ExactRows(o.Text, right) {
			now = append(now, ui.DiffLine{Text: r, Changed: o.IsError})
		}
	}
	return then, now
}

// noCallWhy says why a call has no repox equivalent to show.
func noCallWhy(sc *sessionCall) string {
	if sc.step == nil {
		return "not replayed yet"
	}
	if why := sc.call.NoEquivalent; why != "" {
		return why
	}
	return "no file tool of repox does what this call did"
}
