package repoops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The compare-and-swap of Apply: a plan is made from one state of the file;
// if the file changed since, the plan is never written, even when the
// session has read the new content in full meanwhile (so the gate alone
// would grant). Without the fingerprint comparison the old plan would
// overwrite the newer content: a lost update.
func TestApplyNeverWritesAPlanMadeFromOlderContent(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("a\nb\n"), 0o644)
	ctx := context.Background()
	fullRead(t, s, "f.txt")
	plan, err := s.Plan(ctx, EditArgs{Path: "f.txt", OldString: "b", NewString: "mine"})
	if err != nil {
		t.Fatal(err)
	}
	if !plan.Verdict.Allowed {
		t.Fatalf("plan refused: %s", plan.Verdict.Reason)
	}
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("a\nb\ntheirs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fullRead(t, s, "f.txt") // the gate now grants for the new content
	if v := s.GateCheck("f.txt"); !v.Allowed {
		t.Fatalf("the gate should grant after the fresh read: %s", v.Reason)
	}
	_, err = s.Apply(ctx, plan)
	if err == nil || !strings.Contains(err.Error(), "f.txt changed on disk since") || !strings.Contains(err.Error(), "nothing was written") {
		t.Fatalf("Apply of a plan older than the file: %v", err)
	}
	mustSame(t, dir, "f.txt", []byte("a\nb\ntheirs\n"))
	noTempLeft(t, dir)
}

// Apply asks the gate again under the lock: a plan made while the session
// had seen line 3 is refused when what the session has seen no longer
// holds it (here: put back to lines 1-2 of the same version, as a
// concurrent call of the session could leave it), although the file itself
// has not changed.
func TestApplyAsksTheGateAgainUnderTheLock(t *testing.T) {
	content := []byte("a\nb\nc\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	ctx := context.Background()
	fullRead(t, s, "f.txt")
	plan, err := s.Plan(ctx, EditArgs{Path: "f.txt", OldString: "c", NewString: "C"})
	if err != nil {
		t.Fatal(err)
	}
	if !plan.Verdict.Allowed {
		t.Fatalf("plan refused: %s", plan.Verdict.Reason)
	}
	s.mu.Lock()
	rec := s.seen["f.txt"]
	rec.Ranges = []LineRange{{1, 2}}
	s.seen["f.txt"] = rec
	s.mu.Unlock()
	_, err = s.Apply(ctx, plan)
	if err == nil || !strings.Contains(err.Error(), "f.txt: line 3 has not been read in this session — read it with offset=3 limit=1 first") {
		t.Fatalf("Apply after what was seen shrank: %v", err)
	}
	mustSame(t, dir, "f.txt", content)
}

// Apply never writes a plan the gate refused, nor one whose context is
// done, and a plan made from a pointer to a request is the same plan.
func TestApplyRefusesARefusedPlanAndACancelledContext(t *testing.T) {
	content := []byte("a\nb\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	ctx := context.Background()
	plan, err := s.Plan(ctx, &EditArgs{Path: "f.txt", OldString: "b", NewString: "B"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Verdict.Allowed || plan.Verdict.Cause != GateNeverRead {
		t.Fatalf("a plan before any read: %+v", plan.Verdict)
	}
	if _, err := s.Apply(ctx, plan); err == nil || !strings.Contains(err.Error(), "f.txt has not been read in this session") {
		t.Fatalf("Apply of a refused plan: %v", err)
	}
	mustSame(t, dir, "f.txt", content)

	fullRead(t, s, "f.txt")
	if plan, err = s.Plan(ctx, &EditArgs{Path: "f.txt", OldString: "b", NewString: "B"}); err != nil || !plan.Verdict.Allowed {
		t.Fatalf("plan after a full read: %v %+v", err, plan)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Apply(done, plan); err != context.Canceled {
		t.Fatalf("Apply with a cancelled context: %v", err)
	}
	if _, err := s.Plan(done, EditArgs{Path: "f.txt", OldString: "b", NewString: "B"}); err != context.Canceled {
		t.Fatalf("Plan with a cancelled context: %v", err)
	}
	mustSame(t, dir, "f.txt", content)
	if _, err := s.Apply(ctx, plan); err != nil {
		t.Fatal(err)
	}
	mustSame(t, dir, "f.txt", []byte("a\nB\n"))
	if _, err := s.Apply(ctx, nil); err == nil {
		t.Fatal("Apply(nil) succeeded")
	}
}
