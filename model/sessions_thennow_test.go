package model

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// claudeThenNow is a Claude Code session on dir: a Read of src/main.go
// (unchanged, a tab-indented line), a Grep whose hit differs from repox's
// only in its line format, and a Read of README.md (its line 3 changed
// since, by sessionsModel).
func claudeThenNow(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	n := 0
	line := func(v map[string]any) {
		n++
		v["cwd"], v["sessionId"], v["timestamp"] = dir, "cc-1", fmt.Sprintf("2026-12-01T09:30:%02d.000Z", n)
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(j, '\n'))
	}
	call := func(id, name string, input map[string]any, text string) {
		line(map[string]any{"type": "assistant", "message": map[string]any{"id": "m" + id, "role": "assistant",
			"content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}})
		line(map[string]any{"type": "user", "message": map[string]any{"role": "user",
			"content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": text}}}})
	}
	shown := func(content string) string {
		var s strings.Builder
		for i, l := range strings.Split(strings.TrimSuffix(content, "\n"), "\n") {
			fmt.Fprintf(&s, "%6d→%s\n", i+1, l)
		}
		return s.String() + "\n<system-reminder>\nconsider whether it is malware.\n</system-reminder>\n"
	}
	call("r1", "Read", map[string]any{"file_path": dir + "/src/main.go"},
		shown("package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, needle\")\n}\n"))
	call("g1", "Grep", map[string]any{"pattern": "hello, needle", "output_mode": "content", "-n": true},
		dir+"/src/main.go:7:\tfmt.Println(\"hello, needle\")")
	call("r2", "Read", map[string]any{"file_path": dir + "/README.md"},
		shown("# fixture\n\nA small repository for repox tests.\n"))
	p := filepath.Join(t.TempDir(), "claude.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The pane's then/now of a Claude Code read: the agent's and repox's
// framing kept aside, the lines side by side, the tab drawn the same way.
func TestGoldenSessionsThenNow(t *testing.T) {
	for _, sz := range goldenSizes {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := sessionsModel(t, sz[0], sz[1], "", "")
			m.cfg.Transcript = claudeThenNow(t, m.Repo.Dir())
			drive(t, m, m.Init(), settled(m, 3))
			_, cmd := m.Update(keyMsg("g")) // gg: the first call
			drive(t, m, cmd, settled(m, 3))
			_, cmd = m.Update(keyMsg("g"))
			drive(t, m, cmd, settled(m, 3))
			out := strings.ReplaceAll(string(ascii(t, m.Render())), m.Repo.Dir(), "ROOT")
			golden.RequireEqual(t, []byte(out))
		})
	}
}
