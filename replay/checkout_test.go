package replay

import "testing"

// TestCheckoutWordsTheStart: one place says whether the root looks like
// another checkout, for the report's line and the pane's header and row.
func TestCheckoutWordsTheStart(t *testing.T) {
	for _, tc := range []struct {
		name        string
		in          StartInfo
		odd         bool
		text, short string
	}{
		{name: "same branch, reads as shown", in: StartInfo{Branch: "main", RootBranch: "main", Read: 3}},
		{name: "no branch recorded", in: StartInfo{RootBranch: "main"}},
		{name: "other branch", in: StartInfo{Branch: "feature/x", RootBranch: "main"}, odd: true,
			text:  "the transcript records branch feature/x, the root is on main",
			short: "branch feature/x recorded, root on main"},
		{name: "reads differ", in: StartInfo{Read: 3, ReadDiffer: []string{"c.txt"}}, odd: true,
			text:  "1 of the 3 files the agent read do not start as it was shown them (c.txt)",
			short: "1 of 3 files read differ (c.txt)"},
		{name: "both", in: StartInfo{Branch: "x", RootBranch: "main", Read: 1, ReadDiffer: []string{"a"}}, odd: true,
			text:  "the transcript records branch x, the root is on main; 1 of the 1 file the agent read do not start as it was shown them (a)",
			short: "branch x recorded, root on main; 1 of 1 file read differ (a)"},
	} {
		c := tc.in.Checkout()
		if c.Odd() != tc.odd || c.Text() != tc.text || c.Short() != tc.short {
			t.Errorf("%s: Odd %v, Text %q, Short %q; want %v, %q, %q", tc.name, c.Odd(), c.Text(), c.Short(), tc.odd, tc.text, tc.short)
		}
	}
}
