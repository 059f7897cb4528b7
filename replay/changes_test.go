package replay

import (
	"strings"
	"testing"
)

func TestDiffPathProblem(t *testing.T) {
	for p, bad := range map[string]bool{"a/b.txt": false, "new dir/x.go": false, "é.txt": false,
		"../x": true, "a/../../x": true, "/etc/x": true, ".git/hooks/pre-commit": true, "a/.GIT/config": true,
		"a\tb": true, "a\nb": true, `a"b`: true, `a\b`: true, " a": true, "a//b": true, "./a": true, "": true} {
		if got := diffPathProblem(p) != ""; got != bad {
			t.Errorf("diffPathProblem(%q) = %q, want refused=%v", p, diffPathProblem(p), bad)
		}
	}
}

// recordingSink keeps what a run hands it.
type recordingSink struct {
	begun, ended bool
	steps        int
	sum          Summary
}

func (s *recordingSink) Begin(RunStart) error  { s.begun = true; return nil }
func (s *recordingSink) Step(StepEvent) error  { s.steps++; return nil }
func (s *recordingSink) End(sum Summary) error { s.ended, s.sum = true, sum; return nil }

// One run through a ChangesSink gives the sink it wraps every event and
// the session's changes, the same as SessionChanges' run of its own;
// against the tree as it is, the changes are refused, not guessed.
func TestChangesSinkGivesOneRunBoth(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": appliedBefore})
	tr := claudeEdit(t, dir)
	alone, err := SessionChanges(t.Context(), strings.NewReader(tr), "t", dir, "")
	if err != nil {
		t.Fatal(err)
	}
	rec := &recordingSink{}
	cs := NewChangesSink(rec)
	sum, err := RunFrom(t.Context(), strings.NewReader(tr), RunOptions{Root: dir}, "t", cs)
	if err != nil {
		t.Fatal(err)
	}
	if !rec.begun || !rec.ended || rec.steps != 2 || rec.sum.Counts.Text() != sum.Counts.Text() || rec.sum.Counts.Calls != 2 {
		t.Errorf("the wrapped sink: %+v, the run's counts %+v", rec, sum.Counts)
	}
	both, err := cs.Changes()
	if err != nil {
		t.Fatal(err)
	}
	if both.Diff() != alone.Diff() || !strings.Contains(both.Diff(), "-\treturn 1\n+\treturn 2\n") || both.Counts.Text() != alone.Counts.Text() {
		t.Errorf("one run's changes:\n%s\nSessionChanges':\n%s", both.Diff(), alone.Diff())
	}

	now := NewChangesSink(&recordingSink{})
	if _, err := RunFrom(t.Context(), strings.NewReader(tr), RunOptions{Root: dir, Against: AgainstNow}, "t", now); err != nil {
		t.Fatal(err)
	}
	if ch, err := now.Changes(); err == nil || !strings.Contains(err.Error(), "against now") {
		t.Errorf("against now: %v, %v", ch, err)
	}
	if _, err := NewChangesSink(nil).Changes(); err == nil {
		t.Error("the changes of a run that never ran were given")
	}
}
