package transcript

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Live is judged from the records' own times, and where they have none
// from growth seen while following; a file's mtime is no input at all
// (issue 39 item 5).
func TestLiveFromRecordsNotMtime(t *testing.T) {
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	var zero time.Time
	for _, tc := range []struct {
		name         string
		record, grew time.Time
		live         bool
		why          string
	}{
		{"a record a minute ago", now.Add(-time.Minute), zero, true, "last record 1m0s ago"},
		{"a record months old (a transcript copied today)", now.Add(-300 * 24 * time.Hour), zero, false, ""},
		{"a record just past the bound", now.Add(-LiveRecordWithin), zero, false, ""},
		{"a record an hour ahead (another clock, or forged)", now.Add(time.Hour), zero, false, ""},
		{"a record seconds ahead", now.Add(2 * time.Second), zero, true, "last record 0s ago"},
		{"old records, growing: the records decide", now.Add(-48 * time.Hour), now.Add(-time.Second), false, ""},
		{"no times, never seen growing", zero, zero, false, ""},
		{"no times, grew 5 s ago while followed", zero, now.Add(-5 * time.Second), true, "grew 5s ago while followed (its records have no times)"},
		{"no times, grew long ago", zero, now.Add(-LiveGrowthWithin), false, ""},
	} {
		live, why := Live(now, tc.record, tc.grew)
		if live != tc.live || why != tc.why {
			t.Errorf("%s: live %v %q, want %v %q", tc.name, live, why, tc.live, tc.why)
		}
	}
}

// The follower says when the file grew while followed: not for what was
// there when it started, and for a line appended later even when no call
// becomes complete (a transcript without record times has no other sign).
func TestFollowSaysTheFileGrew(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Use("m1", "a", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go"}).Result("a", "     1→first", false, nil)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f, err := Follow(ctx, path, FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if u := anyUpdate(t, f); u.Grew || len(u.Calls) != 1 {
		t.Fatalf("the file as it was found is no growth: %+v", u)
	}
	select {
	case u := <-f.Updates():
		t.Fatalf("an update with nothing appended: %+v", u)
	case <-time.After(400 * time.Millisecond): // the poll is 150 ms: it looked again
	}
	replaytest.AppendFile(t, path, replaytest.ClaudeTalkLine(t, replaytest.Cwd, "user", "and now the tests", nil))
	if u := anyUpdate(t, f); !u.Grew || len(u.Calls) != 0 {
		t.Fatalf("a prompt appended while followed: %+v", u)
	}
}

// anyUpdate is the follower's next Update, with or without calls.
func anyUpdate(t *testing.T, f *Follower) Update {
	t.Helper()
	select {
	case u, ok := <-f.Updates():
		if !ok {
			t.Fatalf("follower stopped: %v", f.Err())
		}
		return u
	case <-time.After(20 * time.Second):
		t.Fatal("no update")
	}
	return Update{}
}
