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
	st0, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	// without a read: a plan with the gate's verdict and a diff for preview
	plan, err := s.Plan(ctx, EditArgs{Path: "f.txt", OldString: "b", NewString: "B"})
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
	if st1, err := os.Stat(p); err != nil || !st1.ModTime().Equal(st0.ModTime()) {
		t.Fatal("Plan touched the file")
	}

	fullRead(t, s, "f.txt")
	plan, err = s.Plan(ctx, &EditArgs{Path: "f.txt", OldString: "b", NewString: "B"})
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
	plan, err := s.Plan(ctx, InsertArgs{Path: "f.txt", AfterLine: new(int), Content: "top"})
	if err != nil || !plan.Verdict.Allowed {
		t.Fatalf("plan %v %v", plan, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("a\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, plan); err == nil || !strings.Contains(err.Error(), "changed on disk since the read at") {
		t.Fatalf("Apply: %v", err)
	}
	mustSame(t, dir, "f.txt", []byte("a\nc\n"))

	// a file replaced by a rename (another inode) is stale too
	fullRead(t, s, "f.txt")
	if plan, err = s.Plan(ctx, WriteArgs{Path: "f.txt", Content: "new\n"}); err != nil || !plan.Verdict.Allowed {
		t.Fatalf("plan %v %v", plan, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "g.txt"), []byte("a\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "g.txt"), filepath.Join(dir, "f.txt")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, plan); err == nil || !strings.Contains(err.Error(), "changed on disk") {
		t.Fatalf("Apply: %v", err)
	}
	mustSame(t, dir, "f.txt", []byte("a\nc\n"))

	// a file created between the plan of a create and its apply is kept
	if plan, err = s.Plan(ctx, WriteArgs{Path: "n.txt", Content: "mine\n"}); err != nil {
		t.Fatal(err)
	}
	if !plan.Create || !plan.Verdict.Allowed || !strings.Contains(plan.Diff, "+mine") {
		t.Fatalf("plan %+v", plan)
	}
	if err := os.WriteFile(filepath.Join(dir, "n.txt"), []byte("theirs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, plan); err == nil || !strings.Contains(err.Error(), "was created by someone else meanwhile") {
		t.Fatalf("Apply: %v", err)
	}
	mustSame(t, dir, "n.txt", []byte("theirs\n"))
	noTempLeft(t, dir)
}

// A gate refusal comes before an edit's own refusal: read first.
func TestPlanGateRefusalComesFirst(t *testing.T) {
	content := []byte("x\nx\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	mustRefuse(t, edit(t, s, "f.txt", "x", "y"), "f.txt has not been read in this session — read it with repo_read_file first (offset=1 limit=2)")
	mustRefuse(t, insert(t, s, "f.txt", 9, "y"), "f.txt has not been read in this session")
	mustSame(t, dir, "f.txt", content)
	fullRead(t, s, "f.txt")
	mustRefuse(t, edit(t, s, "f.txt", "x", "y"), "occurs 2 times")
	mustRefuse(t, insert(t, s, "f.txt", 9, "y"), "after_line 9 is past the end: f.txt has 2 lines")
	mustSame(t, dir, "f.txt", content)
}
