package sessions

import (
	"strconv"
	"strings"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/ui"
)

// thenNow lays a step out for the then/now columns from replay's one
// comparison (the report shows the same): framing rows as they are,
// content rows side by side, a line number in a gutter as wide on both
// sides, and only the rows whose content differs marked.
func thenNow(st replay.Step) (then, now []ui.DiffLine) {
	cmp := replay.Compare(st)
	width := 0
	for _, r := range cmp.Rows {
		for _, sr := range []*replay.SideRow{r.Then, r.Now} {
			if sr != nil && r.Op != replay.RowFrame && sr.Path == "" && sr.N > 0 {
				width = max(width, len(strconv.Itoa(sr.N)))
			}
		}
	}
	cell := func(sr *replay.SideRow, op replay.RowOp, marked bool) ui.DiffLine {
		if sr == nil {
			return ui.DiffLine{}
		}
		if op == replay.RowFrame {
			return ui.DiffLine{Text: sr.Text, Frame: true}
		}
		l := ui.DiffLine{Text: sr.Text, Changed: marked}
		switch {
		case sr.Path != "":
			l.Text = sr.String()
		case sr.N > 0:
			n := strconv.Itoa(sr.N)
			l.Gutter = strings.Repeat(" ", width-len(n)) + n
		}
		return l
	}
	for _, r := range cmp.Rows {
		then = append(then, cell(r.Then, r.Op, r.Op == replay.RowChanged || r.Op == replay.RowRemoved))
		now = append(now, cell(r.Now, r.Op, r.Op == replay.RowChanged || r.Op == replay.RowAdded))
	}
	return then, now
}

func splitText(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return []string{"(empty)"}
	}
	return strings.Split(s, "\n")
}

// Memory follows the calls, not what was laid out for them: then/now is
// laid out for the selected call only, and a replayed call keeps neither
// the parsed form of what the agent saw nor repox's typed results (the
// replayer has taken what it needs from them).

// holdDiff lays out then/now for the selected call and drops the layout
// of the one selected before.
func (p *Pane) holdDiff() {
	if p.diffAt >= 0 && p.diffAt < len(p.calls) && p.diffAt != p.cur {
		old := &p.calls[p.diffAt]
		old.then, old.now = nil, nil
	}
	p.diffAt = -1
	sc := p.selected()
	if sc == nil {
		return
	}
	p.diffAt = p.cur
	if sc.step != nil && sc.then == nil {
		sc.then, sc.now = thenNow(*sc.step)
	}
}

// slim drops what a replayed call no longer needs.
func (sc *sessionCall) slim() {
	sc.call.Saw = nil
	sc.step.Call.Saw = nil
	for i := range sc.step.Now {
		sc.step.Now[i].Structured = nil
	}
}
