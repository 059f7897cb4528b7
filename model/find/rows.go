package find

import "github.com/sahilm/fuzzy"

// Find's list. Until repo_find has answered for the query, the rows are
// the fuzzy matches, best first, unmarked. Once it has, the paths it
// returns come first, in its order, marked ● — exactly its result, also
// for the query shapes fuzzy matching cannot follow (a ** that matches no
// folder, a character class, a result ranked far down the fuzzy list) —
// then the fuzzy matches it does not return, marked ○.

// findRow is one row of the list.
type findRow struct {
	raw, shown string
	matched    []int // byte offsets of the characters fuzzy matched in shown
	returned   bool  // repo_find for the query returns it (●)
}

// marked reports whether repo_find's answer is for the query shown.
func (p *Pane) marked() bool {
	return p.tool != nil && p.toolFor == p.input && p.res != nil && p.res.query == p.input
}

// relist rebuilds the ● rows and the positions of the other fuzzy matches
// after a new pass or a new answer of repo_find.
func (p *Pane) relist() {
	p.returned, p.others, p.unmatched = nil, nil, 0
	if !p.marked() {
		return
	}
	raws, shown := p.tool.RawMatches(), p.tool.Matches
	for i, raw := range raws {
		row := findRow{raw: raw, shown: raw, returned: true}
		if i < len(shown) {
			row.shown = shown[i]
		}
		if m := fuzzy.Find(p.res.fuzzy, []string{row.shown}); len(m) == 1 {
			row.matched = m[0].MatchedIndexes
		} else {
			p.unmatched++ // returned, though fuzzy does not match it
		}
		p.returned = append(p.returned, row)
	}
	for i := range p.res.ranked() {
		if !p.seen[p.ix.raw(p.res.hit(i).idx)] {
			p.others = append(p.others, int32(i))
		}
	}
}

// rowCount is the number of rows the list has now (fuzzy matches not yet
// ranked are not rows yet).
func (p *Pane) rowCount() int {
	switch {
	case p.res == nil || p.ix == nil:
		return 0
	case p.marked():
		return len(p.returned) + len(p.others)
	}
	return p.res.ranked()
}

// rowAt is row i (0 ≤ i < rowCount()).
func (p *Pane) rowAt(i int) findRow {
	if p.marked() {
		if i < len(p.returned) {
			return p.returned[i]
		}
		h := p.res.hit(int(p.others[i-len(p.returned)]))
		return findRow{raw: p.ix.raw(h.idx), shown: p.ix.shown(h.idx), matched: h.matched}
	}
	h := p.res.hit(i)
	return findRow{raw: p.ix.raw(h.idx), shown: p.ix.shown(h.idx), matched: h.matched}
}

// matchCount is how many paths the list holds in all: the fuzzy matches
// and the ones repo_find returns that fuzzy does not match.
func (p *Pane) matchCount() int {
	if p.res == nil {
		return 0
	}
	if p.marked() {
		return len(p.res.ids) + p.unmatched
	}
	return len(p.res.ids)
}
