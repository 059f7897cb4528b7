package model

import (
	"context"
	"encoding/json"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// agentMsg is a tool call's answer for a pane's agent view; it travels in a
// paneMsg stamped with the view's generation.
type agentMsg struct {
	res repoops.Result
}

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
		answer := paneMsg{To: pane, Job: jobAgent, Gen: gen, Msg: agentMsg{res: res}}
		ran := paneMsg{To: pane, Job: jobLoad, Gen: loadGen, Msg: agentRanMsg{}}
		return tea.BatchMsg{func() tea.Msg { return answer }, func() tea.Msg { return ran }}
	}
}

// toggleAgent flips the focused pane's agent view.
// ownAgentView is an overlay whose agent view is a layout of its own
// rather than a call it makes, toggled by its own keys: the sessions pane,
// whose calls were made already (model/sessions/exact.go).
type ownAgentView interface {
	ToggleAgentView() tea.Cmd
	AgentViewOn() bool
}

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
	if a.On {
		a.On = false
		return nil
	}
	gen := a.Gen + 1
	*a = agentState{On: true, Gen: gen, Loading: true, Tool: name, Call: repoops.CallText(name, args)}
	return callTool(m.Ctx, m.Look, p.ID(), gen, p.Generation(jobLoad), name, args)
}

// refreshAgent repeats p's call after a reload, when its view is on.
func (m *Model) refreshAgent(p pane) tea.Cmd {
	a := p.Agent()
	if a == nil || !a.On {
		return nil
	}
	a.On = false
	return m.toggleAgentOf(p)
}

// navAgent moves p's agent view with the movement keys. In the tree's
// agent view the tree's movement keys move the tree cursor and the call
// follows it (agent_follow.go); the text scrolls by half pages and pages.
func (m *Model) navAgent(p pane, msg tea.KeyPressMsg) tea.Cmd {
	a := p.Agent()
	w, h := p.Size()
	body := max(h-2, 1)
	a.Display(w, m.agentWrap())
	ak := m.Keys.Agent
	switch {
	case key.Matches(msg, ak.Wrap):
		m.agentNoWrap = !m.agentNoWrap
		a.Top, a.HScroll = 0, 0
		if m.agentNoWrap {
			return m.flash("agent view: wrap off (←/→ scroll)")
		}
		return m.flash("agent view: wrap on")
	case key.Matches(msg, ak.Left):
		if !m.agentNoWrap {
			return nil
		}
		a.HScroll = max(a.HScroll-8, 0)
		return nil
	case key.Matches(msg, ak.Right):
		if !m.agentNoWrap {
			return nil
		}
		a.HScroll += 8
		return nil
	case key.Matches(msg, ak.HalfDown):
		a.Scroll(max(body/2, 1), body)
		return nil
	case key.Matches(msg, ak.HalfUp):
		a.Scroll(-max(body/2, 1), body)
		return nil
	case key.Matches(msg, ak.PageDown):
		a.Scroll(max(body-1, 1), body)
		return nil
	case key.Matches(msg, ak.PageUp):
		a.Scroll(-max(body-1, 1), body)
		return nil
	}
	if p.ID() == paneTree {
		return m.followTree(msg)
	}
	d, top, bottom := navStep(m.Keys.Tree.Nav, msg, body)
	switch {
	case top:
		a.Top = 0
	case bottom:
		a.Scroll(len(a.Rows), body)
	default:
		a.Scroll(d, body)
	}
	return nil
}

// agentWrap: agent views wrap unless the person turned it off.
func (m *Model) agentWrap() bool { return !m.agentNoWrap }
