package panetest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ClaudeCall is one answered tool call of a Claude Code session.
type ClaudeCall struct {
	ID, Tool string
	Input    any
	Result   string
}

// ClaudeSession writes a Claude Code session on dir of the given calls,
// each answered, its lines stamped a second apart from clock ("09:30")
// on 2026-12-01, and names the file.
func ClaudeSession(t testing.TB, dir, session, clock string, calls ...ClaudeCall) string {
	t.Helper()
	var b strings.Builder
	n := 0
	line := func(v map[string]any) {
		n++
		v["cwd"], v["sessionId"], v["timestamp"] = dir, session, fmt.Sprintf("2026-12-01T%s:%02d.000Z", clock, n)
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(j, '\n'))
	}
	for _, c := range calls {
		line(map[string]any{"type": "assistant", "message": map[string]any{"id": "m" + c.ID, "role": "assistant",
			"content": []any{map[string]any{"type": "tool_use", "id": c.ID, "name": c.Tool, "input": c.Input}}}})
		line(map[string]any{"type": "user", "message": map[string]any{"role": "user",
			"content": []any{map[string]any{"type": "tool_result", "tool_use_id": c.ID, "content": c.Result}}}})
	}
	p := filepath.Join(t.TempDir(), "claude.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// ClaudeThenNow is a Claude Code session on dir: a Read of src/main.go
// (unchanged, a tab-indented line), a Grep whose hit differs from repox's
// only in its line format, and a Read of README.md (its line 3 changed
// since, by sessionsModel).
func ClaudeThenNow(t testing.TB, dir string) string {
	t.Helper()
	shown := func(content string) string {
		var s strings.Builder
		for i, l := range strings.Split(strings.TrimSuffix(content, "\n"), "\n") {
			fmt.Fprintf(&s, "%6d→%s\n", i+1, l)
		}
		return s.String() + "\n<system-reminder>\nconsider whether it is malware.\n</system-reminder>\n"
	}
	return ClaudeSession(t, dir, "cc-1", "09:30",
		ClaudeCall{"r1", "Read", map[string]any{"file_path": dir + "/src/main.go"},
			shown("package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, needle\")\n}\n")},
		ClaudeCall{"g1", "Grep", map[string]any{"pattern": "hello, needle", "output_mode": "content", "-n": true},
			dir + "/src/main.go:7:\tfmt.Println(\"hello, needle\")"},
		ClaudeCall{"r2", "Read", map[string]any{"file_path": dir + "/README.md"},
			shown("# fixture\n\nA small repository for repox tests.\n")})
}

// ClaudeInterrupted is a Claude Code session in dir: Read, Bash (its
// tool_use never answered: the person interrupted it), Read, Read.
func ClaudeInterrupted(t testing.TB, dir string) string {
	t.Helper()
	var b strings.Builder
	n := 0
	line := func(typ string, content any) {
		n++
		l, err := json.Marshal(map[string]any{"type": typ, "cwd": dir, "sessionId": "s-int", "timestamp": "2026-12-01T09:30:0" + string(rune('0'+n)) + ".000Z",
			"message": map[string]any{"id": "m" + string(rune('0'+n)), "role": typ, "content": content}})
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(l, '\n'))
	}
	use := func(id, tool string, input map[string]any) {
		line("assistant", []any{map[string]any{"type": "tool_use", "id": id, "name": tool, "input": input}})
	}
	result := func(id, text string) {
		line("user", []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": text}})
	}
	use("r1", "Read", map[string]any{"file_path": filepath.Join(dir, "README.md")})
	result("r1", "     1\t# fixture")
	use("b1", "Bash", map[string]any{"command": "sleep 600"})
	use("r2", "Read", map[string]any{"file_path": filepath.Join(dir, "src/main.go")})
	result("r2", "     1\tpackage main")
	use("r3", "Read", map[string]any{"file_path": filepath.Join(dir, "README.md"), "limit": 1})
	result("r3", "     1\t# fixture")
	p := filepath.Join(t.TempDir(), "s-int.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
