package repoops

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPlanTouchesNothingAndApplyWrites(t *testing.T) {
	content := []byte("a\nb\nc\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	p := filepath.Join(dir, "f.txt")
	st0, _ := os.Stat(p)
	ctx := context.Background()

	// without a read: a plan with the gate's verdict and a diff for preview
	plan, err := s.Plan(ctx, EditRequest{Path: "f.txt", OldString: "b", NewString: "B"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Verdict.Allowed || plan.Verdict.Cause != GateNeverRead {
		t.Fatalf("verdict %+v", plan.Verdict)
	}
	if !strings.Contains(plan.Diff, "-b\n+B\n") || !strings.HasPrefix(plan.Diff, "--- a/f.txt\n+++ b/f.txt\n") {
		t.Fatalf("diff:\n%s", plan.Diff)
	}
	if _, err := s.Apply(ctx, plan); err == nil || !strings.Contains(err.Error(), "has not been read") {
		t.Fatalf("Apply of a refused plan: %v", err)
	}
	mustSame(t, dir, "f.txt", content)
	if st1, _ := os.Stat(p); !st1.ModTime().Equal(st0.ModTime()) {
		t.Fatal("Plan touched the file")
	}

	fullRead(t, s, "f.txt")
	plan, err = s.Plan(ctx, &EditRequest{Path: "f.txt", OldString: "b", NewString: "B"})
	if err != nil || !plan.Verdict.Allowed {
		t.Fatalf("plan %+v err %v", plan, err)
	}
	if string(plan.After) != "a\nB\nc\n" || string(plan.Before) != string(content) {
		t.Fatalf("after %q", plan.After)
	}
	mustSame(t, dir, "f.txt", content)
	res, err := s.Apply(ctx, plan)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, res.Render(), "edited f.txt: 1 replacement at line 2; the file now has 3 lines")
	mustSame(t, dir, "f.txt", []byte("a\nB\nc\n"))
	noTempLeft(t, dir)
}

// A change on disk between Plan and Apply is caught under the lock.
func TestPlanApplyAfterOutsideChangeRefused(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("a\nb\n"), 0o644)
	fullRead(t, s, "f.txt")
	ctx := context.Background()
	plan, err := s.Plan(ctx, InsertRequest{Path: "f.txt", AfterLine: new(int), Content: "top"})
	if err != nil || !plan.Verdict.Allowed {
		t.Fatalf("plan %v %v", plan, err)
	}
	os.WriteFile(filepath.Join(dir, "f.txt"), []byte("a\nc\n"), 0o644)
	if _, err := s.Apply(ctx, plan); err == nil || !strings.Contains(err.Error(), "changed on disk since the read at") {
		t.Fatalf("Apply: %v", err)
	}
	mustSame(t, dir, "f.txt", []byte("a\nc\n"))

	// a file replaced by a rename (another inode) is stale too
	fullRead(t, s, "f.txt")
	plan, _ = s.Plan(ctx, WriteRequest{Path: "f.txt", Content: "new\n"})
	os.WriteFile(filepath.Join(dir, "g.txt"), []byte("a\nc\n"), 0o644)
	os.Rename(filepath.Join(dir, "g.txt"), filepath.Join(dir, "f.txt"))
	if _, err := s.Apply(ctx, plan); err == nil || !strings.Contains(err.Error(), "changed on disk") {
		t.Fatalf("Apply: %v", err)
	}
	mustSame(t, dir, "f.txt", []byte("a\nc\n"))

	// a file created between the plan of a create and its apply is kept
	plan, _ = s.Plan(ctx, WriteRequest{Path: "n.txt", Content: "mine\n"})
	if !plan.Create || !plan.Verdict.Allowed || !strings.Contains(plan.Diff, "+mine") {
		t.Fatalf("plan %+v", plan)
	}
	os.WriteFile(filepath.Join(dir, "n.txt"), []byte("theirs\n"), 0o644)
	if _, err := s.Apply(ctx, plan); err == nil || !strings.Contains(err.Error(), "was created by someone else meanwhile") {
		t.Fatalf("Apply: %v", err)
	}
	mustSame(t, dir, "n.txt", []byte("theirs\n"))
	noTempLeft(t, dir)
}

// A gate refusal comes before an edit's own refusal: read first.
func TestPlanGateRefusalComesFirst(t *testing.T) {
	_, s := editFixture(t, "f.txt", []byte("x\nx\n"), 0o644)
	mustRefuse(t, edit(t, s, "f.txt", "x", "y"), "has not been read")
	mustRefuse(t, insert(t, s, "f.txt", 9, "y"), "has not been read")
	fullRead(t, s, "f.txt")
	mustRefuse(t, edit(t, s, "f.txt", "x", "y"), "occurs 2 times")
}
