package model

import (
	"context"
	"encoding/json"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// agentState is a pane flipped to agent view: the call that stands for
// what the pane shows, and the exact text the tool returned for it. The
// root runs it the same way for every pane, from the pane's AgentCall.
type agentState struct {
	on      bool
	gen     int
	tool    string // the tool called
	call    string // repoops.CallText of the call
	text    string // Result.Text, byte for byte
	lines   []string
	isError bool
	loading bool
	top     int // first row on screen
	hscroll int // columns scrolled right, when not wrapped

	// rows is the text as drawn (wrapped at rowsW, or one row per line),
	// computed once per text, width and wrap setting.
	rows     []string
	rowsW    int
	rowsWrap bool
	rowsOK   bool
}

// agentMsg is a tool call's answer for a pane's agent view; it travels in a
// paneMsg stamped with the view's generation.
type agentMsg struct {
	res repoops.Result
}

// agentRanMsg tells a pane that a call for its agent view has run, whether
// or not the view still wants the answer: the call may have recorded a read
// in the session (the viewer re-checks the gate on it). It travels stamped
// with the pane's load generation, so it is dropped once the pane shows
// something else.
type agentRanMsg struct{}

// callTool runs one tool call through the session, the same entry point
// `repox call` uses, so the text is the very bytes it prints. args is the
// typed argument struct: the header shows its JSON and the call gets the
// same JSON, so the two cannot disagree. It answers with two envelopes:
// the answer (agent generation gen) and the notice that the call ran (load
// generation loadGen).
func callTool(ctx context.Context, s *repoops.Session, pane paneID, gen, loadGen int, name string, args any) tea.Cmd {
	return func() tea.Msg {
		var res repoops.Result
		if raw, err := json.Marshal(args); err != nil {
			res = repoops.Result{IsError: true, Text: err.Error()}
		} else {
			res = s.Call(ctx, name, raw)
		}
		answer := paneMsg{to: pane, job: jobAgent, gen: gen, msg: agentMsg{res: res}}
		ran := paneMsg{to: pane, job: jobLoad, gen: loadGen, msg: agentRanMsg{}}
		return tea.BatchMsg{func() tea.Msg { return answer }, func() tea.Msg { return ran }}
	}
}

// toggleAgent flips the focused pane's agent view.
func (m *Model) toggleAgent() tea.Cmd { return m.toggleAgentOf(m.focused()) }

// toggleAgentOf flips p's agent view; turning it on makes p's call through
// the look session: the text a default call returns, with no read recorded.
func (m *Model) toggleAgentOf(p pane) tea.Cmd {
	a := p.Agent()
	if a == nil {
		return nil
	}
	name, args, why := p.AgentCall()
	if why != "" {
		return m.flash(why)
	}
	if a.on {
		a.on = false
		return nil
	}
	gen := a.gen + 1
	*a = agentState{on: true, gen: gen, loading: true, tool: name, call: repoops.CallText(name, args)}
	return callTool(m.ctx, m.look, p.ID(), gen, p.Generation(jobLoad), name, args)
}

// refreshAgent repeats p's call after a reload, when its view is on.
func (m *Model) refreshAgent(p pane) tea.Cmd {
	a := p.Agent()
	if a == nil || !a.on {
		return nil
	}
	a.on = false
	return m.toggleAgentOf(p)
}

// apply takes the answer of the view's current call.
func (a *agentState) apply(res repoops.Result) {
	a.loading = false
	a.text = res.Text
	a.isError = res.IsError
	a.lines = strings.Split(a.text, "\n")
	a.top = 0
	a.rowsOK = false
}

// display is the text's rows for a pane w wide: wrapped, or one per line
// (then scrolled sideways).
func (a *agentState) display(w int, wrap bool) []string {
	if !a.rowsOK || a.rowsW != w || a.rowsWrap != wrap {
		if wrap {
			a.rows = ui.AgentRows(a.lines, w)
		} else {
			a.rows = a.lines
		}
		a.rowsW, a.rowsWrap, a.rowsOK = w, wrap, true
	}
	return a.rows
}

// size is the response's size beside the call: bytes and lines.
func (a *agentState) size() string {
	if a.loading {
		return ""
	}
	return repoops.Commas(len(a.text)) + " bytes, " + repoops.Plural(len(a.lines), "line", "lines")
}

// scroll moves an agent view's text by d rows.
func (a *agentState) scroll(d, body int) {
	n := len(a.lines)
	if a.rowsOK {
		n = len(a.rows)
	}
	a.top = max(min(a.top+d, n-body), 0)
}

// navAgent moves p's agent view with the movement keys. In the tree's
// agent view the tree's movement keys move the tree cursor and the call
// follows it (agent_follow.go); the text scrolls by half pages and pages.
func (m *Model) navAgent(p pane, msg tea.KeyPressMsg) tea.Cmd {
	a := p.Agent()
	w, h := p.Size()
	body := max(h-2, 1)
	a.display(w, m.agentWrap())
	ak := m.keys.Agent
	switch {
	case key.Matches(msg, ak.Wrap):
		m.agentNoWrap = !m.agentNoWrap
		a.top, a.hscroll = 0, 0
		if m.agentNoWrap {
			return m.flash("agent view: wrap off (←/→ scroll)")
		}
		return m.flash("agent view: wrap on")
	case key.Matches(msg, ak.Left):
		if !m.agentNoWrap {
			return nil
		}
		a.hscroll = max(a.hscroll-8, 0)
		return nil
	case key.Matches(msg, ak.Right):
		if !m.agentNoWrap {
			return nil
		}
		a.hscroll += 8
		return nil
	case key.Matches(msg, ak.HalfDown):
		a.scroll(max(body/2, 1), body)
		return nil
	case key.Matches(msg, ak.HalfUp):
		a.scroll(-max(body/2, 1), body)
		return nil
	case key.Matches(msg, ak.PageDown):
		a.scroll(max(body-1, 1), body)
		return nil
	case key.Matches(msg, ak.PageUp):
		a.scroll(-max(body-1, 1), body)
		return nil
	}
	if p.ID() == paneTree {
		return m.followTree(msg)
	}
	d, top, bottom := navStep(m.keys.Tree.Nav, msg, body)
	switch {
	case top:
		a.top = 0
	case bottom:
		a.scroll(len(a.rows), body)
	default:
		a.scroll(d, body)
	}
	return nil
}

// agentWrap: agent views wrap unless the person turned it off.
func (m *Model) agentWrap() bool { return !m.agentNoWrap }
