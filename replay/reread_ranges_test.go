package replay

import (
	"fmt"
	"testing"

	"github.com/repoxhq/repox/replay/transcript"
)

func TestLineRangesIsAddRangeLineByLine(t *testing.T) {
	for _, ns := range [][]int{nil, {1}, {1, 2, 3}, {1, 2, 5, 6, 9}, {3, 4, 1, 2}, {5, 5, 6}, {2, 9, 3, 1, 10}} {
		var lines []transcript.SawLine
		var want []LineRange
		for _, n := range ns {
			lines = append(lines, transcript.SawLine{N: n})
			want = AddRange(want, LineRange{n, n})
		}
		if got := lineRanges(lines); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%v: %v, want %v", ns, got, want)
		}
	}
}
