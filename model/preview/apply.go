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

// readable says whether the gate refuses for want of reads that
// repo_read_file can give: the windows that show the unseen lines.
func (p *Pane) readable() bool {
	pl := p.planned
	if pl == nil {
		return false
	}
	switch pl.gate.Cause {
	case repoops.GateNeverRead, repoops.GatePartialRead, repoops.GateChanged:
		return len(pl.gate.Reads) > 0
	}
	return false
}

// readArgs is the reads the gate asks for: the windows that show exactly
// the lines the change needs and the session has not seen.
func (p *Pane) readArgs() []repoops.ReadArgs {
	out := make([]repoops.ReadArgs, len(p.planned.gate.Reads))
	for i, w := range p.planned.gate.Reads {
		off, lim := w.From, w.Len()
		out[i] = repoops.ReadArgs{Path: repoops.DisplayPath(p.path), Offset: &off, Limit: &lim}
	}
	return out
}

// readCallText is the reads as the calls they are, for the action line.
func (p *Pane) readCallText() string {
	reads := p.readArgs()
	text := repoops.CallText(repoops.ToolRead, reads[0])
	if len(reads) > 1 {
		text += " and " + repoops.Plural(len(reads)-1, "more window", "more windows")
	}
	return text
}

// readMissing reads the missing windows through the tool, in order, as an
// agent would; the answer shown is the last read's.
func (p *Pane) readMissing() tea.Cmd {
	if p.planned == nil || p.planning || p.pendingPlan() {
		p.wantRead, p.wantApply = true, false
		return nil
	}
	if !p.readable() {
		if p.planned.gate.Cause == repoops.GateUnreadable {
			p.note = "a line this change needs is longer than repo_read_file shows whole, so the gate cannot open for it (the verdict says which)"
		} else {
			p.note = "the gate does not ask for a read now: " + p.planned.gate.Cause.String()
		}
		return nil
	}
	reads := p.readArgs()
	p.callSeq++
	p.busy = "reading…"
	p.call = p.readCallText()
	p.res = nil
	ctx, s := p.ctx, p.c.Session
	return pane.Envelop(pane.Preview, pane.JobTool, p.callSeq, func() tea.Msg {
		var res repoops.Result
		for _, a := range reads {
			if res = pane.CallJSON(ctx, s, repoops.ToolRead, a); res.IsError {
				break
			}
		}
		return previewCallMsg{tool: repoops.ToolRead, res: res}
	})
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
