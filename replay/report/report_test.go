package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops"
)

// reportTranscript is a session with a Read, a Glob, an Edit and a
// refused Edit, in the repository dir, and the conversation around them:
// a prompt, thinking, the agent's text.
func reportTranscript(t *testing.T, dir string) string {
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Raw(replaytest.ClaudeTalkLine(t, dir, "user", "Say hello instead of hi.\nThen rename Missing in util.", replaytest.At(b))).
		Raw(replaytest.ClaudeTalkLine(t, dir, "assistant", replaytest.TextBlock("thinking", "thinking", "main.go prints hi; util.go may hold Missing."), replaytest.At(b))).
		Raw(replaytest.ClaudeTalkLine(t, dir, "assistant", replaytest.TextBlock("text", "text", "I'll read main.go first."), replaytest.At(b))).
		Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/main.go"}).
		Result("r1", "     1→package main\n     2→\n     3→func main() {\n     4→\tprintln(\"hi\")\n     5→}\n", false,
			map[string]any{"type": "text", "file": map[string]any{"filePath": dir + "/main.go", "content": "package main\n\nfunc main() {\n\tprintln(\"hi\")\n}", "numLines": 5, "startLine": 1, "totalLines": 5}}).
		Use("m2", "g1", "Glob", map[string]any{"pattern": "**/*.go"}).
		Result("g1", dir+"/main.go\n"+dir+"/util/util.go", false, map[string]any{"filenames": []string{dir + "/main.go", dir + "/util/util.go"}, "numFiles": 2, "truncated": false}).
		Use("m3", "e1", "Edit", map[string]any{"file_path": dir + "/main.go", "old_string": "println(\"hi\")", "new_string": "println(\"hello\")"}).
		Result("e1", "The file "+dir+"/main.go has been updated.", false, nil).
		Raw(replaytest.ClaudeTalkLine(t, dir, "assistant", replaytest.TextBlock("text", "text", "Now util.go."), replaytest.At(b))).
		Use("m4", "e2", "Edit", map[string]any{"file_path": dir + "/util/util.go", "old_string": "func Missing()", "new_string": "func Found()"}).
		Result("e2", "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>", true, nil)
	return b.String()
}

func reportRepo(t *testing.T) string {
	return gitRepo(t, map[string]string{
		"main.go":      "package main\n\nfunc main() {\n\tprintln(\"hi\")\n}\n",
		"util/util.go": "package util\n\nfunc Util() {}\n",
		"README.md":    "# r\n",
	})
}

func TestReportGolden(t *testing.T) {
	dir := reportRepo(t)
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, []byte(reportTranscript(t, dir)), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	// the transcript's folder is the current repository (the golden file
	// is found from the package's folder, so back there after)
	wd, _ := os.Getwd()
	t.Chdir(dir)
	err := Report(context.Background(), ReportOptions{Transcript: path}, &out)
	os.Chdir(wd)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.ReplaceAll(out.String(), dir, "ROOT")
	got = strings.ReplaceAll(got, path, "TRANSCRIPT")
	golden.RequireEqual(t, []byte(got))
}

func TestReportJSONLines(t *testing.T) {
	dir := reportRepo(t)
	t.Chdir(dir)
	var out bytes.Buffer
	w := &reportWriter{w: &out, json: true, file: "t"}
	if err := runReport(context.Background(), strings.NewReader(reportTranscript(t, dir)), "", "", w); err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON line: %q", line)
		}
		kinds = append(kinds, m["type"].(string))
	}
	if strings.Join(kinds, ",") != "transcript,against,message,message,message,call,call,call,message,call,seen,seen,summary" {
		t.Errorf("line types %v", kinds)
	}
}

// A transcript that cannot be replayed is refused before any output,
// saying what it is (the command line's own checks are cli's tests).
func TestReportRefusals(t *testing.T) {
	dir := reportRepo(t)
	junk := filepath.Join(t.TempDir(), "junk.txt")
	os.WriteFile(junk, []byte("hello\nworld\n"), 0o644)
	for _, c := range []struct {
		opts ReportOptions
		want string
	}{
		{ReportOptions{Transcript: t.TempDir()}, "not a regular file"},
		{ReportOptions{Transcript: junk, Root: dir}, `its first line is not JSON (it starts "hello")`},
		{ReportOptions{Transcript: junk, Root: dir, Against: "then"}, "--against takes start"},
	} {
		var out bytes.Buffer
		err := Report(context.Background(), c.opts, &out)
		if err == nil || !strings.Contains(err.Error(), c.want) || out.Len() != 0 {
			t.Errorf("%+v: %v, output %q; want an error %q", c.opts, err, out.String(), c.want)
		}
	}
}

// Text from a transcript never reaches the terminal as control sequences.
func TestReportEscapesControlCharacters(t *testing.T) {
	dir := reportRepo(t)
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/evil\x1b[2J.go"}).
		Result("r1", "\x1b]0;pwned\x07 \u202eexe.txt \xff", true, nil).
		Use("m2", "b1", "Bash", map[string]any{"command": "cat \x1b[31mred"}).
		Result("b1", "\x1b[31mred\x1b[0m", false, nil)
	var out bytes.Buffer
	if err := runReport(context.Background(), strings.NewReader(b.String()), dir, "", &reportWriter{w: &out, file: "t"}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, bad := range []string{"\x1b", "\x07", "\u202e", "\xff"} {
		if strings.Contains(s, bad) {
			t.Errorf("the report holds %q:\n%s", bad, s)
		}
	}
	if !strings.Contains(s, "then  error: ␛]0;pwned␇ ⇄exe.txt �") {
		t.Errorf("the escaped text is not shown:\n%s", s)
	}
}

type failAfter struct{ n int }

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n -= len(p); f.n < 0 {
		return 0, os.ErrClosed
	}
	return len(p), nil
}

// A reader that goes away (`| head`) ends the report, and the scratch copy
// is removed all the same.
func TestReportStopsAndCleansUpWhenTheReaderGoes(t *testing.T) {
	dir := reportRepo(t)
	t.Chdir(dir)
	path := filepath.Join(t.TempDir(), "session.jsonl")
	os.WriteFile(path, []byte(reportTranscript(t, dir)), 0o644)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	for _, asJSON := range []bool{false, true} {
		if err := Report(context.Background(), ReportOptions{Transcript: path, JSON: asJSON}, &failAfter{n: 300}); err != nil {
			t.Errorf("json %v: %v", asJSON, err)
		}
		if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
			t.Errorf("json %v: left %v behind", asJSON, ents)
		}
	}
}

// One repox log holds many sessions (`repox mcp --log` appends every
// connection's calls to one file): each is replayed with its own gate.
func TestRepoxLogSessionsAreReplayedApart(t *testing.T) {
	dir := gitRepo(t, map[string]string{"a.txt": "one\ntwo\n"})
	var sb strings.Builder
	rec := func(sess, tool, args, text string) {
		b, err := repoops.MarshalCallRecord(repoops.CallRecord{V: 1, Session: sess, Tool: tool, Args: json.RawMessage(args), Text: text})
		if err != nil {
			t.Fatal(err)
		}
		sb.Write(b)
	}
	rec("aaaa", "repo_read_file", `{"path":"a.txt"}`, "a.txt — lines 1-2 of 2")
	rec("bbbb", "repo_edit", `{"path":"a.txt","old_string":"one","new_string":"ONE"}`, "edited a.txt")
	rec("aaaa", "repo_edit", `{"path":"a.txt","old_string":"two","new_string":"TWO"}`, "edited a.txt")
	var out bytes.Buffer
	if err := runReport(context.Background(), strings.NewReader(sb.String()), dir, "", &reportWriter{w: &out, file: "log"}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	// b never read the file: repox refuses its edit (the agent's succeeded);
	// a read it in full: its edit applies
	if !strings.Contains(s, "#2  -  [session bbbb] repo_edit") || !strings.Contains(s, "a.txt has not been read in this session") {
		t.Errorf("session b:\n%s", s)
	}
	if !strings.Contains(s, "#3  -  [session aaaa] repo_edit") || !strings.Contains(s, "now   ok: edited a.txt") ||
		!strings.Contains(s, "what the agent of session aaaa saw") || !strings.Contains(s, "what the agent of session bbbb saw") {
		t.Errorf("session a:\n%s", s)
	}
	out.Reset()
	if err := runReport(context.Background(), strings.NewReader(sb.String()), dir, "bbbb", &reportWriter{w: &out, file: "log"}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "aaaa") || !strings.Contains(out.String(), "1 call: 1 with a repox equivalent") {
		t.Errorf("--session bbbb:\n%s", out.String())
	}
}
