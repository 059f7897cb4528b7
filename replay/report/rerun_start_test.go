package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

var (
	startA = map[string]string{"a.txt": "one\ntwo\nthree\n", "b.txt": "a\nb\nc\nd\ne\n", "c.txt": "keep\n"}
	// startB is the commit after the session: the agent's two edits in it
	startB = map[string]string{"a.txt": "one\nTWO\nthree\n", "b.txt": "a\nb\nc\nD\ne\n", "c.txt": "keep\n", "n.txt": "new\n"}
)

// startSession reads a.txt and edits it, reads b.txt only in part and
// edits a line it was not shown (Claude allows it, repox refuses: the
// finding that matters), creates n.txt, then reads a.txt again. The
// results record what Claude Code 2.x records: originalFile and
// structuredPatch for the Edits, type "create" for the Write.
func startSession(t *testing.T, cwd, branch string) string {
	b := &replaytest.Claude{T: t, Cwd: cwd, Branch: branch}
	full := func(rel, content string, start, total int) map[string]any {
		return map[string]any{"type": "text", "file": map[string]any{"filePath": cwd + "/" + rel, "content": content,
			"numLines": len(transcript.SplitLines(content)), "startLine": start, "totalLines": total}}
	}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": cwd + "/a.txt"}).
		Result("r1", "     1→one\n     2→two\n     3→three\n", false, full("a.txt", "one\ntwo\nthree\n", 1, 3)).
		Use("m2", "e1", "Edit", map[string]any{"file_path": cwd + "/a.txt", "old_string": "two", "new_string": "TWO"}).
		Result("e1", "The file "+cwd+"/a.txt has been updated.", false, map[string]any{"filePath": cwd + "/a.txt", "oldString": "two", "newString": "TWO",
			"originalFile": "one\ntwo\nthree\n", "structuredPatch": []any{map[string]any{"oldStart": 1, "oldLines": 3, "newStart": 1, "newLines": 3, "lines": []string{" one", "-two", "+TWO", " three"}}}}).
		Use("m3", "r2", "Read", map[string]any{"file_path": cwd + "/b.txt", "limit": 2}).
		Result("r2", "     1→a\n     2→b\n", false, full("b.txt", "a\nb", 1, 5)).
		Use("m4", "e2", "Edit", map[string]any{"file_path": cwd + "/b.txt", "old_string": "d\n", "new_string": "D\n"}).
		Result("e2", "The file "+cwd+"/b.txt has been updated.", false, map[string]any{"filePath": cwd + "/b.txt", "oldString": "d\n", "newString": "D\n",
			"originalFile": "a\nb\nc\nd\ne\n", "structuredPatch": []any{map[string]any{"oldStart": 3, "oldLines": 3, "newStart": 3, "newLines": 3, "lines": []string{" c", "-d", "+D", " e"}}}}).
		Use("m5", "w1", "Write", map[string]any{"file_path": cwd + "/n.txt", "content": "new\n"}).
		Result("w1", "File created successfully at: "+cwd+"/n.txt", false, map[string]any{"type": "create", "filePath": cwd + "/n.txt", "content": "new\n", "structuredPatch": []any{}}).
		Use("m6", "r3", "Read", map[string]any{"file_path": cwd + "/a.txt"}).
		Result("r3", "     1→one\n     2→TWO\n     3→three\n", false, full("a.txt", "one\nTWO\nthree\n", 1, 3)).
		Use("m7", "r4", "Read", map[string]any{"file_path": cwd + "/c.txt"}).
		Result("r4", "     1→keep\n", false, full("c.txt", "keep\n", 1, 1))
	return b.String()
}

// reportJSON runs a JSON report of text (a transcript) against root.
func reportJSON(t *testing.T, text, root string, against replay.Against) []map[string]any {
	t.Helper()
	var out bytes.Buffer
	w := &reportWriter{w: &out, json: true, file: "t"}
	if _, err := replay.RunFrom(t.Context(), strings.NewReader(text), replay.RunOptions{Root: root, Against: against}, w.file, w); err != nil {
		t.Fatal(err)
	}
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not JSON: %q", l)
		}
		lines = append(lines, m)
	}
	return lines
}

// findingsOf is each call's findings, as "#seq kind: text" lines.
func findingsOf(lines []map[string]any) []string {
	var out []string
	for _, m := range lines {
		if m["type"] != "call" {
			continue
		}
		seq := m["call"].(map[string]any)["seq"].(float64)
		flags, _ := m["flags"].([]any)
		for _, f := range flags {
			f := f.(map[string]any)
			out = append(out, "#"+itoaTest(int(seq))+" "+f["kind"].(string)+": "+f["text"].(string))
		}
	}
	return out
}

func startOfReport(lines []map[string]any) map[string]any {
	for _, m := range lines {
		if m["type"] == "against" {
			return m["start"].(map[string]any)
		}
	}
	return nil
}

// The same transcript gives the same findings from the checkout before
// the session and from the commit after it: the replay starts from the
// session's start state, rebuilt from the transcript.
func TestStartStateSameFindingsBeforeAndAfter(t *testing.T) {
	a := gitRepo(t, startA)
	b := gitRepo(t, startB)
	tr := startSession(t, a, "")
	fa := findingsOf(reportJSON(t, tr, a, replay.AgainstStart))
	fb := findingsOf(reportJSON(t, tr, b, replay.AgainstStart))
	if strings.Join(fa, "\n") != strings.Join(fb, "\n") {
		t.Fatalf("the findings depend on the checkout:\nbefore the session:\n%s\nafter it:\n%s", strings.Join(fa, "\n"), strings.Join(fb, "\n"))
	}
	joined := strings.Join(fa, "\n")
	if !strings.Contains(joined, "#4 differs:") || !strings.Contains(joined, "#4 edit-unread:") {
		t.Errorf("the edit repox refuses is not a finding:\n%s", joined)
	}
	if strings.Contains(joined, "already-applied") || strings.Contains(joined, "changed-since-read") {
		t.Errorf("the agent's own edits are findings:\n%s", joined)
	}
	// the root after the session is rebuilt: 3 files, 2 from originalFile, 1 created
	info := startOfReport(reportJSON(t, tr, b, replay.AgainstStart))
	if info["recorded"].(float64) != 3 || info["written"].(float64) != 3 || info["readDiffer"] != nil {
		t.Errorf("start info after the session: %v", info)
	}
	// and both checkouts are left as they were
	if _, err := os.Stat(filepath.Join(a, "n.txt")); err == nil {
		t.Errorf("the replay wrote n.txt into the root")
	}
	if got, _ := os.ReadFile(filepath.Join(b, "a.txt")); string(got) != startB["a.txt"] {
		t.Errorf("the replay changed the root's a.txt: %q", got)
	}
}

// --against now asks the other question: the recorded calls against the
// tree as it is. After the session, the agent's own edits show, and each
// changed-since-read names the agent's call that caused it.
func TestAgainstNowNamesTheAgentsOwnCall(t *testing.T) {
	b := gitRepo(t, startB)
	tr := startSession(t, b, "")
	lines := reportJSON(t, tr, b, replay.AgainstNow)
	joined := strings.Join(findingsOf(lines), "\n")
	if !strings.Contains(joined, "#2 already-applied") {
		t.Errorf("against now, the applied edit is not already-applied:\n%s", joined)
	}
	var caused []float64
	for _, m := range lines {
		flags, _ := m["flags"].([]any)
		for _, f := range flags {
			f := f.(map[string]any)
			if f["kind"] == string(replay.FlagChangedSinceRead) {
				by, _ := f["causedBy"].(float64)
				caused = append(caused, by)
				if !strings.Contains(f["text"].(string), "the agent's own call #") {
					t.Errorf("the cause is not worded: %s", f["text"])
				}
			}
		}
	}
	if len(caused) != 1 || caused[0] != 2 {
		t.Errorf("changed-since-read caused by %v, want one, by call #2", caused)
	}
}

// A file changed outside the session is a changed-since-read from
// outside; a root on another branch, with files the agent read that are
// not what it was shown, is named in the header.
func TestStartStateOutsideChangeAndWrongCheckout(t *testing.T) {
	files := map[string]string{}
	for k, v := range startA {
		files[k] = v
	}
	files["c.txt"] = "changed by someone else\n"
	root := gitRepo(t, files)
	tr := startSession(t, root, "feature/x")
	lines := reportJSON(t, tr, root, replay.AgainstStart)
	var outside int
	for _, m := range lines {
		flags, _ := m["flags"].([]any)
		for _, f := range flags {
			f := f.(map[string]any)
			if f["kind"] == string(replay.FlagChangedSinceRead) {
				if f["outside"] != true || f["causedBy"] != nil {
					t.Errorf("not from outside: %v", f)
				}
				outside++
			}
		}
	}
	if outside != 1 {
		t.Errorf("%d changed-since-read from outside, want 1 (c.txt)", outside)
	}
	var out bytes.Buffer
	w := &reportWriter{w: &out, file: "t"}
	if _, err := replay.RunFrom(t.Context(), strings.NewReader(tr), replay.RunOptions{Root: root}, w.file, w); err != nil {
		t.Fatal(err)
	}
	want := `checkout    the transcript records branch feature/x, the root is on main; 1 of the 3 files the agent read do not start as it was shown them (c.txt)`
	if !strings.Contains(out.String(), want) {
		t.Errorf("no checkout line like\n%s\nin:\n%s", want, out.String())
	}
}

// Without originalFile, the start is the root's file with the session's
// changes reversed (Codex's patches, older Claude Code): the same
// findings before and after.
func TestStartStateByReversingEdits(t *testing.T) {
	a := gitRepo(t, startA)
	b := gitRepo(t, startB)
	strip := func(tr string) string {
		var out []string
		for _, l := range strings.Split(strings.TrimSuffix(tr, "\n"), "\n") {
			var m map[string]any
			json.Unmarshal([]byte(l), &m)
			if tur, ok := m["toolUseResult"].(map[string]any); ok {
				delete(tur, "originalFile")
				delete(tur, "structuredPatch")
			}
			out = append(out, strings.TrimSuffix(replaytest.JSONLine(t, m), "\n"))
		}
		return strings.Join(out, "\n") + "\n"
	}
	tr := strip(startSession(t, a, ""))
	fa := findingsOf(reportJSON(t, tr, a, replay.AgainstStart))
	fb := findingsOf(reportJSON(t, tr, b, replay.AgainstStart))
	if strings.Join(fa, "\n") != strings.Join(fb, "\n") {
		t.Fatalf("reversed: the findings depend on the checkout:\nbefore:\n%s\nafter:\n%s", strings.Join(fa, "\n"), strings.Join(fb, "\n"))
	}
	info := startOfReport(reportJSON(t, tr, b, replay.AgainstStart))
	if info["reversed"].(float64) != 2 {
		t.Errorf("start info: %v", info)
	}
}

// --against takes start or now; anything else is refused, naming both.
func TestReportAgainst(t *testing.T) {
	root := gitRepo(t, startB)
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, []byte(startSession(t, root, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for _, bad := range []string{"then", "Now", " start"} {
		if _, err := replay.ParseAgainst(bad); err == nil || !strings.Contains(err.Error(), "--against takes start") || !strings.Contains(err.Error(), "or now") {
			t.Errorf("--against %q: %v", bad, err)
		}
	}
	if err := Report(t.Context(), ReportOptions{Transcript: path, Root: root, Against: "then"}, &out); err == nil || !strings.Contains(err.Error(), "--against takes start") || out.Len() != 0 {
		t.Errorf("against then: %v, output %q", err, out.String())
	}
	for against, want := range map[replay.Against]string{replay.AgainstNow: "against     the tree as it is (--against now)", replay.AgainstStart: "against     the session's start state", "": "against     the session's start state"} {
		out.Reset()
		if err := Report(t.Context(), ReportOptions{Transcript: path, Root: root, Against: against}, &out); err != nil || !strings.Contains(out.String(), want) {
			t.Errorf("against %q: %v\n%s", against, err, out.String())
		}
	}
}

// A Codex patch whose added line ended in spaces, which a formatter took
// off after the session: from the checkout after it the start is still
// rebuilt (the hunk's lines found as Codex finds them), so the patch is
// replayed there as from the checkout before it, with the same findings
// (the agent never read a.go: edit-unread, both times).
func TestStartStateCodexPatchTolerantBeforeAndAfter(t *testing.T) {
	before := gitRepo(t, map[string]string{"a.go": "a\nfoo\nbar\n"})
	after := gitRepo(t, map[string]string{"a.go": "a\nfoo\nBAR\n"})
	session := func(dir string) string {
		b := &replaytest.Codex{T: t}
		b.Line("session_meta", map[string]any{"id": "x", "cwd": dir}).
			Line("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "p1",
				"input": "*** Begin Patch\n*** Update File: a.go\n@@\n foo\n-bar\n+BAR  \n*** End Patch"}).
			Line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "p1", "output": "Success. Updated the following files:\nM a.go"})
		return b.Sb.String()
	}
	fb := findingsOf(reportJSON(t, session(before), before, replay.AgainstStart))
	fa := findingsOf(reportJSON(t, session(after), after, replay.AgainstStart))
	if strings.Join(fa, "\n") != strings.Join(fb, "\n") || strings.Contains(strings.Join(fa, "\n"), "not-replayed") {
		t.Errorf("the findings depend on the checkout:\nbefore:\n%s\nafter:\n%s", strings.Join(fb, "\n"), strings.Join(fa, "\n"))
	}
}
