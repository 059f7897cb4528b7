package demo

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops"
)

// runLine runs a Contrast's "tool {json}" call in s.
func runLine(t *testing.T, s *repoops.Session, line string) repoops.Result {
	t.Helper()
	tool, args, ok := strings.Cut(line, " ")
	if !ok {
		t.Fatalf("call %q has no arguments", line)
	}
	return s.Call(context.Background(), tool, []byte(args))
}

// The tour's silent sides are what the seed reports' tools did, computed
// on the demo: each is checked against its report's failure, and repox's
// call of the same step against the answer that failure lacked.
func TestContrastsShowEachSeedFailure(t *testing.T) {
	dir, s := demoSession(t)
	cs, err := Contrasts(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 5 {
		t.Fatalf("%d contrasts, want the tour's 5", len(cs))
	}
	for i, c := range cs {
		if !strings.Contains(c.Label, "computed on this repo") || c.Silent == "" || c.Call == "" {
			t.Errorf("contrast %d is not labelled as computed here, or has a side missing: %+v", i+1, c)
		}
	}

	// 1. Seed 000: the tree stops at depth 3 and says nothing.
	tree, _ := SilentTree(dir, "src", 0, 0)
	if !strings.HasSuffix(cs[0].Silent, tree) || !strings.HasSuffix(tree, "src/app/internal/core/") {
		t.Errorf("step 1's silent side is not the seed's tree of src:\n%s", cs[0].Silent)
	}
	for _, marker := range []string{"not listed", "stopped", "truncated", "engine"} {
		if strings.Contains(cs[0].Silent, marker) {
			t.Errorf("step 1's silent side says %q: the seed's tool did not", marker)
		}
	}
	if got := runLine(t, s, cs[0].Call).Text; !strings.Contains(got, "src/app/internal/core/ [contents not listed]") || !strings.Contains(got, "stopped at depth 3") {
		t.Errorf("repox's side of step 1 does not mark the stop:\n%s", got)
	}

	// 2. Seed 000: no search tool; listing the root stops at the entry cap.
	for _, name := range SilentToolNames {
		if !strings.Contains(cs[1].Label, name) {
			t.Errorf("step 2's label does not name the seed's tool %s: %s", name, cs[1].Label)
		}
	}
	if strings.Contains(cs[1].Label, "repo_find") || strings.Contains(cs[1].Label, "repo_grep") || !strings.HasSuffix(cs[1].Silent, "(truncated — narrow with path)") {
		t.Errorf("step 2's silent side:\n%s\n%s", cs[1].Label, cs[1].Silent)
	}
	if got := runLine(t, s, cs[1].Call).Text; !strings.Contains(got, "of 700 matches") {
		t.Errorf("repox's side of step 2 does not count the icons:\n%s", got)
	}

	// 3. Seed 000: git log drops the path: every commit, not server's two.
	if !strings.Contains(cs[2].Silent, "assets: 700 icons") || strings.Count(cs[2].Silent, "\n") != len(history()) {
		t.Errorf("step 3's silent side is not the whole log:\n%s", cs[2].Silent)
	}
	if got := runLine(t, s, cs[2].Call).Text; strings.Contains(got, "assets:") || !strings.Contains(got, "server: route 259") {
		t.Errorf("repox's side of step 3 is not server's log:\n%s", got)
	}

	// 4. The first-match replace lands on line 12 of two.
	if !strings.Contains(cs[3].Silent, "(line 12)") || !strings.Contains(cs[3].Silent, "2 times") || !strings.Contains(cs[3].Silent, "    19→"+AmbiguousLine) {
		t.Errorf("step 4's silent side:\n%s", cs[3].Silent)
	}
	before, err := os.ReadFile(filepath.Join(dir, "internal", "config", "limits.go"))
	if err != nil {
		t.Fatal(err)
	}
	runLine(t, s, cs[3].Prepare)
	if got := runLine(t, s, cs[3].Call); !got.IsError || !strings.Contains(got.Text, "12") || !strings.Contains(got.Text, "19") || !strings.Contains(got.Text, "expected_count") {
		t.Errorf("repox's side of step 4 is not the refusal naming both lines:\n%s", got.Text)
	}

	// 5. Seed 003: a 1,000-line window grants the edit of line 1,303.
	if !strings.Contains(cs[4].Silent, fmt.Sprintf("lines 1-1,000 of %s", repoops.Commas(HandlersLines))) || !strings.Contains(cs[4].Silent, "granted") || !strings.Contains(cs[4].Silent, "edit of line "+repoops.Commas(ChangedLine)) {
		t.Errorf("step 5's silent side:\n%s", cs[4].Silent)
	}
	runLine(t, s, cs[4].Prepare)
	if got := runLine(t, s, cs[4].Call); !got.IsError || !strings.Contains(got.Text, "offset=1001 limit=400") {
		t.Errorf("repox's side of step 5 is not the gate's refusal:\n%s", got.Text)
	}
	after, err := os.ReadFile(filepath.Join(dir, "internal", "config", "limits.go"))
	if err != nil || string(after) != string(before) {
		t.Errorf("a refused edit changed the demo: %v", err)
	}
}
