package preview

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// previewCallMsg is the answer of a call the person asked for.
type previewCallMsg struct {
	tool string
	res  repoops.Result
}

// Verdict is what the tool would answer now: ok, the text, and whether it
// is the tool's (false: the form's own complaint).
func (p *Pane) Verdict() (ok bool, text string, tool bool) {
	pl := p.planned
	switch {
	case pl == nil:
		return false, "", true
	case pl.err != nil:
		_, isForm := pl.err.(formError)
		return false, pl.err.Error(), !isForm
	case !pl.plan.Verdict.Allowed:
		return false, pl.plan.Verdict.Reason, true
	}
	first, _, _ := strings.Cut(pl.plan.Result.Render(), "\n")
	return true, first, true
}

// readable says whether the gate refuses for want of a full, fresh read
// that one repo_read_file call can give.
func (p *Pane) readable() bool {
	pl := p.planned
	if pl == nil {
		return false
	}
	switch pl.gate.Cause {
	case repoops.GateNeverRead, repoops.GatePartialRead, repoops.GateChanged:
		return pl.gate.Lines <= repoops.ReadMaxLimit
	}
	return false
}

// readArgs is the full read the gate asks for: offset 1, a limit covering
// the file.
func (p *Pane) readArgs() repoops.ReadArgs {
	off, lim := 1, max(p.planned.gate.Lines, 1)
	return repoops.ReadArgs{Path: repoops.DisplayPath(p.path), Offset: &off, Limit: &lim}
}

// readFull reads the file in full through the tool, as an agent would.
func (p *Pane) readFull() tea.Cmd {
	if p.planned == nil || p.planning || p.pendingPlan() {
		p.wantRead, p.wantApply = true, false
		return nil
	}
	if !p.readable() {
		if p.planned.gate.Cause == repoops.GateUnreadable {
			p.note = "one repo_read_file call can never return this file whole, so the gate cannot open (the verdict says why)"
		} else {
			p.note = "the gate does not ask for a read now: " + p.planned.gate.Cause.String()
		}
		return nil
	}
	return p.run("repo_read_file", p.readArgs(), "reading…")
}

// ask opens the confirmation, when the tool would take the change now.
func (p *Pane) ask() tea.Cmd {
	if p.planning || p.planned == nil || p.pendingPlan() {
		p.wantApply, p.wantRead = true, false
		return nil
	}
	if ok, _, _ := p.Verdict(); !ok {
		p.note = "the tool would refuse this now (the verdict above), so there is nothing to apply: nothing was sent"
		return nil
	}
	p.confirm = true
	return nil
}

// apply sends the planned request to the tool: the tool plans again,
// re-checks the gate and the file under its lock, and writes or refuses.
// Closing the preview does not cancel it (a write half asked for is not
// taken back), and when the preview is gone by the time the tool answers,
// the root says what the tool said (AppliedMsg).
func (p *Pane) apply() tea.Cmd {
	req := p.planned.req
	tool := req.ToolName()
	w := Write{path: p.path, call: repoops.CallText(tool, req), diff: p.planned.plan.Diff,
		create: p.planned.plan.Create, before: p.planned.plan.Before}
	p.applying, p.applied = p.planned.plan.Diff, ""
	p.callSeq++
	p.busy = "applying…"
	p.call = repoops.CallText(tool, req)
	p.res = nil
	ctx, s, seq := p.c.Ctx, p.c.Session, p.callSeq
	return func() tea.Msg {
		res := pane.CallJSON(ctx, s, tool, req)
		env := pane.Msg{To: pane.Preview, Job: pane.JobTool, Gen: seq, Msg: previewCallMsg{tool: tool, res: res}}
		return tea.BatchMsg{func() tea.Msg { return env }, func() tea.Msg { return AppliedMsg{Tool: tool, Res: res, Write: w} }}
	}
}

// AppliedMsg is an apply's answer for the root: when the preview has been
// closed meanwhile, the status line says what the tool said.
type AppliedMsg struct {
	Tool  string
	Res   repoops.Result
	Write Write // what was asked, for the write log
}

// run makes one call through the session, the way `repox call` does.
func (p *Pane) run(tool string, args any, busy string) tea.Cmd {
	p.callSeq++
	p.busy = busy
	p.call = repoops.CallText(tool, args)
	p.res = nil
	ctx, s := p.ctx, p.c.Session
	return pane.Envelop(pane.Preview, pane.JobTool, p.callSeq, func() tea.Msg {
		return previewCallMsg{tool: tool, res: pane.CallJSON(ctx, s, tool, args)}
	})
}
