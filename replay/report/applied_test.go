package report

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
)

// Following a live session on the tree the agent works in: its edit is on
// disk already. That is said as a finding, not as a refusal, a difference
// or a change since it read the file; the region it produced is still
// where the step points.
func TestLiveEditAlreadyApplied(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": appliedBefore})
	transcript := claudeEdit(t, dir)
	writeFiles(t, dir, map[string]string{"a.go": strings.Replace(appliedBefore, "return 1", "return 2", 1)}) // the agent's edit, live
	steps, rp := replayAll(t, dir, transcript)
	edit := steps[1]
	if f := flagsOf(edit, replay.FlagAlreadyApplied); len(f) != 1 || !strings.Contains(f[0].Text, "already applied on disk") {
		t.Fatalf("the applied edit is not reported as such: %+v", edit.Flags)
	}
	noFlags(t, edit, replay.FlagDiffers, replay.FlagNotReplayed, replay.FlagChangedSinceRead)
	if o := edit.Now[0]; o.IsError || o.AlreadyApplied == "" || o.Applied {
		t.Errorf("outcome: %+v", o)
	}
	if edit.Path != "a.go" || len(edit.Lines) != 1 || edit.Lines[0] != (replay.LineRange{From: 4, To: 4}) {
		t.Errorf("the step points at %s %v, want a.go line 4", edit.Path, edit.Lines)
	}
	if f, _ := rp.Horizon().File("a.go"); len(f.Edited) != 1 || len(f.EditedUnread) != 0 {
		t.Errorf("horizon: %+v", f)
	}
	if got := nowSummary(edit.Now[0]); !strings.Contains(got, "already applied on disk") {
		t.Errorf("report: %q", got)
	}
}
