package model

import (
	"context"
	"encoding/json"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// agentState is a pane flipped to agent view: the call that stands for
// what the pane shows, and the exact text the tool returned for it.
type agentState struct {
	on      bool
	gen     int
	call    string // repoops.CallText of the call
	text    string // Result.Text, byte for byte
	lines   []string
	isError bool
	loading bool
	top     int
	hscroll int // columns scrolled right: tool text is never wrapped
}

// paneID names a pane in messages routed back to it.
type paneID int

const (
	paneTree paneID = iota
	paneViewer
)

// agentMsg is a tool call's answer for one pane's agent view.
type agentMsg struct {
	pane paneID
	gen  int
	res  repoops.Result
}

// callTool runs one tool call through the session, the same entry point
// `repox call` uses, so the text is the very bytes it prints. args is the
// typed argument struct: the header shows its JSON and the call gets the
// same JSON, so the two cannot disagree.
func callTool(ctx context.Context, s *repoops.Session, pane paneID, gen int, name string, args any) tea.Cmd {
	return func() tea.Msg {
		raw, err := json.Marshal(args)
		if err != nil {
			return agentMsg{pane: pane, gen: gen, res: repoops.Result{IsError: true, Text: err.Error()}}
		}
		return agentMsg{pane: pane, gen: gen, res: s.Call(ctx, name, raw)}
	}
}

// treeCall is the repo_tree call for the selected folder (a file's folder).
func (m *Model) treeCall() repoops.TreeArgs {
	n := m.tree.selected()
	for n != nil && n.kind != repoops.KindDir {
		n = n.parent
	}
	if n == nil || n.path == "" {
		return repoops.TreeArgs{}
	}
	return repoops.TreeArgs{Path: repoops.DisplayPath(n.path)}
}

// viewerCall is the repo_read_file call for the visible window: from the
// first line on screen, with the tool's default limit, the read an agent
// makes to see this place.
func (m *Model) viewerCall() repoops.ReadArgs {
	v := &m.viewer
	off, lim := 1, defaultLimit
	if v.total > 0 {
		off, _ = v.visibleRange()
	}
	return repoops.ReadArgs{Path: repoops.DisplayPath(v.path), Offset: &off, Limit: &lim}
}

// toggleAgent flips the focused pane's agent view; turning it on makes the
// call (and so, for a read, records it in the session as the tool would).
func (m *Model) toggleAgent() tea.Cmd {
	a, name, args, pane := &m.tree.agent, "repo_tree", any(nil), paneTree
	if m.focus == paneViewer {
		if m.viewer.path == "" {
			return m.flash("open a file first: agent view shows the read for it")
		}
		a, pane = &m.viewer.agent, paneViewer
		name, args = "repo_read_file", m.viewerCall()
	} else {
		args = m.treeCall()
	}
	if a.on {
		a.on = false
		return nil
	}
	gen := a.gen + 1
	*a = agentState{on: true, gen: gen, loading: true, call: repoops.CallText(name, args)}
	return tea.Batch(callTool(m.ctx, m.session, pane, gen, name, args), m.startSpinner())
}

// refreshAgent repeats a pane's call after a reload, when its view is on.
func (m *Model) refreshAgent(pane paneID) tea.Cmd {
	a := &m.tree.agent
	if pane == paneViewer {
		a = &m.viewer.agent
	}
	if !a.on {
		return nil
	}
	a.on = false
	focus := m.focus
	m.focus = pane
	cmd := m.toggleAgent()
	m.focus = focus
	return cmd
}

func (m *Model) onAgent(msg agentMsg) {
	a := &m.tree.agent
	if msg.pane == paneViewer {
		a = &m.viewer.agent
	}
	if msg.gen != a.gen || !a.on {
		return
	}
	a.loading = false
	a.text = msg.res.Text
	a.isError = msg.res.IsError
	a.lines = strings.Split(a.text, "\n")
	a.top = 0
}

// scrollAgent moves an agent view's text by d lines.
func (a *agentState) scroll(d, body int) {
	a.top = max(min(a.top+d, len(a.lines)-body), 0)
}
