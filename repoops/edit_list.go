package repoops

import (
	"fmt"
	"slices"
)

// editMaxItems caps repo_edit's edits list.
const editMaxItems = 100

// planEdits works out repo_edit's replacements in order, each matched
// against the text the ones before it left, and what each needs seen. The
// returned change is the last body; for one replacement its spans are the
// replacement's own, for a list they are the regions of the result that
// differ from the file, merged.
func planEdits(shown string, body []byte, form TextForm, r EditArgs, res *ChangeResult) (contentChange, gateNeed, error) {
	items := r.items()
	list := len(r.Edits) > 0
	cur := body
	var need gateNeed
	var regions []changeSpan
	var last contentChange
	for k, it := range items {
		expected, _ := intArg("expected_count", it.ExpectedCount, 1, 1, editMaxExpected, "")
		ch, miss, noop := applyEdit(cur, form, it.OldString, it.NewString, expected)
		which := ""
		if list {
			which = fmt.Sprintf("edits[%d] (edit %d of %d", k, k+1, len(items))
			if k > 0 {
				which += ", matched against the text the edits before it left"
			}
			which += "): "
		}
		switch {
		case noop && list:
			return last, need, refusef("%sthis edit would leave %s as it is (its line endings and final-newline state are kept) — drop it from the list; nothing was written", which, shown)
		case noop:
			return last, need, refusef("this edit would leave %s as it is (its line endings and final-newline state are kept) — nothing was written", shown)
		case miss != nil:
			err := missRefusal(shown, miss, expected)
			if list {
				err = refusef("%s%s; nothing was written", which, err.Error())
			}
			return last, need, err
		}
		need.steps = append(need.steps, stepOf(cur, ch.Body, ch.Spans))
		regions = moveRegions(regions, ch.Spans)
		res.Replacements += len(ch.Spans)
		cur, last = ch.Body, ch
	}
	if !list {
		starts := make([]int, len(last.Spans))
		for i, sp := range last.Spans {
			starts[i] = sp.NewStart
		}
		res.AtLines = linesOf(last.Body, starts)
		return last, need, nil
	}
	res.Edits = len(items)
	starts := make([]int, len(regions))
	for i, g := range regions {
		starts[i] = g.NewStart
	}
	res.AtLines = slices.Compact(linesOf(cur, starts))
	return contentChange{Body: cur, Spans: regions}, need, nil
}

// moveRegions carries changed regions (NewStart..NewEnd in the body a
// change applies to) into the body it makes, and adds the change's own
// spans; regions that meet are merged.
func moveRegions(regions []changeSpan, spans []changeSpan) []changeSpan {
	out := make([]changeSpan, 0, len(regions)+len(spans))
	for _, g := range regions {
		out = append(out, changeSpan{NewStart: movePos(g.NewStart, spans, false), NewEnd: movePos(g.NewEnd, spans, true)})
	}
	for _, sp := range spans {
		out = append(out, changeSpan{NewStart: sp.NewStart, NewEnd: sp.NewEnd})
	}
	slices.SortFunc(out, func(a, b changeSpan) int { return a.NewStart - b.NewStart })
	merged := out[:0]
	for _, g := range out {
		if n := len(merged); n > 0 && g.NewStart <= merged[n-1].NewEnd {
			merged[n-1].NewEnd = max(merged[n-1].NewEnd, g.NewEnd)
			continue
		}
		merged = append(merged, g)
	}
	return merged
}

// movePos maps a position of the old body to the new one; a position
// inside a replaced stretch goes to the start (or, for an end, the end) of
// its replacement.
func movePos(pos int, spans []changeSpan, end bool) int {
	delta := 0
	for _, sp := range spans {
		switch {
		case pos <= sp.OldStart:
			return pos + delta
		case pos >= sp.OldEnd:
			delta += (sp.NewEnd - sp.NewStart) - (sp.OldEnd - sp.OldStart)
		case end:
			return sp.NewEnd
		default:
			return sp.NewStart
		}
	}
	return pos + delta
}
