package preview

import (
	"strings"

	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// diffLines is the planned diff, line by line ("" when there is none).
func (p *Pane) diffLines() []string {
	if p.applied != "" {
		return strings.Split(strings.TrimSuffix(p.applied, "\n"), "\n")
	}
	if p.planned == nil || p.planned.plan == nil || p.planned.plan.Diff == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(p.planned.plan.Diff, "\n"), "\n")
}

// diffRows is how many diff lines the last layout had room for.
func (p *Pane) diffRows() int { return max(p.height/3, 1) }

func (p *Pane) View(w, h int, focused bool) string {
	tool := repoops.ToolEdit
	if p.insert {
		tool = repoops.ToolInsert
	}
	pv := ui.PreviewView{
		Title:   "edit preview · " + repoops.DisplayPath(p.path) + " · " + tool + " (from " + p.from + ")",
		Focused: focused,
		Warn:    p.warn,
		Note:    p.note,
		DiffTop: p.diffTop,
		Diff:    p.diffLines(),
		Applied: p.applied != "",
	}
	if p.insert {
		pv.Fields = []ui.PreviewField{
			{Label: "after_line", Body: p.line.View(), Rows: 1, Focused: p.field == 0},
			{Label: "content", Body: p.body.View(), Rows: p.body.Height(), Focused: p.field == 1},
		}
	} else {
		pv.Fields = []ui.PreviewField{
			{Label: "old_string", Body: p.old.View(), Rows: p.old.Height(), Focused: p.field == 0},
			{Label: "new_string", Body: p.new.View(), Rows: p.new.Height(), Focused: p.field == 1},
			{Label: "expected_count", Body: p.count.View(), Rows: 1, Focused: p.field == 2},
		}
	}
	ok, text, byTool := p.Verdict()
	switch {
	case p.planning || p.due:
		pv.VerdictLabel = p.c.SpinFrame() + " planning…"
		pv.VerdictPending = true
		if p.planned != nil {
			pv.Verdict = text
		}
	case !byTool:
		pv.VerdictLabel = "the form:"
		pv.Verdict = text
	case ok:
		pv.VerdictLabel = tool + " would answer now:"
		pv.Verdict, pv.VerdictOK = text, true
	default:
		pv.VerdictLabel = tool + " would refuse now:"
		pv.Verdict = text
	}
	switch {
	case p.wantRead:
		pv.Action = "ctrl+r: reads the unseen lines once the verdict is in"
	case p.wantApply:
		pv.Action = "ctrl+s: asks once the verdict is in"
	case !p.planning && !p.due && p.readable():
		pv.Action = "ctrl+r reads the unseen lines now: " + p.readCallText()
	}
	if p.confirm {
		pv.Confirm = "y writes it, any other key goes back: " + repoops.CallText(p.planned.req.ToolName(), p.planned.req)
	}
	switch {
	case p.busy != "":
		pv.Call = p.c.SpinFrame() + " " + p.busy + " " + p.call
	case p.res != nil:
		pv.Call = "ran " + p.call
		pv.Result = p.res.Text
		if !p.res.IsError && strings.HasPrefix(p.call, "repo_read_file ") {
			// The read's header says what it returned; its lines are the file.
			pv.Result, _, _ = strings.Cut(p.res.Text, "\n")
		}
		pv.ResultErr = p.res.IsError
	}
	return p.c.Styles.RenderPreview(pv, w, h)
}
