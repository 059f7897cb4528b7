package model

import (
	"strings"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/ui"
)

// thenNow lays a step out for the then/now columns: the exact text the
// agent was shown, and the exact text of each repox outcome (both from the
// Step: nothing here produces tool text), with the lines that have no
// counterpart on the other side marked.
func thenNow(st replay.Step) (then, now []ui.DiffLine) {
	c := st.Call
	var tl, nl []string
	switch {
	case c.NoResult:
		tl = []string{"(no result in the transcript: interrupted, or still running)"}
	default:
		tl = splitText(c.Text)
	}
	switch {
	case !c.IsFileTool():
		nl = []string{"(no repox equivalent: " + c.NoEquivalent + ")"}
	default:
		for i, o := range st.Now {
			if len(st.Now) > 1 || o.DryRun || o.Forced {
				head := "── " + o.Tool
				switch {
				case o.DryRun:
					head += " (planned only: the agent's failed)"
				case o.Forced:
					head += " (refused; applied to the copy as the agent's was)"
				}
				if i < len(c.Repox) && len(st.Now) > 1 {
					head += " " + string(c.Repox[i].Args)
				}
				nl = append(nl, head)
			}
			if o.AlreadyApplied != "" {
				nl = append(nl, "(already applied on disk: "+o.AlreadyApplied+"; not re-run)")
				continue
			}
			if o.DryRun && !o.IsError && o.Text == "" {
				nl = append(nl, "(repox would apply it)")
				continue
			}
			nl = append(nl, splitText(o.Text)...)
		}
	}
	a, b := diffLines(tl, nl)
	if alreadyApplied(st) {
		// not a difference: the change is on disk, and was not re-run
		for i := range a {
			a[i].Changed = false
		}
		for i := range b {
			b[i].Changed = false
		}
	}
	return a, b
}

func splitText(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return []string{"(empty)"}
	}
	return strings.Split(s, "\n")
}

// norm is the form two lines are compared in: the read format's line
// number prefix ("     12→", "12\t") written one way, spaces around
// trimmed, so the same file line matches whichever tool showed it.
func norm(l string) string {
	t := strings.TrimSpace(l)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > 0 && i < len(t) {
		rest := t[i:]
		switch {
		case strings.HasPrefix(rest, "→"):
			return t[:i] + "→" + strings.TrimSpace(rest[len("→"):])
		case rest[0] == '\t':
			return t[:i] + "→" + strings.TrimSpace(rest[1:])
		}
	}
	return t
}

// diffLines marks the lines of a and b outside a longest common
// subsequence (by norm). Past a size where the table gets large, a line
// counts as matched when the other side has an unmatched equal line.
func diffLines(a, b []string) (da, db []ui.DiffLine) {
	na, nb := make([]string, len(a)), make([]string, len(b))
	for i, l := range a {
		na[i] = norm(l)
	}
	for i, l := range b {
		nb[i] = norm(l)
	}
	ma, mb := make([]bool, len(a)), make([]bool, len(b))
	if len(a)*len(b) <= 1<<20 {
		// lcs[i][j]: LCS length of na[i:] and nb[j:]
		w := len(b) + 1
		lcs := make([]int32, (len(a)+1)*w)
		for i := len(a) - 1; i >= 0; i-- {
			for j := len(b) - 1; j >= 0; j-- {
				if na[i] == nb[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else {
					lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
				}
			}
		}
		for i, j := 0, 0; i < len(a) && j < len(b); {
			switch {
			case na[i] == nb[j]:
				ma[i], mb[j] = true, true
				i++
				j++
			case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
				i++
			default:
				j++
			}
		}
	} else {
		left := map[string]int{}
		for _, l := range nb {
			left[l]++
		}
		for i, l := range na {
			if left[l] > 0 {
				left[l]--
				ma[i] = true
			}
		}
		left = map[string]int{}
		for _, l := range na {
			left[l]++
		}
		for j, l := range nb {
			if left[l] > 0 {
				left[l]--
				mb[j] = true
			}
		}
	}
	da = make([]ui.DiffLine, len(a))
	for i, l := range a {
		da[i] = ui.DiffLine{Text: l, Changed: !ma[i]}
	}
	db = make([]ui.DiffLine, len(b))
	for j, l := range b {
		db[j] = ui.DiffLine{Text: l, Changed: !mb[j]}
	}
	return da, db
}

// alreadyApplied: every change of the step was found on disk already.
func alreadyApplied(st replay.Step) bool {
	for _, o := range st.Now {
		if o.AlreadyApplied == "" {
			return false
		}
	}
	return len(st.Now) > 0
}

// Memory follows the calls, not what was laid out for them: then/now is
// laid out for the selected call only, and a replayed call keeps neither
// the parsed form of what the agent saw nor repox's typed results (the
// replayer has taken what it needs from them).

// holdDiff lays out then/now for the selected call and drops the layout
// of the one selected before.
func (p *sessionsPane) holdDiff() {
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
