package discover

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Issue 21 item 5: a transcript whose last line has no newline. A last
// line that parses as JSON is a complete record; only one that does not
// is partial.

// repox sessions: a session is live by its records' times (issue 39 item
// 5), whatever its last line and whatever the file's mtime: one whose last
// record is old is done even when its last line has no newline, or is
// cut, or the file was written a second ago (a transcript copied today,
// months after its last record).
func TestSessionLivenessIsRecentRecords(t *testing.T) {
	home, repo := t.TempDir(), t.TempDir()
	now := time.Date(2026, 1, 30, 18, 19, 7, 0, time.UTC) // 5 s after the fixture's last record
	proj := filepath.Join(home, ".claude", "projects", claudeProjectName(repo))
	b := &replaytest.Claude{T: t, Cwd: repo}
	b.Use("m1", "a", "Read", map[string]any{"file_path": repo + "/a.go"}).Result("a", "     1→x", false, nil)
	whole := strings.TrimSuffix(b.String(), "\n")
	replaytest.Touch(t, filepath.Join(proj, "recent.jsonl"), whole, now.Add(-5*time.Second))
	got, err := Discover(context.Background(), repo, Env{Home: home, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]SessionInfo{}
	for _, s := range got {
		by[filepath.Base(s.Path)] = s
	}
	if s := by["recent.jsonl"]; !s.Live || s.LiveWhy != "last record 5s ago" {
		t.Errorf("a file written 5 s ago: %+v", s)
	}
	// the same file 90 days later, copied now (and two copies whose last
	// line has no newline, or is cut): written now, its records months old
	later := now.Add(90 * 24 * time.Hour)
	replaytest.Touch(t, filepath.Join(proj, "copied.jsonl"), whole, later.Add(-time.Second))
	replaytest.Touch(t, filepath.Join(proj, "no-newline.jsonl"), whole, later.Add(-time.Second))
	replaytest.Touch(t, filepath.Join(proj, "cut.jsonl"), whole[:len(whole)-5], later.Add(-time.Second))
	got, err = Discover(context.Background(), repo, Env{Home: home, Now: later})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 {
		t.Fatalf("listed %d sessions, want 4: %+v", len(got), got)
	}
	for _, s := range got {
		if s.Live {
			t.Errorf("%s: a transcript written now whose last record is 90 days old is live: %+v", filepath.Base(s.Path), s)
		}
	}
}

// A transcript whose records have no times (a Cursor CLI chat) is never
// live by its mtime: only a face that follows it sees it grow.
func TestSessionWithoutRecordTimesIsNotLiveByMtime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c1.jsonl")
	body := `{"role":"user","message":{"content":[{"type":"text","text":"<user_query>read a.go</user_query>"}]}}
{"role":"assistant","message":{"content":[{"type":"tool_use","name":"Read","input":{"path":"a.go"}}]}}
`
	replaytest.Touch(t, path, body, time.Now()) // written this instant
	s, err := InspectTranscript(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Agent != "cursor" || s.Calls != 1 || !s.LastRecord().IsZero() {
		t.Fatalf("not read as a Cursor chat without times: %+v", s)
	}
	if s.Live {
		t.Errorf("a transcript without record times is live by its mtime alone: %+v", s)
	}
}

// repox sessions prints the same judgment: a transcript copied a second
// ago whose records are 90 days old is done, one whose last record is a
// minute old is live, in the text and in --json.
func TestListSessionsLiveByRecords(t *testing.T) {
	home, repo := t.TempDir(), t.TempDir()
	rec := time.Date(2026, 1, 30, 18, 19, 2, 0, time.UTC) // the fixture's last record
	proj := filepath.Join(home, ".claude", "projects", claudeProjectName(repo))
	b := &replaytest.Claude{T: t, Cwd: repo}
	b.Use("m1", "a", "Read", map[string]any{"file_path": repo + "/a.go"}).Result("a", "     1→x", false, nil)
	for _, tc := range []struct {
		now  time.Time
		want string
	}{{rec.Add(90 * 24 * time.Hour), "done"}, {rec.Add(time.Minute), "live"}} {
		replaytest.Touch(t, filepath.Join(proj, "s.jsonl"), b.String(), tc.now.Add(-time.Second)) // written a second ago
		var out, js strings.Builder
		env := Env{Home: home, Now: tc.now}
		if err := ListSessions(context.Background(), SessionsOptions{Dir: repo}, &out, io.Discard, env); err != nil {
			t.Fatal(err)
		}
		if err := ListSessions(context.Background(), SessionsOptions{Dir: repo, JSON: true}, &js, io.Discard, env); err != nil {
			t.Fatal(err)
		}
		row := strings.Split(out.String(), "\n")[3]
		if !strings.Contains(row, "  "+tc.want+"  ") || strings.Contains(js.String(), `"live":true`) != (tc.want == "live") {
			t.Errorf("at %s: want %s:\n%s\n%s", tc.now, tc.want, out.String(), js.String())
		}
	}
}
