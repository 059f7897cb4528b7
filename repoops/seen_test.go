package repoops

import (
	"slices"
	"testing"
)

func TestLineRangeSets(t *testing.T) {
	var rs []LineRange
	for _, r := range []LineRange{{10, 12}, {1, 3}, {5, 5}, {4, 4}, {13, 20}, {30, 31}} {
		rs = addRange(rs, r)
	}
	if want := []LineRange{{1, 5}, {10, 20}, {30, 31}}; !slices.Equal(rs, want) {
		t.Fatalf("addRange merges touching ranges: %v, want %v", rs, want)
	}
	if got, want := unseenIn(rs, LineRange{1, 35}), []LineRange{{6, 9}, {21, 29}, {32, 35}}; !slices.Equal(got, want) {
		t.Errorf("unseenIn: %v, want %v", got, want)
	}
	if got := unseenIn(rs, LineRange{11, 19}); len(got) != 0 {
		t.Errorf("unseenIn inside a range: %v", got)
	}
	if got, want := removeRange(rs, LineRange{3, 11}), []LineRange{{1, 2}, {12, 20}, {30, 31}}; !slices.Equal(got, want) {
		t.Errorf("removeRange: %v, want %v", got, want)
	}
	s := SeenLines{Lines: 40, Ranges: rs}
	if got := s.Summary(); got != "lines 1-5, 10-20 and 30-31 of 40" {
		t.Errorf("Summary: %q", got)
	}
	if s.Count() != 18 || s.All() || !s.Covers(LineRange{2, 4}) || s.Covers(LineRange{5, 6}) {
		t.Errorf("Count/All/Covers: %d %v", s.Count(), s.All())
	}
	if !(SeenLines{Lines: 3, Ranges: []LineRange{{1, 3}}}).All() || !(SeenLines{}).All() {
		t.Error("All: a whole range, or an empty file, is all seen")
	}
}

// The reads a refusal names: the unseen stretch whole when one read shows
// it; else reading on from its start when that reaches the lines; else a
// window centred on them; consecutive windows for more than one read's
// worth.
func TestWindowsFor(t *testing.T) {
	for _, c := range []struct {
		seen  []LineRange
		need  []LineRange
		total int
		want  string
	}{
		{[]LineRange{{1, 3000}, {3101, 4073}}, []LineRange{{3050, 3050}}, 4073, "offset=3001 limit=100"},
		{[]LineRange{{1, 2000}}, []LineRange{{3150, 3150}}, 4073, "offset=2001 limit=2000"},
		{nil, []LineRange{{3050, 3050}}, 4073, "offset=2051 limit=2000"},
		{nil, []LineRange{{4070, 4073}}, 4073, "offset=2074 limit=2000"},
		{nil, []LineRange{{1, 4073}}, 4073, "offset=1 limit=2000, offset=2001 limit=2000 and offset=4001 limit=73"},
		{[]LineRange{{1, 10}}, []LineRange{{12, 12}, {15, 15}}, 20, "offset=11 limit=10"},
		{[]LineRange{{1, 10}, {14, 14}}, []LineRange{{12, 12}, {15, 15}}, 20, "offset=11 limit=3 and offset=15 limit=6"},
		{nil, nil, 5, ""},
	} {
		if got := readsFor(c.seen, c.need, c.total); got != c.want {
			t.Errorf("seen %v need %v of %d: %q, want %q", c.seen, c.need, c.total, got, c.want)
		}
	}
}
