package preview

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops"
)

// TestUndoOfACreateSaysWhy: a write that created a file cannot be undone by
// a tool; u says so and runs nothing.
func TestUndoOfACreateSaysWhy(t *testing.T) {
	h := dupHarness(t, 3)
	var l Writes
	l.Record(Write{path: "new.txt", call: `repo_write {"path":"new.txt"}`, create: true}, repoops.Result{Text: "wrote new.txt"})
	cmd, why := l.Undo(h.c)
	if cmd != nil || !strings.Contains(why, "no repox tool deletes a file") {
		t.Errorf("undo of a create: command %v, why %q", cmd != nil, why)
	}
}

// TestWritesRecordsOnlyWhatTheToolTook: a refusal wrote nothing and is not
// on the log; with nothing on it, u says there is nothing to undo.
func TestWritesRecordsOnlyWhatTheToolTook(t *testing.T) {
	h := dupHarness(t, 3)
	var l Writes
	l.Record(Write{path: "dup.go", call: "repo_edit {}"}, repoops.Result{Text: "refused", IsError: true})
	if len(l.entries) != 0 {
		t.Fatalf("a refusal is on the log: %+v", l.entries)
	}
	if cmd, why := l.Undo(h.c); cmd != nil || !strings.HasPrefix(why, "nothing to undo") {
		t.Errorf("undo with an empty log: command %v, why %q", cmd != nil, why)
	}
}
