package sessions

import (
	"github.com/repoxhq/repox/replay"
)

// Calls filtered by finding kind (f): all, then those with any finding,
// then each kind the replayed calls have, then all again. A call not
// replayed yet has no findings known, so a filter hides it until it is.

// kindAny is the filter "any finding".
const kindAny replay.FlagKind = "*"

// shows says whether call i passes the finding filter.
func (p *Pane) shows(i int) bool {
	if !p.matchesQuery(i) {
		return false
	}
	if p.kind == "" {
		return true
	}
	st := p.calls[i].step
	if st == nil {
		return false
	}
	for _, f := range st.Flags {
		if p.kind == kindAny || f.Kind == p.kind {
			return true
		}
	}
	return false
}

// cycleKind moves the filter on and puts the cursor on a call it shows:
// all, any finding, then each kind of finding, then each kind of note
// only, in the order the counts list them (replay.Kinds).
func (p *Pane) cycleKind() {
	order := []replay.FlagKind{""}
	if p.counts.FindingTotal()+p.counts.NoteTotal() > 0 {
		order = append(order, kindAny)
		order = append(order, replay.Kinds(p.counts.Findings)...)
		for _, k := range replay.Kinds(p.counts.Notes) {
			if p.counts.Findings[k] == 0 {
				order = append(order, k)
			}
		}
	}
	at := 0
	for i, k := range order {
		if k == p.kind {
			at = i
		}
	}
	p.kind = order[(at+1)%len(order)]
	if !p.shows(p.cur) {
		p.cur = p.nearestShown(p.cur)
	}
	p.top = 0
}

// nearestShown is the call the filter shows nearest after i (else before).
func (p *Pane) nearestShown(i int) int {
	for j := i; j < len(p.calls); j++ {
		if p.shows(j) {
			return j
		}
	}
	for j := min(i, len(p.calls)-1); j >= 0; j-- {
		if p.shows(j) {
			return j
		}
	}
	return i
}

// visible is the calls the filter shows, in order.
func (p *Pane) visible() []int {
	out := make([]int, 0, len(p.calls))
	for i := range p.calls {
		if p.shows(i) {
			out = append(out, i)
		}
	}
	return out
}

// filterTitle words the filter for the pane's title with the counts of
// the calls replayed so far, as the report words its summary: "f: all ·
// 3 findings (1 changed-since-read, 2 edit-unread); 1 note (1 differs)".
func (p *Pane) filterTitle() string {
	if p.counts.FindingTotal()+p.counts.NoteTotal() == 0 && p.kind == "" {
		return ""
	}
	what := "all"
	switch p.kind {
	case "":
	case kindAny:
		what = "with findings"
	default:
		what = string(p.kind)
	}
	return "f: " + what + " · " + p.counts.Text()
}
