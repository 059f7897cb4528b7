package transcript

import (
	"strings"
	"testing"
)

// Issue 39 item 2: an apply_patch chunk of an @@ header and context lines
// only positions the next chunk; it is never an edit of its own (it
// became a no-op repo_edit that repox refused, "old_string and new_string
// are the same", and the patch that applied for the agent was reported
// not-replayed).
func TestPatchAnchorChunkIsNoEdit(t *testing.T) {
	c := Call{}
	mapPatch(&c, strings.Join([]string{
		"*** Begin Patch",
		"*** Update File: a.go",
		"@@ func main() {",
		" \tx := 1",
		" \ty := 2",
		"@@",
		" \tz := 3",
		"-\treturn",
		"+\treturn z",
		"*** End Patch",
	}, "\n"), "", "/w")
	if len(c.Repox) != 1 {
		t.Fatalf("%d repox calls, want 1 (the anchor chunk is no edit): %+v", len(c.Repox), c.Repox)
	}
	args := string(c.Repox[0].Args)
	if !strings.Contains(args, `"old_string":"\tz := 3\n\treturn"`) || !strings.Contains(args, `"new_string":"\tz := 3\n\treturn z"`) {
		t.Errorf("the edit: %s", args)
	}
	// a patch of anchors only changes nothing repox can replay
	c = Call{}
	mapPatch(&c, "*** Begin Patch\n*** Update File: a.go\n@@ func main() {\n \tx := 1\n*** End Patch", "", "/w")
	if len(c.Repox) != 0 || c.NoEquivalent == "" {
		t.Errorf("an anchor-only patch: %+v", c)
	}
}
