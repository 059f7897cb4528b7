package replay

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

// treeHash hashes every name, mode and content under dir, .git included.
func treeHash(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		sum := ""
		if info.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum = fmt.Sprintf("%x", sha256.Sum256(b))
		}
		lines = append(lines, fmt.Sprintf("%s %v %d %s", rel, info.Mode(), info.ModTime().UnixNano(), sum))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// treeDiff names the entries that differ between two treeHash listings.
func treeDiff(before, after string) string {
	was := map[string]bool{}
	for _, l := range strings.Split(before, "\n") {
		was[l] = true
	}
	var out []string
	for _, l := range strings.Split(after, "\n") {
		if !was[l] {
			out = append(out, l)
		}
	}
	return strings.Join(out, "; ")
}

func numberedLines(n int) string {
	var sb strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, "line %d\n", i)
	}
	return sb.String()
}

// replayAll runs a transcript through a Replayer on root.
func replayAll(t *testing.T, root, transcript string) ([]Step, *Replayer) {
	t.Helper()
	calls, _ := readAllString(t, transcript)
	return replayCalls(t, root, calls)
}

// replayCalls runs calls through a Replayer on root.
func replayCalls(t *testing.T, root string, calls []transcript.Call) ([]Step, *Replayer) {
	t.Helper()
	rp, err := NewReplayer(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rp.Close() })
	var steps []Step
	for _, c := range calls {
		steps = append(steps, rp.Step(context.Background(), c))
	}
	return steps, rp
}

func flagsOf(s Step, k FlagKind) []Flag {
	var out []Flag
	for _, f := range s.Flags {
		if f.Kind == k {
			out = append(out, f)
		}
	}
	return out
}

func readResultText(lines []int, text func(int) string) string {
	var sb strings.Builder
	for _, n := range lines {
		fmt.Fprintf(&sb, "%6d→%s\n", n, text(n))
	}
	return sb.String()
}

func TestReplayNeverModifiesTheWorkingTree(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": numberedLines(30), "b.txt": "bee\n", ".gitignore": "secret.env\n"})
	writeFiles(t, dir, map[string]string{"secret.env": "KEY=1\n", "untracked.txt": "u\n", "a.go": numberedLines(30)})
	before := treeHash(t, dir)

	b := &replaytest.Claude{T: t, Cwd: dir}
	five := []int{1, 2, 3, 4, 5}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go", "limit": 5}).
		Result("r1", readResultText(five, func(n int) string { return fmt.Sprintf("line %d", n) }), false, nil).
		Use("m2", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "line 20\n", "new_string": "LINE TWENTY\nand one more\n"}).
		Result("e1", "The file has been updated.", false, nil).
		Use("m3", "w1", "Write", map[string]any{"file_path": dir + "/new/n.txt", "content": "new\n"}).
		Result("w1", "File created successfully", false, nil).
		Use("m4", "w2", "Write", map[string]any{"file_path": dir + "/untracked.txt", "content": "overwritten\n"}).
		Result("w2", "ok", false, nil).
		Use("m5", "r2", "Read", map[string]any{"file_path": dir + "/a.go", "offset": 19, "limit": 4}).
		Result("r2", "    19→line 19\n    20→LINE TWENTY\n    21→and one more\n    22→line 21\n", false, nil).
		Use("m6", "x1", "Bash", map[string]any{"command": "rm -rf new"}).
		Result("x1", "", false, nil).
		Use("m7", "g1", "Bash", map[string]any{"command": "git status"}).
		Result("g1", "On branch main", false, nil).
		Use("m8", "g2", "mcp__repox__repo_git", map[string]any{"cmd": "diff"}).
		Result("g2", "", false, nil)
	steps, rp := replayAll(t, dir, b.String())
	scratch := rp.Scratch
	for _, g := range steps[6:8] {
		if len(g.Now) != 1 || g.Now[0].Tool != "repo_git" || g.Now[0].IsError {
			t.Errorf("repo_git runs on the repository: %+v", g.Now)
		}
	}

	edit := steps[1]
	if len(edit.Now) != 1 || !edit.Now[0].Applied || !edit.Now[0].Forced {
		t.Fatalf("the agent's edit after a partial read: %+v (repox refuses it; the copy gets it anyway)", edit.Now)
	}
	if f := flagsOf(edit, FlagEditUnread); len(f) != 1 || Ranges(f[0].Lines) != "20" || f[0].Path != "a.go" {
		t.Errorf("edit-unread: %+v", edit.Flags)
	}
	if f := flagsOf(edit, FlagDiffers); len(f) != 1 || !strings.Contains(f[0].Text, "repox refuses it") {
		t.Errorf("differs: %+v", edit.Flags)
	}
	if !steps[2].Now[0].Applied || steps[2].Now[0].IsError {
		t.Errorf("write of a new file: %+v", steps[2].Now)
	}
	if f := flagsOf(steps[3], FlagEditUnread); len(f) != 1 || !strings.Contains(f[0].Text, "without reading any of its 1 lines") {
		t.Errorf("overwrite without a read: %+v", steps[3].Flags)
	}
	// the later read sees the edit in the copy: no change since the agent read it
	if len(steps[4].Flags) != 0 || steps[4].Now[0].IsError {
		t.Errorf("read after the edit: %+v %q", steps[4].Flags, steps[4].Now[0].Text)
	}
	if got, err := os.ReadFile(filepath.Join(scratch, "a.go")); err != nil || !bytes.Contains(got, []byte("LINE TWENTY\n")) {
		t.Errorf("the copy lacks the edit: %v", err)
	}
	if _, err := os.Stat(filepath.Join(scratch, "secret.env")); err == nil {
		t.Error("an ignored file was copied")
	}
	if _, err := os.Stat(filepath.Join(scratch, ".git")); err == nil {
		t.Error(".git was copied")
	}
	seen, _ := rp.Horizon().File("a.go")
	if Ranges(seen.Read) != "1-5, 19-22" || Ranges(seen.Edited) != "20-21" || Ranges(seen.EditedUnread) != "20-21" {
		t.Errorf("horizon of a.go: read %s edited %s unread %s", Ranges(seen.Read), Ranges(seen.Edited), Ranges(seen.EditedUnread))
	}
	if g := rp.AgentGate("a.go"); g.Allowed {
		t.Errorf("the agent's gate for a.go after partial reads: %+v", g)
	}
	if err := rp.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(scratch); !os.IsNotExist(err) {
		t.Errorf("the scratch copy %s is still there: %v", scratch, err)
	}
	if after := treeHash(t, dir); after != before {
		t.Fatalf("the working tree changed during replay: now %s", treeDiff(before, after))
	}
}

func TestReplayFindings(t *testing.T) {
	files := map[string]string{"a.go": "package a\nfunc A() {}\n", "src/keep.go": "x\n"}
	for i := range 150 {
		files[fmt.Sprintf("gen/f%03d.txt", i)] = "g\n"
	}
	dir := gitRepo(t, files)
	var hundred []string
	for i := range 100 {
		hundred = append(hundred, fmt.Sprintf("%s/gen/f%03d.txt", dir, i))
	}
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).
		Result("r1", "     1→package a\n     2→func Old() {}\n", false, nil).
		Use("m2", "d1", "Read", map[string]any{"file_path": dir + "/src"}).
		Result("d1", "EISDIR: illegal operation on a directory, read", true, nil).
		Use("m3", "g1", "Glob", map[string]any{"pattern": "**/*.txt"}).
		Result("g1", strings.Join(hundred, "\n")+"\n(Results are truncated. Consider using a more specific path or pattern.)", false,
			map[string]any{"filenames": hundred, "numFiles": 100, "truncated": true}).
		Use("m4", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "func Old() {}", "new_string": "func New() {}"}).
		Result("e1", "The file has been updated.", false, nil).
		Use("m5", "e2", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "nothing like this", "new_string": "y"}).
		Result("e2", "String to replace not found in file.", true, nil)
	steps, _ := replayAll(t, dir, b.String())
	if f := flagsOf(steps[0], FlagChangedSinceRead); len(f) != 1 || Ranges(f[0].Lines) != "2" || !strings.Contains(f[0].Text, `line 2 was "func Old() {}", now "func A() {}"`) {
		t.Errorf("changed-since-read: %+v", steps[0].Flags)
	}
	if f := flagsOf(steps[1], FlagDirToFileReader); len(f) != 1 || f[0].Path != "src" || !strings.Contains(f[0].Text, "is a folder") {
		t.Errorf("folder to a file reader: %+v", steps[1].Flags)
	}
	if f := flagsOf(steps[2], FlagCutWithoutCount); len(f) != 1 || !strings.Contains(f[0].Text, "stopped at 100 paths") || !strings.Contains(f[0].Text, "repox counts 150 matches") {
		t.Errorf("cut without a count: %+v", steps[2].Flags)
	}
	// the refusal is said once, with repox's reason, by the not-replayed
	// finding: no differs repeating it (issue 39 item 3)
	if f := flagsOf(steps[3], FlagNotReplayed); len(f) != 1 || !strings.Contains(f[0].Text, "old_string was not found in a.go") || len(steps[3].Flags) != 1 {
		t.Errorf("an edit whose old_string is not in the file now: %+v", steps[3].Flags)
	}
	refused := steps[4]
	if len(refused.Now) != 1 || !refused.Now[0].DryRun || !refused.Now[0].IsError || len(refused.Flags) != 0 {
		t.Errorf("the agent's refused edit is only planned, and repox refuses it too: %+v %+v", refused.Now, refused.Flags)
	}
}

// Codex's read_file cuts lines at 500 bytes with no marker: a silent cut,
// not a change.
func TestReplayLineCutShortIsACutNotAChange(t *testing.T) {
	long := strings.Repeat("x", 800)
	dir := gitRepo(t, map[string]string{"wide.txt": "short\n" + long + "\n"})
	var sb strings.Builder
	line := func(typ string, payload any) {
		sb.WriteString(replaytest.JSONLine(t, map[string]any{"timestamp": "2026-01-02T03:04:05.000Z", "type": typ, "payload": payload}))
	}
	line("session_meta", map[string]any{"id": "x", "cwd": dir})
	line("response_item", map[string]any{"type": "function_call", "name": "read_file", "arguments": `{"file_path":"` + dir + `/wide.txt"}`, "call_id": "c1"})
	line("response_item", map[string]any{"type": "function_call_output", "call_id": "c1", "output": "L1: short\nL2: " + long[:500]})
	steps, _ := replayAll(t, dir, sb.String())
	if f := flagsOf(steps[0], FlagCutWithoutCount); len(f) != 1 || Ranges(f[0].Lines) != "2" || !strings.Contains(f[0].Text, "showed 500 of its 800 characters") {
		t.Errorf("cut: %+v", steps[0].Flags)
	}
	if f := flagsOf(steps[0], FlagChangedSinceRead); len(f) != 0 {
		t.Errorf("a cut line reported as a change: %+v", f)
	}
}

func TestStepSaysWhereToLook(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": numberedLines(10)})
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go", "offset": 3, "limit": 2}).
		Result("r1", "     3→line 3\n     4→line 4\n", false, nil).
		Use("m2", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "line 4\n", "new_string": "four\nand a half\n"}).
		Result("e1", "ok", false, nil)
	steps, _ := replayAll(t, dir, b.String())
	if steps[0].Path != "a.go" || Ranges(steps[0].Lines) != "3-4" {
		t.Errorf("read: %q %s", steps[0].Path, Ranges(steps[0].Lines))
	}
	if steps[1].Path != "a.go" || Ranges(steps[1].Lines) != "4-5" {
		t.Errorf("edit: %q %s", steps[1].Path, Ranges(steps[1].Lines))
	}
	if f := flagsOf(steps[1], FlagEditUnread); len(f) != 0 {
		t.Errorf("an edit of a line the agent read: %+v", f)
	}
}

// Claude Code records the whole file an Edit found (originalFile): when the
// file now is another, the edit is replayed on a different file.
func TestReplayEditOfAnotherFile(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": "one\ntwo\nthree\n", "b.go": "same\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).Result("r1", "     1→one\n     2→two\n     3→three\n", false, nil).
		Use("m2", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "two", "new_string": "2"}).
		Result("e1", "ok", false, map[string]any{"filePath": dir + "/a.go", "originalFile": "one\ntwo\n", "structuredPatch": []any{}}).
		Use("m3", "r2", "Read", map[string]any{"file_path": dir + "/b.go"}).Result("r2", "     1→same\n", false, nil).
		Use("m4", "e2", "Edit", map[string]any{"file_path": dir + "/b.go", "old_string": "same", "new_string": "diff"}).
		Result("e2", "ok", false, map[string]any{"filePath": dir + "/b.go", "originalFile": "same\r\n"})
	steps, _ := replayAll(t, dir, b.String())
	if f := flagsOf(steps[1], FlagChangedSinceRead); len(f) != 1 || !strings.Contains(f[0].Text, "a.go is not the file the agent edited: its content then (2 lines) differs from the file now (3 lines)") {
		t.Errorf("edit of another file: %+v", steps[1].Flags)
	}
	if len(steps[3].Flags) != 0 {
		t.Errorf("the same file (CRLF as LF) flagged: %+v", steps[3].Flags)
	}
}

// Reading calls run on the repository itself; the copy is made at the
// first change, and the reads made before it still count for the gate.
func TestScratchCopyIsMadeAtTheFirstChange(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": "one\ntwo\n", "b.go": "b\n"})
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).Result("r1", "     1→one\n     2→two\n", false, nil).
		Use("m2", "g1", "Grep", map[string]any{"pattern": "two", "output_mode": "content"}).Result("g1", "a.go:2:two", false, nil).
		// an edit that failed for the agent is only planned: no copy either
		Use("m2b", "f1", "Edit", map[string]any{"file_path": dir + "/b.go", "old_string": "b", "new_string": "c"}).Result("f1", "File has not been read yet.", true, nil)
	readOnly := b.String()
	steps, rp := replayAll(t, dir, readOnly)
	if rp.Scratch != "" || rp.CopiedAt != 0 || len(steps) != 3 || steps[1].Now[0].IsError || !steps[2].Now[0].DryRun {
		t.Fatalf("a read-only replay made a copy: %q %d %+v", rp.Scratch, rp.CopiedAt, steps)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Fatalf("temporary files: %v", ents)
	}
	b.Use("m3", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "two", "new_string": "2"}).Result("e1", "ok", false, nil)
	steps, rp = replayAll(t, dir, b.String())
	edit := steps[3].Now[0]
	if rp.CopiedAt != 4 || rp.Scratch == "" || !edit.Applied || edit.Forced || edit.IsError {
		t.Fatalf("copied at %d; the edit after a full read: %+v", rp.CopiedAt, edit)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a.go")); string(got) != "one\ntwo\n" {
		t.Errorf("the working tree changed: %q", got)
	}
	if g := rp.AgentGate("a.go"); !g.Allowed {
		t.Errorf("the agent's gate after its own edit: %+v", g)
	}
}

// When the scratch copy cannot be made, no change is replayed (and none
// reaches the working tree); each says so.
func TestNoCopyNoChange(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": "one\n"})
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "w1", "Write", map[string]any{"file_path": dir + "/a.go", "content": "x\n"}).Result("w1", "ok", false, nil).
		Use("m2", "w2", "Write", map[string]any{"file_path": dir + "/b.go", "content": "y\n"}).Result("w2", "ok", false, nil)
	steps, _ := replayAll(t, dir, b.String())
	for _, s := range steps {
		if f := flagsOf(s, FlagNotReplayed); len(f) != 1 || !strings.Contains(f[0].Text, "the change was not replayed") || s.Now[0].Applied {
			t.Errorf("call %d: %+v %+v", s.Call.Seq, s.Flags, s.Now)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a.go")); string(got) != "one\n" {
		t.Errorf("a.go: %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.go")); err == nil {
		t.Error("b.go was created in the working tree")
	}
}

// A read after an edit the copy could not take differs from what the
// agent read only because the copy lacks that edit: a changed-since-read
// note naming the call, not a second finding (the not-replayed is one).
func TestChangedSinceReadAfterNotReplayedIsANote(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": "package a\nfunc A() {}\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).
		Result("r1", "     1→package a\n     2→func A() {}\n", false, nil).
		Use("m2", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "func Gone() {}", "new_string": "func B() {}"}).
		Result("e1", "The file has been updated.", false, nil).
		Use("m3", "r2", "Read", map[string]any{"file_path": dir + "/a.go"}).
		Result("r2", "     1→package a\n     2→func B() {}\n", false, nil)
	steps, _ := replayAll(t, dir, b.String())
	if f := flagsOf(steps[1], FlagNotReplayed); len(f) != 1 || f[0].Severity != SeverityFinding {
		t.Fatalf("the edit the copy cannot take: %+v", steps[1].Flags)
	}
	f := flagsOf(steps[2], FlagChangedSinceRead)
	if len(f) != 1 || f[0].CausedBy != 2 || f[0].Severity != SeverityNote || !strings.Contains(f[0].Text, "call #2, which could not be replayed") {
		t.Errorf("the read after it: %+v", steps[2].Flags)
	}
}

// An edit the copy cannot take after an earlier one of the same file it
// could not take either (its old text is what that edit wrote) names
// that call and is a note: the first not-replayed is the finding.
func TestNotReplayedAfterNotReplayedIsANote(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.go": "package a\nfunc A() {}\n"})
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/a.go"}).
		Result("r1", "     1→package a\n     2→func A() {}\n", false, nil).
		Use("m2", "e1", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "func Gone() {}", "new_string": "func B() {}"}).
		Result("e1", "The file has been updated.", false, nil).
		Use("m3", "e2", "Edit", map[string]any{"file_path": dir + "/a.go", "old_string": "func B() {}", "new_string": "func C() {}"}).
		Result("e2", "The file has been updated.", false, nil)
	steps, _ := replayAll(t, dir, b.String())
	if f := flagsOf(steps[1], FlagNotReplayed); len(f) != 1 || f[0].Severity != SeverityFinding || f[0].CausedBy != 0 {
		t.Fatalf("the first edit the copy cannot take: %+v", steps[1].Flags)
	}
	f := flagsOf(steps[2], FlagNotReplayed)
	if len(f) != 1 || f[0].Severity != SeverityNote || f[0].CausedBy != 2 || !strings.Contains(f[0].Text, "likely because the agent's own call #2 on this file could not be replayed") {
		t.Errorf("the edit after it: %+v", steps[2].Flags)
	}
}
