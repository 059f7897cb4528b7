package model

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/sessions"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
)

// jumpTo shows path in the tree and the viewer, line first: the sessions
// pane's jump to what a call touched (line 0: no line known). A file
// already open only moves,
// unless reread (the call changed it: a live agent's edit is on disk).
func (m *Model) jumpTo(path string, line int, reread bool) tea.Cmd {
	if line <= 0 && m.viewer.Path() == path {
		line = m.viewer.Cursor() // no line to go to: keep the place
	}
	line = max(line, 1)
	reveal := m.tree.RevealPath(path)
	if m.viewer.Path() == path && m.viewer.Total() > 0 && !reread {
		m.viewer.CenterOn(min(line, m.viewer.Total()))
		return tea.Batch(reveal, m.viewer.EnsureLoaded())
	}
	return tea.Batch(reveal, m.openFile(path, line))
}

// openSessions shows the sessions pane over the viewer: the list of
// sessions, or the chosen one as it was left.
func (m *Model) openSessions() tea.Cmd {
	if m.sessions == nil {
		m.useSessions(sessions.New(m.common, m.agentsEnv))
	}
	if m.Overlays.Find(paneSessions) != nil {
		return nil
	}
	cmd := m.sessions.Show()
	m.pushOverlay(m.sessions)
	return cmd
}

// openTranscript opens the sessions pane following one transcript (repox
// replay FILE); session keeps one session of a repox call log.
func (m *Model) openTranscript(path, session string) tea.Cmd {
	m.showSessions()
	si := discover.SessionInfo{Path: path, ID: session}
	if session != "" {
		si.Agent = transcript.AgentRepox
	}
	return m.sessions.Choose(si)
}

// openTranscriptAtFinding is openTranscript for the tour's finished
// session: the cursor lands on the call the replay flags first.
func (m *Model) openTranscriptAtFinding(path string) tea.Cmd {
	m.showSessions()
	return m.sessions.ChooseAtFinding(discover.SessionInfo{Path: path})
}

// showSessions makes the sessions pane (once) and puts it on top.
func (m *Model) showSessions() {
	if m.sessions == nil {
		m.useSessions(sessions.New(m.common, m.agentsEnv))
	}
	if m.Overlays.Find(paneSessions) == nil {
		m.pushOverlay(m.sessions)
	}
}

// useSessions makes p the sessions pane, held shown or hidden.
func (m *Model) useSessions(p *sessions.Pane) {
	if m.cfg.Tour != nil && m.cfg.Tour.Transcript != "" {
		p.AlsoList(m.cfg.Tour.Transcript) // the demo's session, in its ignored build/
	}
	m.sessions = p
	m.hold(p)
}

// Shutdown stops following a session and removes the replay's scratch
// copies; Run calls it when the program ends.
func (m *Model) Shutdown() {
	if m.blameCancel != nil {
		m.blameCancel() // a blame's replays and their scratch copies end with it
	}
	if m.sessions != nil {
		m.sessions.Shutdown()
	}
}
