package model

import (
	"context"

	tea "charm.land/bubbletea/v2"
	ct "github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay/blame"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// The viewer's agent blame (b) is repox blame's answer (replay/blame),
// run off the loop: each recorded session naming the file replayed from
// its start in scratch copies, the lines no session wrote blamed through
// repo_git's door. One runs at a time; a new one, or the program's end,
// cancels the one before. enter on a line a session wrote opens the
// sessions pane at that call.

// blameFile is Common.Blame: the viewer's file at generation gen.
func (m *Model) blameFile(path string, gen int) tea.Cmd {
	if m.blameCancel != nil {
		m.blameCancel()
	}
	ctx, cancel := context.WithCancel(m.Ctx)
	m.blameCancel = cancel
	root, env := m.Repo.Dir(), m.agentsEnv()
	return ct.Envelop(paneViewer, jobLoad, gen, func() tea.Msg {
		defer cancel()
		res, err := blame.Blame(ctx, blame.Options{Root: root, Path: path, Env: env})
		return ct.BlameMsg{Gutter: blameGutterOf(path, res, err)}
	})
}

// blameGutterOf turns a blame into the viewer's column: a session's call as
// "agent #N", a commit by its short hash, an uncommitted line as such.
func blameGutterOf(path string, res *blame.Result, err error) ct.BlameGutter {
	g := ct.BlameGutter{Path: path}
	if err != nil {
		g.Err = err.Error()
		return g
	}
	by := 0
	g.Lines = make([]ct.BlameLine, len(res.Lines))
	for i, l := range res.Lines {
		g.Lines[i] = blameLine(l)
		if l.Call != nil {
			by++
		}
	}
	g.Summary = repoops.Commas(by) + " of " + repoops.Commas(len(res.Lines)) + " lines by " + repoops.Plural(res.Replayed, "session", "sessions")
	return g
}

// blameLine is one line's label, as repox blame prints it, and, for a
// session's, its call.
func blameLine(l blame.Line) ct.BlameLine {
	b := ct.BlameLine{Label: blame.Who(l)}
	if c := l.Call; c != nil {
		b.Call = &ct.CallRef{Transcript: c.Transcript, Session: c.Session, Repox: c.Agent == transcript.AgentRepox, Seq: c.Seq}
	}
	return b
}

// openCall is Common.OpenCall: the sessions pane on ref's session, the
// cursor landing on its call as it arrives.
func (m *Model) openCall(ref ct.CallRef) tea.Cmd {
	m.showSessions()
	si := discover.SessionInfo{Path: ref.Transcript}
	if ref.Repox {
		si.ID, si.Agent = ref.Session, transcript.AgentRepox
	}
	return m.sessions.ChooseAtCall(si, ref.Seq)
}

// agentsEnv is where the agents keep their sessions: the process's,
// unless a test set its own.
func (m *Model) agentsEnv() discover.Env {
	if m.envFn != nil {
		return m.envFn()
	}
	return discover.EnvFromOS()
}
