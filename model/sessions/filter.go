package sessions

import (
	"sort"
	"strconv"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
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

// kindCounts is how many replayed calls have each kind of finding, and
// how many have any.
func (p *Pane) kindCounts() (map[replay.FlagKind]int, int) {
	counts := map[replay.FlagKind]int{}
	anyN := 0
	for _, sc := range p.calls {
		if sc.step == nil || len(sc.step.Flags) == 0 {
			continue
		}
		anyN++
		seen := map[replay.FlagKind]bool{}
		for _, f := range sc.step.Flags {
			if !seen[f.Kind] {
				seen[f.Kind] = true
				counts[f.Kind]++
			}
		}
	}
	return counts, anyN
}

// cycleKind moves the filter on and puts the cursor on a call it shows.
func (p *Pane) cycleKind() {
	counts, anyN := p.kindCounts()
	order := []replay.FlagKind{""}
	if anyN > 0 {
		order = append(order, kindAny)
		var kinds []replay.FlagKind
		for k := range counts {
			kinds = append(kinds, k)
		}
		sort.Slice(kinds, func(i, j int) bool { return kinds[i] < kinds[j] })
		order = append(order, kinds...)
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

// filterTitle words the filter for the pane's title: "f: all · 5 with
// findings: 3 changed-since-read, 2 edit-unread".
func (p *Pane) filterTitle() string {
	counts, anyN := p.kindCounts()
	if anyN == 0 && p.kind == "" {
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
	var kinds []string
	for k := range counts {
		kinds = append(kinds, string(k))
	}
	sort.Strings(kinds)
	for i, k := range kinds {
		kinds[i] = strconv.Itoa(counts[replay.FlagKind(k)]) + " " + k
	}
	s := "f: " + what + " · " + repoops.Commas(anyN) + " with findings"
	if len(kinds) > 0 {
		s += ": "
		for i, k := range kinds {
			if i > 0 {
				s += ", "
			}
			s += k
		}
	}
	return s
}
