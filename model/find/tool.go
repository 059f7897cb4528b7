package find

import (
	"context"
	"encoding/json"
	"time"

	"github.com/repoxhq/repox/model/pane"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// findToolMsg is repo_find's answer for the query.
type findToolMsg struct {
	query string
	res   repoops.Result
}

// callTool runs repo_find for the query through the session (Session.Call,
// the agent's entry point): its text is the agent view, its typed result
// the marks. An older call still running is cancelled.
func (p *Pane) callTool() tea.Cmd {
	p.dropTool()
	q := p.input
	if q == "" {
		p.AgentView = pane.AgentState{On: p.AgentView.On}
		return nil
	}
	args := p.args()
	p.AgentView = pane.AgentState{On: p.AgentView.On, Loading: true, Tool: repoops.ToolFind, Call: repoops.CallText(repoops.ToolFind, args)}
	ctx, cancel := context.WithCancel(p.C.Ctx)
	p.toolCancel = cancel
	s := p.C.Session
	return pane.Envelop(pane.Find, pane.JobTool, p.toolGen, func() tea.Msg {
		// A pause first, so typing on does not start a call per keystroke.
		select {
		case <-time.After(ToolDelay):
		case <-ctx.Done():
			return nil
		}
		raw, err := json.Marshal(args)
		if err != nil {
			return findToolMsg{query: q, res: repoops.Result{IsError: true, Text: err.Error()}}
		}
		return findToolMsg{query: q, res: s.Call(ctx, repoops.ToolFind, raw)}
	})
}

// dropTool cancels the tool call for an older query; its marks go.
func (p *Pane) dropTool() {
	if p.toolCancel != nil {
		p.toolCancel()
		p.toolCancel = nil
	}
	p.toolGen++
	p.tool, p.toolErr, p.seen, p.toolFor = nil, "", nil, ""
	p.relist()
}

// ToolDelay is how long the query must stay unchanged, its results
// shown, before repo_find runs for it (a repo_find of a large repository
// lists the whole file set).
var ToolDelay = 120 * time.Millisecond

func (p *Pane) onTool(msg findToolMsg) {
	p.AgentView.Apply(msg.res)
	p.toolFor = msg.query
	if fr, ok := msg.res.Structured.(*repoops.FindResult); ok && !msg.res.IsError {
		p.tool = fr
		p.seen = map[string]bool{}
		for _, r := range fr.RawMatches() {
			p.seen[r] = true
		}
		return
	}
	p.toolErr = msg.res.Text
}
