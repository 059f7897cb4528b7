package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops"
)

// The transcript fields a forged value may hide in.
const (
	fieldTool = iota
	fieldPath
	fieldSession
	fieldAgent
	fieldCwd
	fieldResult
	fieldCount
)

// forgedSeeds are the values of issue 22: a line that reads as a call of
// its own, a second root header, and characters a terminal hides.
var forgedSeeds = []string{
	"x\n#99  18:19:09  Read {}\n    then  ok: all good",
	"x\nroot        /etc (from --root)",
	"x\r\n    ! differs: none",
	"zero\u200bwidth", "tag\U000E0041\U000E0042", "bidi\u202eexe.go", "esc\x1b[2J", "bad\xffbyte", "sep\u2028line", "tab\there", "",
}

// forgedTranscript is a Claude Code session with a Read and a Bash call
// (a main agent's and a subagent's), value placed in one field.
func forgedTranscript(t testing.TB, root string, field int, value string) string {
	tool, path, sess, agent, cwd, result := "Read", root+"/a.txt", "s-1", "agent-1", root, "     1→a\n"
	switch field {
	case fieldTool:
		tool = value
	case fieldPath:
		path = root + "/" + value
	case fieldSession:
		sess = value
	case fieldAgent:
		agent = value
	case fieldCwd:
		cwd = value
	case fieldResult:
		result = value
	}
	var sb strings.Builder
	line := func(typ string, side bool, content []any) {
		sb.WriteString(replaytest.JSONLine(t, map[string]any{"type": typ, "cwd": cwd, "sessionId": sess, "agentId": agent, "isSidechain": side,
			"timestamp": "2026-01-30T18:19:01.000Z", "message": map[string]any{"id": "m", "role": typ, "content": content}}))
	}
	line("assistant", false, []any{map[string]any{"type": "tool_use", "id": "r1", "name": tool, "input": map[string]any{"file_path": path}}})
	line("user", false, []any{map[string]any{"type": "tool_result", "tool_use_id": "r1", "content": result}})
	line("assistant", true, []any{map[string]any{"type": "tool_use", "id": "b1", "name": "Bash", "input": map[string]any{"command": "cat " + value}}})
	line("user", true, []any{map[string]any{"type": "tool_result", "tool_use_id": "b1", "content": result}})
	return sb.String()
}

// forgedLog is a repox call log of two sessions, value placed in one field.
func forgedLog(t testing.TB, field int, value string) string {
	tool, path, sess, result := "repo_read_file", "a.txt", "s-1", "a.txt — lines 1-1 of 1"
	switch field {
	case fieldTool:
		tool = value
	case fieldPath, fieldCwd:
		path = value
	case fieldSession, fieldAgent:
		sess = value
	case fieldResult:
		result = value
	}
	l := &repoxLog{t: t}
	l.rec(sess, tool, `{"path":`+string(jsonQuote(t, path))+`}`, result)
	l.rec("other", "repo_find", `{"query":`+string(jsonQuote(t, path))+`}`, result)
	return l.sb.String()
}

func jsonQuote(t testing.TB, s string) []byte {
	return []byte(strings.TrimSuffix(replaytest.JSONLine(t, s), "\n"))
}

// checkReportLines: every call the summary counts has one header line and one then line,
// there is one transcript, format and root line, every unindented line is
// one the report writes, and no character a terminal acts on or hides is
// there raw.
func checkReportLines(t *testing.T, what, out string) {
	var calls int
	t.Helper()
	count := map[string]int{}
	tops := []string{"transcript  ", "format      ", "agent cwd   ", "root        ", "against     ", "checkout    ", "reading calls run", "#", "what the agent", "read ", "scratch copy", "no change was", "no call of session", "turn ", "compacted   ", "re-read: "}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		known := l == "" || strings.HasPrefix(l, "    ") || strings.Contains(l, " calls: ") || strings.HasPrefix(l, "1 call: ")
		for _, p := range tops {
			if strings.HasPrefix(l, p) {
				count[p]++
				known = true
			}
		}
		if strings.HasPrefix(l, "    then  ") {
			count["then"]++
		}
		if !known {
			t.Errorf("%s: a line the report does not write: %q", what, l)
		}
	}
	if _, err := fmt.Sscanf(out[strings.LastIndex(out, "\n\n")+2:], "%d call", &calls); err != nil {
		t.Errorf("%s: no summary line: %v\n%s", what, err, out)
	}
	for p, want := range map[string]int{"#": calls, "then": calls, "transcript  ": 1, "format      ": 1, "root        ": 1} {
		if count[p] != want {
			t.Errorf("%s: %d lines starting %q, want %d:\n%s", what, count[p], p, want, out)
		}
	}
	checkVisible(t, what, out)
}

// checkVisible: valid UTF-8 and, but for newlines, nothing VisibleRune
// would change (controls, DEL, C1, bidi, zero-width, tag characters).
func checkVisible(t *testing.T, what, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("%s: not valid UTF-8: %q", what, out)
	}
	for _, r := range out {
		if _, changed := repoops.VisibleRune(r); changed && r != '\n' && r != utf8.RuneError {
			t.Errorf("%s: raw %U in:\n%s", what, r, out)
			return
		}
	}
}

func reportFields(t *testing.T, field int, value string) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "a\n"})
	what := []string{"tool", "path", "session", "agent", "cwd", "result"}[field] + " " + strings.ReplaceAll(value, "\n", `\n`)
	var out bytes.Buffer
	if err := runReport(context.Background(), strings.NewReader(forgedTranscript(t, root, field, value)), root, "", &reportWriter{w: &out, file: "t" + value}); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	checkReportLines(t, "claude "+what, out.String())
	out.Reset()
	if err := runReport(context.Background(), strings.NewReader(forgedLog(t, field, value)), root, "", &reportWriter{w: &out, file: "log"}); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	checkReportLines(t, "repox log "+what, out.String())
}

// `repox sessions` lists a repox log's sessions by file and id: one row
// each, whatever the id or the file's name holds.
func sessionsFields(t *testing.T, value string) {
	state := t.TempDir()
	name := strings.ReplaceAll(strings.ReplaceAll(value, "/", "_"), "\x00", "_")
	if err := os.MkdirAll(filepath.Join(state, "repox"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, "repox", name+".jsonl"), []byte(forgedLog(t, fieldSession, value)), 0o644); err != nil {
		t.Skipf("the file system refuses the name %q: %v", name, err)
	}
	var out, errb bytes.Buffer
	env := discover.Env{Home: t.TempDir(), Now: time.Now(), Getenv: func(name string) string {
		if name == "XDG_STATE_HOME" {
			return state
		}
		return ""
	}}
	if err := discover.ListSessions(context.Background(), discover.SessionsOptions{Dir: t.TempDir()}, &out, &errb, env); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	// a title, a blank line, the column heads, two rows, a blank line and two lines of notes
	if n := strings.Count(out.String(), "\n"); n != 8 {
		t.Errorf("sessions with %q: %d lines, want 8:\n%s", value, n, out.String())
	}
	checkVisible(t, "sessions", out.String())
}

func TestForgedFieldsStayOnTheirLines(t *testing.T) {
	for _, v := range forgedSeeds {
		for f := range fieldCount {
			reportFields(t, f, v)
		}
		sessionsFields(t, v)
	}
}

func FuzzForgedFieldsStayOnTheirLines(f *testing.F) {
	for i, v := range forgedSeeds {
		f.Add(uint8(i), v)
	}
	f.Fuzz(func(t *testing.T, field uint8, value string) {
		reportFields(t, int(field)%fieldCount, value)
		sessionsFields(t, value)
	})
}
