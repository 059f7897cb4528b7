package replay

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// threeLines is a.go as the sessions below find it.
const threeLines = "alpha\nbeta\ngamma\n"

// readThree is a Claude Code Read of a.go showing its three lines as
// shown (the agent's view, which may differ from the file).
func readThree(b *replaytest.Claude, id, shown string) *replaytest.Claude {
	var sb strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(shown, "\n"), "\n") {
		sb.WriteString(strings.Repeat(" ", 5) + itoaTest(i+1) + "→" + l + "\n")
	}
	return b.Use("m"+id, id, "Read", map[string]any{"file_path": b.Cwd + "/a.go"}).Result(id, sb.String(), false, nil)
}

func editA(b *replaytest.Claude, id, old, new string) *replaytest.Claude {
	return b.Use("m"+id, id, "Edit", map[string]any{"file_path": b.Cwd + "/a.go", "old_string": old, "new_string": new}).
		Result(id, "The file has been updated.", false, nil)
}

// compactionFlags is each step's edit-after-compaction flags.
func compactionFlags(steps []Step) [][]Flag {
	out := make([][]Flag, len(steps))
	for i, s := range steps {
		out[i] = flagsOf(s, FlagEditAfterCompaction)
	}
	return out
}

// Read, compaction, an edit of lines the file still holds as read: a
// note; the same edit with no compaction between: nothing.
func TestEditAfterCompactionOfUnchangedLinesIsANote(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": threeLines})
	b := &replaytest.Claude{T: t, Cwd: dir}
	readThree(b, "r1", threeLines).Compact("the user wants beta renamed")
	editA(b, "e1", "beta", "BETA")
	steps, _ := replayAll(t, dir, b.String())
	f := compactionFlags(steps)[1]
	if len(f) != 1 || f[0].Severity != SeverityNote || Ranges(f[0].Lines) != "2" ||
		!strings.Contains(f[0].Text, "last seen at #1, before its context was compacted (before #2)") || !strings.Contains(f[0].Text, "still held what it had seen") {
		t.Errorf("an edit from a forgotten read of unchanged lines: %+v", steps[1].Flags)
	}
	plain := &replaytest.Claude{T: t, Cwd: dir}
	readThree(plain, "r1", threeLines)
	editA(plain, "e1", "beta", "BETA")
	steps, _ = replayAll(t, dir, plain.String())
	if f := compactionFlags(steps)[1]; len(f) != 0 {
		t.Errorf("no compaction, yet: %+v", f)
	}
}

// What the agent writes after the compaction, or reads again, it knows:
// a later edit of those lines is nothing.
func TestEditAfterCompactionOfLinesSeenSince(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": threeLines})
	b := &replaytest.Claude{T: t, Cwd: dir}
	readThree(b, "r1", threeLines).Compact("rename things")
	editA(b, "e1", "beta", "BETA")   // a note: line 2 seen only before
	editA(b, "e2", "BETA", "Beta")   // line 2 as it wrote it at #2: nothing
	editA(b, "e3", "gamma", "GAMMA") // line 3 still from before: a note
	steps, _ := replayAll(t, dir, b.String())
	fs := compactionFlags(steps)
	if len(fs[1]) != 1 || len(fs[2]) != 0 || len(fs[3]) != 1 || Ranges(fs[3][0].Lines) != "3" {
		t.Errorf("flags by step: %+v", fs)
	}

	// what it wrote before the compaction is gone with it, like a read
	before := &replaytest.Claude{T: t, Cwd: dir}
	readThree(before, "r1", threeLines)
	editA(before, "e1", "beta", "BETA")
	before.Compact("rename things")
	editA(before, "e2", "BETA", "Beta")
	steps, _ = replayAll(t, dir, before.String())
	if fs := compactionFlags(steps); len(fs[2]) != 1 || !strings.Contains(fs[2][0].Text, "line 2 of a.go, which it had last seen at #2") {
		t.Errorf("an edit of lines it wrote before the compaction: %+v", fs[2])
	}

	reread := &replaytest.Claude{T: t, Cwd: dir}
	readThree(reread, "r1", threeLines).Compact("rename things")
	readThree(reread, "r2", threeLines)
	editA(reread, "e1", "beta", "BETA")
	steps, _ = replayAll(t, dir, reread.String())
	if fs := compactionFlags(steps); len(fs[2]) != 0 {
		t.Errorf("read again after the compaction, yet: %+v", fs[2])
	}
}

// Read, compaction, and a write over the file whose lines changed since
// that read: a finding that names the changed line.
func TestEditAfterCompactionOfChangedLinesIsAFinding(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": "alpha\nBETA\ngamma\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	readThree(b, "r1", threeLines).Compact("rewrite a.go")
	b.Use("mw", "w1", "Write", map[string]any{"file_path": dir + "/a.go", "content": "alpha\nbeta\ngamma\ndelta\n"}).
		Result("w1", "The file a.go has been updated.", false, nil)
	steps, _ := replayAll(t, dir, b.String())
	f := compactionFlags(steps)[1]
	if len(f) != 1 || f[0].Severity != SeverityFinding || Ranges(f[0].Lines) != "1-3" ||
		!strings.Contains(f[0].Text, "line 2 changed since: it edited from a memory that was gone and out of date") {
		t.Errorf("a write from a forgotten, stale read: %+v", steps[1].Flags)
	}
}

// A compaction that kept the latest calls (Pi's firstKeptEntryId) kept
// their results in the context.
func TestCompactionKeepingTheReadIsNothing(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": threeLines})
	b := &replaytest.Claude{T: t, Cwd: dir}
	readThree(b, "r1", threeLines)
	editA(b, "e1", "beta", "BETA")
	for _, kept := range []int{0, 1} {
		calls, _ := readAllString(t, b.String())
		calls[1].Compactions, calls[1].KeptCalls = 1, kept
		steps, _ := replayCalls(t, dir, calls)
		if got, want := len(flagsOf(steps[1], FlagEditAfterCompaction)), 1-kept; got != want {
			t.Errorf("a compaction keeping %d calls: %d flags, want %d: %+v", kept, got, want, steps[1].Flags)
		}
	}
}

// Codex: a read through the shell, a compaction, an apply_patch of what
// it read: a note.
func TestCodexEditAfterCompaction(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": threeLines})
	b := &replaytest.Codex{T: t}
	b.Line("session_meta", map[string]any{"id": "x", "cwd": dir}).
		Call("c1", "shell", map[string]any{"command": []string{"cat", "a.go"}}).
		Out("c1", threeLines).
		Compact("rename beta").
		Line("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "p1",
			"input": "*** Begin Patch\n*** Update File: a.go\n@@\n alpha\n-beta\n+BETA\n*** End Patch"}).
		Line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "p1", "output": "Success. Updated the following files:\nM a.go"})
	steps, _ := replayAll(t, dir, b.Sb.String())
	if len(steps) != 2 {
		t.Fatalf("%d steps", len(steps))
	}
	f := flagsOf(steps[1], FlagEditAfterCompaction)
	if len(f) != 1 || f[0].Severity != SeverityNote || Ranges(f[0].Lines) != "1-2" {
		t.Errorf("Codex's patch after a compaction: %+v", steps[1].Flags)
	}
}
