package model

import (
	"time"

	tea "charm.land/bubbletea/v2"
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
	if !m.tree.FollowAgent(msg) {
		return nil
	}
	// The call shown changes now; its text once the cursor rests.
	m.agentSeq++
	seq := m.agentSeq
	return m.tick(agentFollowPause, func(time.Time) tea.Msg { return agentFollowMsg{seq: seq} })
}

// onAgentFollow runs the call for where the cursor rests.
func (m *Model) onAgentFollow(msg agentFollowMsg) tea.Cmd {
	if msg.seq != m.agentSeq || !m.tree.Agent().On {
		return nil
	}
	return m.refreshAgent(m.tree)
}
