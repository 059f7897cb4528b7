//go:build unix

package discover

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/replay/transcript"
)

func TestDiscoverPassesOverFIFOsAndDevices(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	home, repo := t.TempDir(), t.TempDir()
	now := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	proj := filepath.Join(home, ".claude", "projects", claudeProjectName(repo))
	b := &replaytest.Claude{T: t, Cwd: repo}
	b.Use("m1", "a", "Read", map[string]any{"file_path": repo + "/a.go"}).Result("a", "     1→x", false, nil).
		Use("m2", "t", "Task", map[string]any{"prompt": "p"}).Result("t", "done", false, map[string]any{"agentId": "f"}) // its subagent's file is a FIFO
	replaytest.Touch(t, filepath.Join(proj, "good.jsonl"), b.String(), now.Add(-time.Hour))
	replaytest.Mkfifo(t, filepath.Join(proj, "fifo.jsonl"))
	replaytest.Symlink(t, "/dev/zero", filepath.Join(proj, "zero.jsonl"))
	replaytest.Mkfifo(t, filepath.Join(proj, "good", "subagents", "agent-f.jsonl"))
	day := filepath.Join(home, ".codex", "sessions", "2026", "01", "31")
	replaytest.Mkfifo(t, filepath.Join(day, "rollout-fifo.jsonl"))
	replaytest.Symlink(t, "/dev/zero", filepath.Join(day, "rollout-zero.jsonl"))
	replaytest.Mkfifo(t, filepath.Join(home, ".local", "state", "repox", "mcp.jsonl")) // the state log

	var got Discovery
	var err error
	replaytest.Guard(t, "Discover", func() { got, err = DiscoverAll(context.Background(), repo, Env{Home: home, Now: now}) })
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Sessions) != 1 || filepath.Base(got.Sessions[0].Path) != "good.jsonl" || got.Sessions[0].Calls != 2 {
		t.Errorf("sessions: %+v", got.Sessions)
	}
	passed := strings.Join(got.Passed, "\n")
	for _, want := range []string{"fifo.jsonl was not read: a FIFO (named pipe), not a regular file",
		"zero.jsonl was not read: a symbolic link",
		"rollout-fifo.jsonl was not read: a FIFO", "rollout-zero.jsonl was not read: a symbolic link",
		"mcp.jsonl was not read: a FIFO"} {
		if !strings.Contains(passed, want) {
			t.Errorf("what was passed over does not say %q:\n%s", want, passed)
		}
	}
	// repox sessions says it too, on stderr
	var out, errOut bytes.Buffer
	replaytest.Guard(t, "repox sessions", func() {
		ListSessions(context.Background(), SessionsOptions{Dir: repo}, &out, &errOut, Env{Home: home, Now: now})
	})
	if !strings.Contains(errOut.String(), "repox sessions: ") || !strings.Contains(errOut.String(), "fifo.jsonl was not read: a FIFO") {
		t.Errorf("repox sessions' stderr:\n%s", errOut.String())
	}
}

// inspect itself checks the file it opened, not the name: a FIFO that
// took a regular file's place after the folder was listed is not waited on.
func TestInspectRefusesAFIFOByItsOpenFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "s.jsonl")
	replaytest.Mkfifo(t, fifo)
	var err error
	replaytest.Guard(t, "inspect", func() { _, err = inspect(context.Background(), transcript.AgentClaude, fifo, time.Now()) })
	if err == nil || !strings.Contains(err.Error(), "FIFO") {
		t.Errorf("inspect of a FIFO: %v", err)
	}
	replaytest.Guard(t, "inspectRepoxLog", func() { _, err = inspectRepoxLog(context.Background(), fifo, time.Now()) })
	if err == nil || !strings.Contains(err.Error(), "FIFO") {
		t.Errorf("inspectRepoxLog of a FIFO: %v", err)
	}
}
