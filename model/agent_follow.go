package model

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// The tree's agent view follows the tree cursor: moving in the tree with
// the view on changes the call to the folder under the cursor, and, once
// the cursor rests for agentFollowPause, the call runs, so a person can walk
// the tree and watch what each call would return.
const agentFollowPause = 150 * time.Millisecond

// agentFollowMsg runs the tree agent view's call if the cursor has not
// moved since it was scheduled.
type agentFollowMsg struct{ seq int }

// followTree moves the tree cursor with a movement key while the tree's
// agent view is on, and schedules the call for the folder now under it.
func (m *Model) followTree(msg tea.KeyPressMsg) tea.Cmd {
	t := &m.tree
	k := m.Keys.Tree
	name, args, _ := t.AgentCall()
	before := repoops.CallText(name, args)
	d, top, bottom := navStep(k.Nav, msg, t.visible())
	switch {
	case top:
		t.cursor = 0
		t.clamp()
	case bottom:
		t.cursor = len(t.rows) - 1
		t.clamp()
	case d != 0:
		t.move(d)
	case key.Matches(msg, k.Expand), key.Matches(msg, k.Collapse):
		return nil
	default:
		return nil
	}
	name, args, _ = t.AgentCall()
	if repoops.CallText(name, args) == before {
		return nil
	}
	// The call shown changes now; its text once the cursor rests.
	a := &t.agent
	a.Call = repoops.CallText(name, args)
	a.Loading = true
	m.agentSeq++
	seq := m.agentSeq
	return m.tick(agentFollowPause, func(time.Time) tea.Msg { return agentFollowMsg{seq: seq} })
}

// onAgentFollow runs the call for where the cursor rests.
func (m *Model) onAgentFollow(msg agentFollowMsg) tea.Cmd {
	if msg.seq != m.agentSeq || !m.tree.agent.On {
		return nil
	}
	return m.refreshAgent(&m.tree)
}
