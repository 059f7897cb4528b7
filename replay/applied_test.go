package replay

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops"
)

const appliedBefore = "package a\n\nfunc A() int {\n\treturn 1\n}\n"

// claudeEdit is a Claude Code session: a full read of a.go, then an Edit
// of it that succeeded, with originalFile as Claude Code records it.
func claudeEdit(t *testing.T, dir string) string {
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).
		Result("r1", readResultText([]int{1, 2, 3, 4, 5}, func(n int) string { return strings.Split(appliedBefore, "\n")[n-1] }), false, nil).
		Use("m2", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "return 1", "new_string": "return 2"}).
		Result("e1", "The file a.go has been updated.", false, map[string]any{"filePath": dir + "/a.go", "oldString": "return 1", "newString": "return 2", "originalFile": appliedBefore})
	return b.String()
}

func noFlags(t *testing.T, s Step, kinds ...FlagKind) {
	t.Helper()
	for _, k := range kinds {
		if f := flagsOf(s, k); len(f) > 0 {
			t.Errorf("call %d (%s): %s: %+v", s.Call.Seq, s.Call.AgentTool, k, f)
		}
	}
}

// The same transcript on a tree without the edit (the scratch copy gets
// it): applied as usual, nothing said about it being there already.
func TestEditNotYetAppliedIsReplayed(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": appliedBefore})
	steps, rp := replayAll(t, dir, claudeEdit(t, dir))
	edit := steps[1]
	noFlags(t, edit, FlagAlreadyApplied, FlagDiffers, FlagNotReplayed, FlagChangedSinceRead)
	if o := edit.Now[0]; !o.Applied || o.AlreadyApplied != "" || o.IsError {
		t.Fatalf("outcome: %+v", o)
	}
	if b, _ := os.ReadFile(filepath.Join(rp.Scratch, "a.go")); !strings.Contains(string(b), "return 2") {
		t.Errorf("the copy: %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.go")); string(b) != appliedBefore {
		t.Errorf("the working tree changed: %q", b)
	}
}

// repoxLive runs calls through repoops on dir itself (an agent using
// `repox mcp` on the tree) and returns the call log.
func repoxLive(t *testing.T, dir string, calls ...[2]string) string {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	s := repo.NewSession()
	var b strings.Builder
	for _, c := range calls {
		rec, _ := s.CallRecorded(context.Background(), c[0], []byte(c[1]))
		if rec.IsError {
			t.Fatalf("the agent's %s was refused: %s", c[0], rec.Text)
		}
		line, err := repoops.MarshalCallRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
	}
	return b.String()
}

var repoxChanges = [][2]string{
	{"repo_read_file", `{"path":"a.go"}`},
	{"repo_edit", `{"path":"a.go","old_string":"return 1","new_string":"return 2"}`},
	{"repo_insert", `{"path":"a.go","after_line":5,"content":"\nfunc B() {}\n"}`},
	{"repo_write", `{"path":"b.go","content":"package a\n"}`},
}

// An agent on `repox mcp` edits the tree repox follows: every change in
// its log is on disk already when it is replayed.
func TestLiveRepoxChangesAlreadyApplied(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": appliedBefore})
	log := repoxLive(t, dir, repoxChanges...)
	steps, rp := replayAll(t, dir, log)
	for _, s := range steps[1:] {
		if f := flagsOf(s, FlagAlreadyApplied); len(f) != 1 {
			t.Errorf("%s: not reported as applied: %+v %+v", s.Call.AgentTool, s.Flags, s.Now)
		}
		noFlags(t, s, FlagDiffers, FlagNotReplayed)
	}
	insertMarked(t, steps[2], rp)
}

// insertMarked: the insert after line 5 of a.go produced lines 6-7, which
// the step points at and the horizon counts as the agent's.
func insertMarked(t *testing.T, s Step, rp *Replayer) {
	t.Helper()
	if s.Path != "a.go" || len(s.Lines) != 1 || s.Lines[0] != (LineRange{6, 7}) {
		t.Errorf("the insert points at %s %v, want a.go 6-7", s.Path, s.Lines)
	}
	if f, _ := rp.Horizon().File("a.go"); len(f.Edited) == 0 || f.Edited[len(f.Edited)-1] != (LineRange{6, 7}) {
		t.Errorf("the inserted lines are not on the horizon: %+v", f)
	}
}

// The same log replayed on a tree as it was before: every change applies
// to the copy, none is taken for applied.
func TestRepoxChangesOnAFreshTreeAreReplayed(t *testing.T) {
	agent := gitRepo(t, map[string]string{"a.go": appliedBefore})
	log := repoxLive(t, agent, repoxChanges...)
	dir := gitRepo(t, map[string]string{"a.go": appliedBefore})
	steps, rp := replayAll(t, dir, log)
	for _, s := range steps[1:] {
		noFlags(t, s, FlagAlreadyApplied, FlagDiffers, FlagNotReplayed)
		if !s.Now[0].Applied {
			t.Errorf("%s: not applied to the copy: %+v", s.Call.AgentTool, s.Now[0])
		}
	}
	insertMarked(t, steps[2], rp)
	want, _ := os.ReadFile(filepath.Join(agent, "a.go"))
	if got, _ := os.ReadFile(filepath.Join(rp.Scratch, "a.go")); string(got) != string(want) {
		t.Errorf("the copy's a.go is not the agent's:\n%q\n%q", got, want)
	}
}
