package repoops

import (
	"testing"
)

// repo_edit's edits list: replacements applied in order to one file, all
// or nothing, each matched against what the ones before it left.
func TestEditListAppliesInOrderAllOrNothing(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("alpha\nbeta\ngamma\n"), 0o644)
	fullRead(t, s, "f.txt")
	out := mustOK(t, call(t, s, "repo_edit", map[string]any{"path": "f.txt", "edits": []any{
		map[string]any{"old_string": "alpha", "new_string": "ALPHA"},
		map[string]any{"old_string": "ALPHA\nbeta", "new_string": "ALPHA\nBETA\nnew"}, // sees the first edit's text
		map[string]any{"old_string": "a\n", "new_string": "A\n", "expected_count": 1},
	}}))
	mustContain(t, out, "edited f.txt: 3 edits, 3 replacements at lines 1 and 4; the file now has 4 lines\n1→ALPHA\n2→BETA\n3→new\n4→gammA")
	mustSame(t, dir, "f.txt", []byte("ALPHA\nBETA\nnew\ngammA\n"))
	// what the session wrote is seen: no read needed for the next change
	if rec, _ := s.Seen("f.txt"); !rec.All() {
		t.Fatalf("after the list: %s", rec.Summary())
	}

	// one failing edit: nothing is written, and the refusal names it
	mustRefuse(t, call(t, s, "repo_edit", map[string]any{"path": "f.txt", "edits": []any{
		map[string]any{"old_string": "BETA", "new_string": "beta"},
		map[string]any{"old_string": "BETA", "new_string": "b"},
	}}), "edits[1] (edit 2 of 2, matched against the text the edits before it left): old_string was not found in f.txt", "nothing was written")
	mustSame(t, dir, "f.txt", []byte("ALPHA\nBETA\nnew\ngammA\n"))
}

func TestEditListArgumentsAreChecked(t *testing.T) {
	dir, s := editFixture(t, "f.txt", []byte("a\nb\n"), 0o644)
	fullRead(t, s, "f.txt")
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"path": "f.txt", "old_string": "a", "new_string": "x", "edits": []any{map[string]any{"old_string": "b", "new_string": "y"}}}, "give either old_string, new_string and expected_count, or edits — not both"},
		{map[string]any{"path": "f.txt", "edits": []any{}}, "edits must hold from 1 to 100 objects (got 0)"},
		{map[string]any{"path": "f.txt", "edits": []any{map[string]any{"old_string": "a", "new_string": "x", "oldString": "b"}}}, `edits[0]: unknown argument "oldString"`},
		{map[string]any{"path": "f.txt", "edits": []any{map[string]any{"old_string": "a"}}}, `edits[0]: argument "new_string" is required`},
		{map[string]any{"path": "f.txt", "edits": []any{"a"}}, "edits[0] must be an object, not a string"},
		{map[string]any{"path": "f.txt", "edits": []any{map[string]any{"old_string": "a", "new_string": "a"}}}, "edits[0]: old_string and new_string are the same"},
		{map[string]any{"path": "f.txt", "edits": []any{map[string]any{"old_string": "a", "new_string": "x", "expected_count": 0}}}, "edits[0]: "},
		{map[string]any{"path": "f.txt", "edits": "a"}, `argument "edits" must be a list of objects, not string`},
		{map[string]any{"path": "f.txt", "old_string": "a"}, `argument "new_string" is required unless edits is given`},
		{map[string]any{"path": "f.txt", "new_string": "a"}, `argument "old_string" is required unless edits is given`},
	} {
		mustRefuse(t, call(t, s, "repo_edit", c.args), c.want)
	}
	mustSame(t, dir, "f.txt", []byte("a\nb\n"))
}

// A list whose second edit reaches a line the session never saw is
// refused whole, naming that line in the file as it is (not as the first
// edit would have left it) and which edit needs it.
func TestEditListNamesUnseenLinesInTheFileAsItIs(t *testing.T) {
	content := []byte(numbered(10, "l"))
	dir, s := editFixture(t, "f.txt", content, 0o644)
	read(t, s, "f.txt", 1, 5)
	mustRefuse(t, call(t, s, "repo_edit", map[string]any{"path": "f.txt", "edits": []any{
		map[string]any{"old_string": "l 2\n", "new_string": "two\nmore\nlines\n"}, // shifts later lines by 2
		map[string]any{"old_string": "l 8\n", "new_string": "eight\n"},
	}}), "f.txt: line 8 has not been read in this session (edits[1] changes it) — read it with offset=6 limit=5 first")
	mustSame(t, dir, "f.txt", content)
}

// dry_run: the verdict and the exact diff, nothing written, nothing
// recorded; a gate refusal is a verdict, not an error.
func TestEditDryRun(t *testing.T) {
	content := []byte("a\nb\nc\n")
	dir, s := editFixture(t, "f.txt", content, 0o644)
	read(t, s, "f.txt", 1, 2)
	before, _ := s.Seen("f.txt")
	res := call(t, s, "repo_edit", map[string]any{"path": "f.txt", "old_string": "b", "new_string": "B", "dry_run": true})
	out := mustOK(t, res)
	want := "dry run — nothing was written: repo_edit would apply: 1 replacement at line 2; f.txt would have 3 lines (it has 3)\n--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c"
	if out != want {
		t.Fatalf("dry run:\n%s\nwant\n%s", out, want)
	}
	out = mustOK(t, call(t, s, "repo_edit", map[string]any{"path": "f.txt", "old_string": "c", "new_string": "C", "dry_run": true}))
	mustContain(t, out, "dry run — nothing was written: repo_edit would be refused: f.txt: line 3 has not been read in this session — read it with offset=3 limit=1 first\nthe change it would make (1 replacement at line 3; f.txt would have 3 lines):\n--- a/f.txt", "-c\n+C")
	mustRefuse(t, call(t, s, "repo_edit", map[string]any{"path": "f.txt", "old_string": "zz", "new_string": "C", "dry_run": true}), "old_string was not found in f.txt")
	mustSame(t, dir, "f.txt", content)
	if after, _ := s.Seen("f.txt"); after.Summary() != before.Summary() || after.Fingerprint != before.Fingerprint || !after.At.Equal(before.At) {
		t.Fatalf("a dry run changed what the session has seen: %+v -> %+v", before, after)
	}
	// a never-read file: the dry run says the gate would refuse
	_, s2 := editFixture(t, "g.txt", content, 0o644)
	mustContain(t, mustOK(t, call(t, s2, "repo_edit", map[string]any{"path": "g.txt", "old_string": "b", "new_string": "B", "dry_run": true})), "would be refused: g.txt has not been read in this session")
	if _, ok := s2.Seen("g.txt"); ok {
		t.Fatal("a dry run recorded a read")
	}
}
