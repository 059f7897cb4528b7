package sessions

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
)

// bigLog writes a repox call log of about size bytes: full reads of a
// 200-line file, each record holding the text and the structured result,
// as `repox mcp --log` writes them.
func bigLog(t testing.TB, size int) (path string, calls int) {
	t.Helper()
	var content strings.Builder
	for i := 1; i <= 200; i++ {
		fmt.Fprintf(&content, "\tline %d of some Go source with a little text in it\n", i)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"big.go": content.String()})
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	rec, _ := repo.NewSession().CallRecorded(t.Context(), "repo_read_file", []byte(`{"path":"big.go"}`))
	rec.Session = "s1"
	var b strings.Builder
	for b.Len() < size {
		rec.Time = panetest.AgentT0.Add(time.Duration(calls) * time.Millisecond)
		line, err := repoops.MarshalCallRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		calls++
	}
	path = filepath.Join(t.TempDir(), "calls.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, calls
}

// The pane shows the first calls of a long log before the follower has
// read the rest: the first update is one batch, not the whole file.
func TestSessionsShowTheFirstBatchFirst(t *testing.T) {
	log, total := bigLog(t, 3<<20)
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), func() bool { return m.sessions != nil && len(m.sessions.calls) > 0 })
	if n := len(m.sessions.calls); n >= total {
		t.Fatalf("the pane showed its first calls only once all %d were read (%d)", total, n)
	}
	if out := ansi.Strip(m.Render()); !strings.Contains(out, "repo_read_file") {
		t.Errorf("the first call is not on screen:\n%s", out)
	}
	drive(t, m, nil, func() bool { return len(m.sessions.calls) == total })
}

// BenchmarkSessionsFirstCall10MB: `repox replay FILE` on a 10 MB log,
// from opening the pane to its first call in the list (what the person
// waits for; the replay of the calls goes on after).
func BenchmarkSessionsFirstCall10MB(b *testing.B) {
	log, _ := bigLog(b, 10<<20)
	dir := panetest.FixtureRepo(b)
	for b.Loop() {
		b.StopTimer()
		m := newTestModel(b, dir, 100, 30)
		m.sessions = New(m.common, panetest.FakeEnv(b.TempDir()))
		m.cfg.Transcript, m.cfg.TranscriptSession = log, "s1"
		b.StartTimer()
		drive(b, m, m.Init(), func() bool { return len(m.sessions.calls) > 0 })
		b.StopTimer()
		m.Shutdown()
		b.StartTimer()
	}
}
