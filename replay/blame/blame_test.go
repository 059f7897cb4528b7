package blame

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops/repotest"
)

func TestMain(m *testing.M) {
	done := repotest.IsolateCache()
	code := m.Run()
	done()
	os.Exit(code)
}

const base = "base 1\nbase 2\nbase 3\nbase 4\nbase 5\nbase 6\nbase 7\nbase 8\nbase 9\nbase 10\n"

// afterA is app.txt after session A's two edits; now is it after B's.
const (
	afterA2 = "base 1\nbase 2\nalpha 3a\nalpha 3b\nbase 4\nbase 5\nbase 6\nbase 7\nbase 8\nbase 9\nbase 10\n"
	afterA  = "base 1\nbase 2\nalpha 3a\nalpha 3b\nbase 4\nbase 5\nbase 6\nalpha 7\nbase 8\nbase 9\nbase 10\n"
	now     = "base 1\nbase 2\nalpha 3a\nbeta 3b\nbase 4\nbase 5\nbase 6\nalpha 7\nbase 8\nbeta 9\nbase 10\n"
)

func numbered(s string) string {
	var b strings.Builder
	for i, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		fmt.Fprintf(&b, "%6d→%s\n", i+1, l)
	}
	return b.String()
}

// sessionA is Claude Code: a whole Read of app.txt, then two Edits (the
// file before each recorded, as Claude Code records it).
func sessionA(t *testing.T, root string) string {
	b := &replaytest.Claude{T: t, Cwd: root}
	p := root + "/app.txt"
	b.Use("m1", "r1", "Read", map[string]any{"file_path": p}).
		Result("r1", numbered(base), false, map[string]any{"type": "text", "file": map[string]any{"filePath": p, "content": base, "numLines": 10, "startLine": 1, "totalLines": 10}}).
		Use("m2", "e1", "Edit", map[string]any{"file_path": p, "old_string": "base 3", "new_string": "alpha 3a\nalpha 3b"}).
		Result("e1", "The file "+p+" has been updated.", false, map[string]any{"filePath": p, "oldString": "base 3", "newString": "alpha 3a\nalpha 3b", "originalFile": base, "structuredPatch": []any{}}).
		Use("m3", "e2", "Edit", map[string]any{"file_path": p, "old_string": "base 7", "new_string": "alpha 7"}).
		Result("e2", "The file "+p+" has been updated.", false, map[string]any{"filePath": p, "oldString": "base 7", "newString": "alpha 7", "originalFile": afterA2, "structuredPatch": []any{}})
	return b.String()
}

// sessionB is Codex, later: a read of lines 1-5, a patch of one of them
// (alpha 3b) and one of line 10, which it never read (edit-unread).
func sessionB(t *testing.T, root string) string {
	var sb strings.Builder
	n := 0
	line := func(typ string, payload any) {
		n++
		sb.WriteString(replaytest.JSONLine(t, map[string]any{"timestamp": fmt.Sprintf("2026-02-01T10:00:%02d.000Z", n), "type": typ, "payload": payload}))
	}
	patch := func(id, old, new string) {
		line("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": id,
			"input": "*** Begin Patch\n*** Update File: app.txt\n@@\n-" + old + "\n+" + new + "\n*** End Patch"})
		line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": id, "output": "Success. Updated the following files:\nM app.txt"})
	}
	line("session_meta", map[string]any{"id": "0199b0b0-bbbb-7bbb-8bbb-bbbbbbbbbbbb", "cwd": root, "timestamp": "2026-02-01T10:00:00.000Z"})
	args, _ := json.Marshal(map[string]any{"file_path": root + "/app.txt", "offset": 1, "limit": 5})
	line("response_item", map[string]any{"type": "function_call", "name": "read_file", "arguments": string(args), "call_id": "c1"})
	line("response_item", map[string]any{"type": "function_call_output", "call_id": "c1", "output": "L1: base 1\nL2: base 2\nL3: alpha 3a\nL4: alpha 3b\nL5: base 4"})
	patch("p1", "alpha 3b", "beta 3b")
	patch("p2", "base 9", "beta 9")
	return sb.String()
}

func write(t testing.TB, name, s string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// fixtureAB is a git repository whose app.txt was committed as base and
// then changed by A, then B; the sessions as discovery lists them.
func fixtureAB(t *testing.T) (string, []discover.SessionInfo) {
	root := repotest.GitRepo(t, map[string]string{"app.txt": base, "other.txt": "x\n"})
	repotest.WriteFiles(t, root, map[string]string{"app.txt": now})
	a := write(t, "aaaaaaaa-1111-4111-8111-111111111111.jsonl", sessionA(t, root))
	b := write(t, "rollout-2026-02-01T10-00-00-0199b0b0-bbbb-7bbb-8bbb-bbbbbbbbbbbb.jsonl", sessionB(t, root))
	return root, []discover.SessionInfo{
		{Agent: transcript.AgentClaude, Path: a, ID: "aaaaaaaa-1111-4111-8111-111111111111", Cwd: root, Started: time.Date(2026, 1, 30, 18, 19, 0, 0, time.UTC)},
		{Agent: transcript.AgentCodex, Path: b, ID: "0199b0b0-bbbb-7bbb-8bbb-bbbbbbbbbbbb", Cwd: root, Started: time.Date(2026, 2, 1, 10, 0, 0, 0, time.UTC)},
	}
}

func who(l Line) string {
	switch {
	case l.Call != nil:
		s := fmt.Sprintf("%s#%d", l.Call.Agent, l.Call.Seq)
		for _, f := range l.Call.Flags {
			s += " " + string(f)
		}
		return s
	case l.Commit != nil && l.Commit.Uncommitted:
		return "uncommitted"
	case l.Commit != nil:
		return "git"
	}
	return "-"
}

// Lines written by A and then partly rewritten by B: B's lines are B's,
// A's remaining lines A's, the untouched ones the fixture commit's; B's
// patch of a line it never read carries edit-unread.
func TestBlameAttributesEachLineToTheLastCallThatWroteIt(t *testing.T) {
	root, sessions := fixtureAB(t)
	res, err := Blame(context.Background(), Options{Root: root, Path: "app.txt", Sessions: sessions})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"git", "git", "claude-code#2", "codex#2", "git", "git", "git", "claude-code#3", "git", "codex#3 edit-unread", "git"}
	var got []string
	for _, l := range res.Lines {
		got = append(got, who(l))
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("blame:\n got %q\nwant %q", got, want)
	}
	if res.Replayed != 2 || res.TotalLines != 11 {
		t.Errorf("replayed %d, total %d", res.Replayed, res.TotalLines)
	}
	// what the agents knew of the rest of the file: A had read all of it
	// (9 lines besides its 2); B lines 1-5 of the 10 besides its line 10
	// (line 4 its own earlier patch)
	a, b := res.Lines[2].Call, res.Lines[9].Call
	if a.SeenLines != 9 || a.FileLines != 11 || a.Wrote != 2 || replay.Ranges(a.Seen) != "1-2, 5-11" {
		t.Errorf("A's call: seen %d %q of %d", a.SeenLines, replay.Ranges(a.Seen), a.FileLines)
	}
	if b.SeenLines != 5 || b.FileLines != 11 || b.Wrote != 1 || replay.Ranges(b.Seen) != "1-5" {
		t.Errorf("B's call: seen %d %q of %d", b.SeenLines, replay.Ranges(b.Seen), b.FileLines)
	}
	if c := res.Lines[0].Commit; c == nil || len(c.Hash) != 40 || c.Date == "" || c.Author == "" {
		t.Errorf("line 1's commit: %+v", c)
	}
	var out bytes.Buffer
	if err := WriteText(&out, res, false); err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(rows) != 11 {
		t.Fatalf("%d rows:\n%s", len(rows), out.String())
	}
	for i, r := range rows {
		if strings.Index(r, "→") != strings.Index(rows[0], "→") {
			t.Errorf("row %d's gutter is not the width of the others:\n%s", i+1, out.String())
		}
	}
	if !strings.HasPrefix(rows[3], "codex 0199b0b0 #2") || !strings.Contains(rows[3], "2026-02-01 10:00") || !strings.HasSuffix(rows[3], " 4→beta 3b") {
		t.Errorf("row 4: %q", rows[3])
	}
	if !strings.HasPrefix(rows[2], "claude aaaaaaaa #2") || !strings.Contains(rows[9], "saw 5/10 edit-unread") {
		t.Errorf("rows 3 and 10:\n%s\n%s", rows[2], rows[9])
	}
	if !strings.Contains(rows[0], NotWritten) || !strings.Contains(rows[0], "2026-") {
		t.Errorf("row 1: %q", rows[0])
	}
}

// A line range answers for those lines only; JSON is one object a line.
func TestBlameLineRangeAndJSON(t *testing.T) {
	root, sessions := fixtureAB(t)
	res, err := Blame(context.Background(), Options{Root: root, Path: "app.txt", From: 3, To: 4, Sessions: sessions})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Lines) != 2 || res.Lines[0].N != 3 || who(res.Lines[0]) != "claude-code#2" || who(res.Lines[1]) != "codex#2" {
		t.Fatalf("lines 3-4: %+v", res.Lines)
	}
	var out bytes.Buffer
	WriteJSON(&out, res)
	sc := bufio.NewScanner(&out)
	n := 0
	for sc.Scan() {
		var m struct {
			Path string `json:"path"`
			N    int    `json:"n"`
			Text string `json:"text"`
			Call *Call  `json:"call"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil || m.Path != "app.txt" || m.Call == nil {
			t.Errorf("%v: %s", err, sc.Text())
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d JSON lines", n)
	}
	for _, bad := range []struct {
		path     string
		from, to int
		want     string
	}{
		{"app.txt", 12, 12, "past the end"},
		{"../x", 0, 0, "outside the root"},
		{"nope.txt", 0, 0, "does not exist"},
		{".", 0, 0, "folder"},
	} {
		if _, err := Blame(context.Background(), Options{Root: root, Path: bad.path, From: bad.from, To: bad.to, Sessions: sessions}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want %q", bad.path, err, bad.want)
		}
	}
	os.Mkdir(filepath.Join(root, "sub"), 0o755)
	os.WriteFile(filepath.Join(root, "bin.dat"), []byte("a\x00b\n"), 0o644)
	for p, want := range map[string]string{"sub": "is a folder", "bin.dat": "binary"} {
		if _, err := Blame(context.Background(), Options{Root: root, Path: p, Sessions: sessions}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", p, err, want)
		}
	}
}

// A line changed since by hand is no longer the session's; a file outside
// git says why it has no commits; the terminal sees no control bytes.
func TestBlameLinesChangedSinceAreNotAttributed(t *testing.T) {
	root, sessions := fixtureAB(t)
	os.WriteFile(filepath.Join(root, "app.txt"), []byte(strings.Replace(now, "alpha 7", "hand 7\x1b[2J", 1)), 0o644)
	res, err := Blame(context.Background(), Options{Root: root, Path: "app.txt", Sessions: sessions})
	if err != nil {
		t.Fatal(err)
	}
	if w := who(res.Lines[7]); w != "uncommitted" {
		t.Errorf("line 8 changed by hand: %s", w)
	}
	if w := who(res.Lines[2]); w != "claude-code#2" {
		t.Errorf("line 3: %s", w)
	}
	var out bytes.Buffer
	WriteText(&out, res, true)
	if strings.Contains(out.String(), "\x1b") {
		t.Errorf("a control byte reached the terminal: %q", out.String())
	}
	plain := repotest.PlainDir(t, map[string]string{"app.txt": "one\n"})
	res, err = Blame(context.Background(), Options{Root: plain, Path: "app.txt", Sessions: []discover.SessionInfo{}})
	if err != nil || res.GitNote == "" || res.Lines[0].Note != NotWritten {
		t.Errorf("outside git: %v %+v", err, res)
	}
}

// One real transcript: Pi's session of Mario Zechner's writes
// packages/coding-agent/src/core/bash-executor.ts whole; in a folder
// holding that file as the write left it, every line is that call's.
func TestBlameRealPiWrite(t *testing.T) {
	tr := repotest.Transcript(t, "pi/badlogic-pi-mono/before-compaction.EXCERPT.jsonl")
	const rel = "packages/coding-agent/src/core/bash-executor.ts"
	b, err := os.ReadFile(tr)
	if err != nil {
		t.Fatal(err)
	}
	content := ""
	for _, ln := range strings.Split(string(b), "\n") {
		var rec struct {
			Message struct {
				Content []struct {
					Type      string `json:"type"`
					Name      string `json:"name"`
					Arguments struct {
						Path    string `json:"path"`
						Content string `json:"content"`
					} `json:"arguments"`
				} `json:"content"`
			} `json:"message"`
		}
		if json.Unmarshal([]byte(ln), &rec) != nil {
			continue
		}
		for _, c := range rec.Message.Content {
			if c.Name == "write" && strings.HasSuffix(c.Arguments.Path, rel) {
				content = c.Arguments.Content
			}
		}
	}
	if content == "" {
		t.Fatal("the excerpt has no write of " + rel)
	}
	root := repotest.PlainDir(t, map[string]string{rel: content})
	info, err := discover.InspectTranscript(context.Background(), tr)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Blame(context.Background(), Options{Root: root, Path: rel, Sessions: []discover.SessionInfo{info}})
	if err != nil {
		t.Fatal(err)
	}
	by := 0
	for _, l := range res.Lines {
		if l.Call != nil {
			by++
			if l.Call.Tool != "write" || l.Call.Agent != transcript.AgentPi {
				t.Errorf("line %d: %+v", l.N, l.Call)
			}
		}
	}
	if by != len(res.Lines) || by < 10 {
		t.Errorf("%d of %d lines attributed", by, len(res.Lines))
	}
}

// The pass before a replay: a transcript that does not name the file is
// not replayed, unless it starts subagents (their transcripts sit beside
// it) or the name is one JSON might escape.
func TestMentions(t *testing.T) {
	dir := t.TempDir()
	w := func(name, s string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	big := strings.Repeat("x", 3<<20)
	plain, sub, tail := w("a.jsonl", `{"file_path":"/r/app.txt"}`), w("b.jsonl", `{"agentId":"a1"}`), w("c.jsonl", big+"app.txt")
	for _, c := range []struct {
		p, name string
		want    bool
	}{{plain, "app.txt", true}, {plain, "other.txt", false}, {sub, "other.txt", true}, {tail, "app.txt", true}, {tail, "zzz", false}, {plain, "é.txt", true}} {
		if got := mentions(c.p, c.name); got != c.want {
			t.Errorf("mentions(%s, %s) = %v", filepath.Base(c.p), c.name, got)
		}
	}
}

// A line an edit wrote from a read the agent's context had lost to a
// compaction carries edit-after-compaction, in the rows and the JSON.
func TestBlameShowsEditAfterCompaction(t *testing.T) {
	before, after := "one\ntwo\nthree\n", "one\nTWO\nthree\n"
	root := repotest.GitRepo(t, map[string]string{"app.txt": before})
	repotest.WriteFiles(t, root, map[string]string{"app.txt": after})
	p := root + "/app.txt"
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": p}).
		Result("r1", numbered(before), false, map[string]any{"type": "text", "file": map[string]any{"filePath": p, "content": before, "numLines": 3, "startLine": 1, "totalLines": 3}}).
		Compact("the user wants two in capitals").
		Use("m2", "e1", "Edit", map[string]any{"file_path": p, "old_string": "two", "new_string": "TWO"}).
		Result("e1", "The file "+p+" has been updated.", false, map[string]any{"filePath": p, "oldString": "two", "newString": "TWO", "originalFile": before, "structuredPatch": []any{}})
	path := write(t, "cccccccc-1111-4111-8111-111111111111.jsonl", b.String())
	sessions := []discover.SessionInfo{{Agent: transcript.AgentClaude, Path: path, ID: "cccccccc-1111-4111-8111-111111111111", Cwd: root, Started: time.Date(2026, 1, 30, 18, 19, 0, 0, time.UTC)}}
	res, err := Blame(context.Background(), Options{Root: root, Path: "app.txt", Sessions: sessions})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Lines) != 3 || who(res.Lines[1]) != "claude-code#2 edit-after-compaction" {
		t.Fatalf("line 2: %+v", res.Lines)
	}
	var out bytes.Buffer
	if err := WriteText(&out, res, false); err != nil {
		t.Fatal(err)
	}
	if rows := strings.Split(out.String(), "\n"); !strings.Contains(rows[1], "edit-after-compaction") {
		t.Errorf("row 2 does not name the kind:\n%s", out.String())
	}
}
