package report

import (
	"slices"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// passedText says which records were read that hold no call, by type,
// the most first: "5 model_change, 1 label".
func passedText(passed map[string]int) string {
	names := make([]string, 0, len(passed))
	for n := range passed {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		if passed[a] != passed[b] {
			return passed[b] - passed[a]
		}
		return strings.Compare(a, b)
	})
	for i, n := range names {
		names[i] = repoops.Commas(passed[n]) + " " + transcript.OneLine(n)
	}
	return strings.Join(names, ", ")
}
