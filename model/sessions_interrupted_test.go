package model

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/repoops"
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

// The same through the real program (teatest), as `repox replay FILE`
// runs it: all four calls come and are replayed, the cursor follows the
// newest past the unanswered Bash, and the final frame marks only it.
func TestSessionsInterruptedFlow(t *testing.T) {
	dir := fixtureRepo(t)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	m := New(context.Background(), repo, Config{Name: "fixture", Transcript: claudeInterrupted(t, dir)})
	defer m.Shutdown()
	w := &watched{Model: m}
	tm := teatest.NewTestModel(t, w, teatest.WithInitialTermSize(140, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII)))
	out := tm.Output()
	deadline := time.Now().Add(20 * time.Second)
	var state string
	for state, _ = w.state.Load().(string); !strings.HasPrefix(state, "4/3/4/") && time.Now().Before(deadline); state, _ = w.state.Load().(string) {
		io.Copy(io.Discard, out) // keep the program's output flowing
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.HasPrefix(state, "4/3/4/") {
		t.Fatalf("state %q, want 4 calls, the cursor on the 4th, 4 replayed", state)
	}
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*watched)
	frame := ansi.Strip(fm.Render())
	if strings.Count(frame, "no result (interrupted?)") != 1 || !strings.Contains(frame, "4 calls") {
		t.Errorf("the final frame should list 4 calls with only the Bash one unanswered:\n%s", frame)
	}
}
