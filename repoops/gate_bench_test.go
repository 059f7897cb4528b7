package repoops

import (
	"context"
	"testing"
)

// Issue 37: the gate on a 100k-line file read in 50 windows. Each window
// leaves the line after it unread, so what was seen is 50 separate runs,
// the most the check has to walk for that many reads.
func gateBenchFixture(b *testing.B) (*Session, *fileState, gateNeed) {
	b.Helper()
	const lines, windows = 100_000, 50
	_, s := editFixture(b, "big.txt", []byte(numbered(lines, "line")), 0o644)
	step := lines / windows
	for k := range windows {
		read(b, s, "big.txt", k*step+1, step-1)
	}
	if rec, _ := s.Seen("big.txt"); len(rec.Ranges) != windows {
		b.Fatalf("want %d seen runs, got %d", windows, len(rec.Ranges))
	}
	t, err := s.repo.openEditTarget("big.txt", false)
	if err != nil {
		b.Fatal(err)
	}
	defer t.Close()
	st, err := inspectTarget(t, "big.txt")
	if err != nil {
		b.Fatal(err)
	}
	// an edit of line 99,998 (seen, in the last window)
	form, body := splitForm(st.Content)
	ch, miss, _ := applyEdit(body, form, "line 99998\n", "changed\n", 1)
	if miss != nil {
		b.Fatal("fixture: old_string not found once")
	}
	return s, st, gateNeed{steps: []lineStep{stepOf(body, ch.Body, ch.Spans)}}
}

// BenchmarkGateDecide100kLines50Windows is the gate's rule alone on a
// loaded file: what was seen against what the edit needs.
func BenchmarkGateDecide100kLines50Windows(b *testing.B) {
	s, st, need := gateBenchFixture(b)
	b.ResetTimer()
	for b.Loop() {
		if v := s.decide("big.txt", st, need); !v.Allowed {
			b.Fatal(v.Reason)
		}
	}
}

// BenchmarkGateCheckWhole100kLines50Windows is GateCheck as the TUI asks
// it: open, read and hash the file (1.3 MB), then the rule for every line.
func BenchmarkGateCheckWhole100kLines50Windows(b *testing.B) {
	s, _, _ := gateBenchFixture(b)
	b.ResetTimer()
	for b.Loop() {
		if v := s.GateCheck("big.txt"); v.Cause != GatePartialRead || len(v.Unseen) != 50 {
			b.Fatalf("%+v", v.Cause)
		}
	}
}

// BenchmarkGatePlanEdit100kLines50Windows is a whole repo_edit plan:
// inspect, match, the step's lines, the rule, the diff.
func BenchmarkGatePlanEdit100kLines50Windows(b *testing.B) {
	s, _, _ := gateBenchFixture(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		p, err := s.Plan(ctx, EditArgs{Path: "big.txt", OldString: "line 99998\n", NewString: "changed\n"})
		if err != nil || !p.Verdict.Allowed {
			b.Fatal(err)
		}
	}
}
