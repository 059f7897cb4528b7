package search

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/discover"
)

// ageFolders sets every folder under root an hour back, as folders look
// between two searches.
func ageFolders(t *testing.T, root string) {
	at := time.Now().Add(-time.Hour)
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chtimes(p, at, at)
		}
		return nil
	})
}

// The index keeps what discovery answered and runs it again only when a
// watched folder or a listed repox log changed; a changed transcript is
// summarised alone; a new one beside the others is found.
func TestDiscoveryIsKeptWhileNothingChanged(t *testing.T) {
	h := newHome(t)
	twoSessions(t, h)
	ageFolders(t, h.dir)
	cache := t.TempDir()
	runs := 0
	runDiscovery = func(ctx context.Context, abs string, env discover.Env) ([]discover.SessionInfo, []string, error) {
		runs++
		return discoverAll(ctx, abs, env)
	}
	t.Cleanup(func() { runDiscovery = discoverAll })
	search := func(q string, wantHits, wantRuns int) {
		t.Helper()
		hits, notes := find(t, h, q, cache)
		if len(hits) != wantHits || runs != wantRuns || notes != "" {
			t.Fatalf("%q: %d hits (want %d), %d discoveries (want %d), notes %q", q, len(hits), wantHits, runs, wantRuns, notes)
		}
	}
	search("timeout", 3, 1)
	search("timeout", 3, 1) // kept
	// a transcript grows: summarised alone, its new words found
	p := filepath.Join(h.claudeDir(), "cc-session-1.jsonl")
	b, _ := os.ReadFile(p)
	h.write(p, string(b)+newCC(t, h.repo, "cc-session-1", time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)).prompt("one more timeout").String(), time.Hour)
	search("timeout", 4, 1)
	// a new transcript beside it: the folder changed, discovery runs
	h.write(filepath.Join(h.claudeDir(), "cc-new.jsonl"), newCC(t, h.repo, "cc-new", time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)).prompt("timeout again").String(), time.Hour)
	os.Chtimes(h.claudeDir(), time.Now().Add(-time.Minute), time.Now().Add(-time.Minute))
	search("timeout", 5, 2)
	search("timeout", 5, 2)
	// Codex writes a new day's folder: the month's folder changed
	month := filepath.Join(h.dir, ".codex", "sessions", "2026", "12")
	x := (&cx{t: t}).line("session_meta", map[string]any{"id": "cx-3", "cwd": h.repo}).prompt("timeout on the 2nd")
	h.write(filepath.Join(month, "02", "rollout-3.jsonl"), x.sb.String(), time.Hour)
	os.Chtimes(month, time.Now().Add(-time.Minute), time.Now().Add(-time.Minute))
	os.Chtimes(filepath.Join(month, "02"), time.Now().Add(-time.Minute), time.Now().Add(-time.Minute))
	search("timeout", 6, 3)
	// a transcript removed: its folder changed
	os.Remove(filepath.Join(month, "02", "rollout-3.jsonl"))
	os.Chtimes(filepath.Join(month, "02"), time.Now().Add(-time.Minute), time.Now().Add(-time.Minute))
	search("timeout", 5, 4)
}
