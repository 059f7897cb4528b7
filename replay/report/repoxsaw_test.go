package report

import (
	"testing"

	"github.com/repoxhq/repox/replay/transcript"
)

// The report counts what a listing named in files, singular or plural.
func TestReportCountsListedFiles(t *testing.T) {
	one := transcript.Call{Saw: &transcript.Saw{Paths: []string{"a.go"}}}
	two := transcript.Call{Saw: &transcript.Saw{Paths: []string{"a.go", "b.go"}}}
	if got := thenSummary(one); got != "ok: 1 file named" {
		t.Errorf("one: %q", got)
	}
	if got := thenSummary(two); got != "ok: 2 files named" {
		t.Errorf("two: %q", got)
	}
}
