package model

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// agentMarks is what the agent of the chosen session saw, for the tree's
// and the viewer's marks: the sessions pane keeps it up to date and shares
// it through common.agent (nil while no session is chosen).
type agentMarks struct {
	label string                     // "agent session 3f2a…": whose marks these are
	files map[string]replay.FileSeen // by repo-relative path, as the tree names files

	// the selected call's file and lines (read, or produced by its edit)
	regionPath string
	region     []replay.LineRange
}

func (a *agentMarks) setFiles(fs []replay.FileSeen) {
	a.files = make(map[string]replay.FileSeen, len(fs))
	for _, f := range fs {
		a.files[strings.TrimSuffix(f.Path, "/")] = f
	}
}

// treeMark is a tree row's mark for raw path.
func (a *agentMarks) treeMark(path string) string {
	if a == nil || path == "" {
		return ""
	}
	f, ok := a.files[repoops.DisplayPath(path)]
	if !ok {
		return ""
	}
	switch {
	case len(f.EditedUnread) > 0:
		return ui.SeenEditedUnread
	case len(f.Edited) > 0 || f.Written:
		return ui.SeenEdited
	case len(f.Read) > 0:
		return ui.SeenRead
	case f.Listed:
		return ui.SeenListed
	}
	return ""
}

// lineMark is the viewer gutter's mark for line n of raw path, and
// whether n lies in the selected call's region.
func (a *agentMarks) lineMark(path string, n int) (mark string, region bool) {
	if a == nil {
		return "", false
	}
	p := repoops.DisplayPath(path)
	if f, ok := a.files[p]; ok {
		switch {
		case inRanges(f.EditedUnread, n):
			mark = ui.GutterUnread
		case inRanges(f.Edited, n):
			mark = ui.GutterEdited
		case inRanges(f.Read, n):
			mark = ui.GutterRead
		}
	}
	return mark, a.regionPath == p && inRanges(a.region, n)
}

func inRanges(rs []replay.LineRange, n int) bool {
	for _, r := range rs {
		if n >= r.From && n <= r.To {
			return true
		}
	}
	return false
}

// jumpTo shows path in the tree and the viewer, line first: the sessions
// pane's jump to what a call touched (line 0: no line known). A file
// already open only moves,
// unless reread (the call changed it: a live agent's edit is on disk).
func (m *Model) jumpTo(path string, line int, reread bool) tea.Cmd {
	if line <= 0 && m.viewer.path == path {
		line = m.viewer.cursor // no line to go to: keep the place
	}
	line = max(line, 1)
	reveal := m.tree.revealPath(path)
	if m.viewer.path == path && m.viewer.total > 0 && !reread {
		m.viewer.centerOn(min(line, m.viewer.total))
		return tea.Batch(reveal, m.viewer.ensureLoaded())
	}
	return tea.Batch(reveal, m.openFile(path, line))
}

// openSessions shows the sessions pane over the viewer: the list of
// sessions, or the chosen one as it was left.
func (m *Model) openSessions() tea.Cmd {
	if m.sessions == nil {
		m.sessions = newSessionsPane(m.common, replay.EnvFromOS)
	}
	if m.overlays.find(paneSessions) != nil {
		return nil
	}
	cmd := m.sessions.show()
	m.pushOverlay(m.sessions)
	return cmd
}

// openTranscript opens the sessions pane following one transcript (repox
// replay FILE); session keeps one session of a repox call log.
func (m *Model) openTranscript(path, session string) tea.Cmd {
	if m.sessions == nil {
		m.sessions = newSessionsPane(m.common, replay.EnvFromOS)
	}
	if m.overlays.find(paneSessions) == nil {
		m.pushOverlay(m.sessions)
	}
	si := replay.SessionInfo{Path: path, ID: session}
	if session != "" {
		si.Agent = replay.AgentRepox
	}
	return m.sessions.choose(si)
}

// Shutdown stops following a session and removes the replay's scratch
// copies; Run calls it when the program ends.
func (m *Model) Shutdown() {
	if m.sessions != nil && m.sessions.run != nil {
		m.sessions.run.close()
	}
}
