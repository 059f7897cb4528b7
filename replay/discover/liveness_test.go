package discover

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Issue 21 item 5: a transcript whose last line has no newline. A last
// line that parses as JSON is a complete record; only one that does not
// is partial.

// repox sessions: a file not written for a while is done, whatever its
// last line; a live one is written recently and its last record is recent
// too (issue 39 item 5: a transcript copied today, months after its last
// record, is modified now but not live).
func TestSessionLivenessIsRecentWrites(t *testing.T) {
	home, repo := t.TempDir(), t.TempDir()
	now := time.Date(2026, 1, 30, 18, 19, 7, 0, time.UTC) // 5 s after the fixture's last record
	proj := filepath.Join(home, ".claude", "projects", claudeProjectName(repo))
	b := &replaytest.Claude{T: t, Cwd: repo}
	b.Use("m1", "a", "Read", map[string]any{"file_path": repo + "/a.go"}).Result("a", "     1→x", false, nil)
	whole := strings.TrimSuffix(b.String(), "\n")
	replaytest.Touch(t, filepath.Join(proj, "no-newline.jsonl"), whole, now.Add(-time.Hour))
	replaytest.Touch(t, filepath.Join(proj, "cut.jsonl"), whole[:len(whole)-5], now.Add(-time.Hour))
	replaytest.Touch(t, filepath.Join(proj, "recent.jsonl"), whole, now.Add(-5*time.Second))
	got, err := Discover(context.Background(), repo, Env{Home: home, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]SessionInfo{}
	for _, s := range got {
		by[filepath.Base(s.Path)] = s
	}
	if s := by["no-newline.jsonl"]; s.Live || s.Calls != 1 || s.Skipped != 0 {
		t.Errorf("an old file whose last line has no newline: %+v", s)
	}
	if s := by["cut.jsonl"]; s.Live || s.Skipped != 1 {
		t.Errorf("an old file whose last line is cut: %+v", s)
	}
	if s := by["recent.jsonl"]; !s.Live || s.LiveWhy != "last record 5s ago, modified 5s ago" {
		t.Errorf("a file written 5 s ago: %+v", s)
	}
	// the same file copied 90 days later: written now, its records months old
	later := now.Add(90 * 24 * time.Hour)
	replaytest.Touch(t, filepath.Join(proj, "copied.jsonl"), whole, later.Add(-5*time.Second))
	got, err = Discover(context.Background(), repo, Env{Home: home, Now: later})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range got {
		if filepath.Base(s.Path) == "copied.jsonl" && s.Live {
			t.Errorf("a transcript copied today whose last record is 90 days old is live: %+v", s)
		}
	}
}
