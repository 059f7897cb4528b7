package sessions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// A file of an agent repox does not read is refused by the pane as the
// report refuses it, whether it is finished (the first pass refuses it)
// or still being written (the follower's first update does): never
// followed at "no calls yet" as another agent's.
func TestSessionsRefuseForeignTranscripts(t *testing.T) {
	events := `{"type":"session_start","id":"d-1","title":"read README.md","owner":"u","version":2,"cwd":"/home/u/proj"}
{"type":"message","id":"m1","timestamp":"2026-01-02T03:04:06.000Z","message":{"role":"user","content":[{"type":"text","text":"read README.md"}]}}
`
	want := `a Factory Droid session (line 1 is a "session_start" record with "id"): not a transcript repox reads`
	for _, finished := range []bool{true, false} {
		p := filepath.Join(t.TempDir(), "d-1.jsonl")
		if err := os.WriteFile(p, []byte(events), 0o644); err != nil {
			t.Fatal(err)
		}
		if finished {
			old := time.Now().Add(-time.Hour)
			os.Chtimes(p, old, old)
		}
		m := sessionsModel(t, 160, 30, p, "")
		drive(t, m, m.Init(), func() bool { return m.sessions.runErr != "" })
		if got := m.sessions.runErr; !strings.HasPrefix(got, want) {
			t.Errorf("finished %v: %q, want %q", finished, got, want)
		}
		if r := ansi.Strip(m.Render()); !strings.Contains(r, "could not follow") || !strings.Contains(r, "not followed") || strings.Contains(r, "no calls yet") {
			t.Errorf("finished %v: the pane shows\n%s", finished, r)
		}
	}
}
