package sessions

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// claudeInterrupted is a Claude Code session in dir: Read, Bash (its
// tool_use never answered: the person interrupted it), Read, Read.
func claudeInterrupted(t *testing.T, dir string) string {
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

// The pane goes on past a call that has no result and says so in its row.
func TestSessionsInterruptedCallListsTheRest(t *testing.T) {
	dir := fixtureRepo(t)
	m := newTestModel(t, dir, 140, 40)
	t.Cleanup(m.Shutdown)
	m.sessions = New(m.common, fakeEnv(t.TempDir()))
	m.cfg.Transcript = claudeInterrupted(t, dir)
	drive(t, m, m.Init(), settled(m, 4))
	p := m.sessions
	if len(p.calls) != 4 {
		t.Fatalf("%d calls listed, want 4", len(p.calls))
	}
	got := ansi.Strip(p.View(140, 38, true))
	var bash string
	for _, l := range strings.Split(got, "\n") {
		if strings.Contains(l, "#2 ") {
			bash = l
		}
	}
	if !strings.Contains(bash, "Bash") || !strings.Contains(bash, "no result (interrupted?)") {
		t.Errorf("the Bash row does not say it has no result: %q\n%s", bash, got)
	}
	if strings.Count(got, "no result (interrupted?)") != 1 || !strings.Contains(got, "4 calls") {
		t.Errorf("want 4 calls and only the Bash one marked:\n%s", got)
	}
}
