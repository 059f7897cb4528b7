package preview

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// previewDebounce is how long typing must pause before the plan is worked
// out again.
const previewDebounce = 120 * time.Millisecond

// planMsg is the core's plan for one request, with the gate's verdict on
// its own (a refused plan may not carry it).
type planMsg struct {
	req  repoops.ChangeArgs
	plan *repoops.Plan
	err  error
	gate repoops.GateVerdict
}

// planDueMsg says typing has paused: work the plan out now.
type planDueMsg struct{}

// Request is what the form asks of the tool now.
func (p *Pane) Request() (repoops.ChangeArgs, string) {
	shown := repoops.DisplayPath(p.path)
	if !p.insert {
		a := repoops.EditArgs{Path: shown, OldString: fromArea(p.old.Value()), NewString: fromArea(p.new.Value())}
		if strings.TrimSpace(p.count.Value()) != "" {
			n, ok := parseLineNumber(p.count.Value())
			if !ok {
				return nil, "expected_count must be a whole number (empty: the default, 1)"
			}
			a.ExpectedCount = &n
		}
		return a, ""
	}
	n, ok := parseLineNumber(p.line.Value())
	if !ok {
		return nil, "after_line must be a whole number: 0 inserts at the top, N inserts after line N"
	}
	return repoops.InsertArgs{Path: shown, AfterLine: &n, Content: fromArea(p.body.Value())}, ""
}

// parseLineNumber reads a line number as typed (digits, maybe with commas).
func parseLineNumber(s string) (int, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	if s == "" || len(s) > 12 {
		return 0, false
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, true
}

// Start works the first plan out at once.
func (p *Pane) Start() tea.Cmd {
	p.gen++
	return p.planNow()
}

// Replan works the plan out again for the same request (the file changed
// on disk); an applied diff stays shown.
func (p *Pane) Replan() tea.Cmd {
	if p.busy != "" {
		return nil // our own call is writing: its answer plans again
	}
	p.gen++
	return p.planNow()
}

// pendingPlan says the request changed since the plan that landed: one
// is scheduled.
func (p *Pane) pendingPlan() bool { return p.due }

// changed schedules a plan after the debounce; typing on makes the
// scheduled one stale.
func (p *Pane) changed() tea.Cmd {
	p.applied = "" // the form moved on from the write: its plan is shown again
	p.gen++
	p.due = true
	p.confirm = false
	g := p.gen
	if p.tick == nil {
		return nil
	}
	return p.tick(previewDebounce, func(time.Time) tea.Msg {
		return pane.Msg{To: pane.Preview, Job: pane.JobLoad, Gen: g, Msg: planDueMsg{}}
	})
}

// planNow asks the core for the plan of the current request, in a command.
func (p *Pane) planNow() tea.Cmd {
	req, bad := p.Request()
	if bad != "" {
		p.planning, p.due = false, false
		p.planned = &planMsg{err: formError(bad)}
		return nil
	}
	p.planning, p.due = true, false
	ctx, s := p.ctx, p.c.Session
	path := repoops.DisplayPath(p.path)
	return pane.Envelop(pane.Preview, pane.JobLoad, p.gen, func() tea.Msg {
		plan, err := s.Plan(ctx, req)
		if plan != nil {
			return planMsg{req: req, plan: plan, gate: plan.Verdict}
		}
		// A refused plan does not carry the verdict: ask the gate itself.
		return planMsg{req: req, err: err, gate: s.GateCheck(path)}
	})
}

// formError is a problem with the form itself, not the tool's answer.
type formError string

func (e formError) Error() string { return string(e) }
