package replay

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Issue 21 item 5: a transcript whose last line has no newline. A last
// line that parses as JSON is a complete record; only one that does not
// is partial.

func noFinalNewline(t *testing.T) (all string) {
	b := &cc{t: t, cwd: cwd}
	b.use("m1", "a", "Read", map[string]any{"file_path": cwd + "/a.go"}).result("a", "     1→first", false, nil).
		use("m2", "b", "Grep", map[string]any{"pattern": "needle"}).result("b", "a.go:1: needle", false, nil)
	return strings.TrimSuffix(b.String(), "\n")
}

func TestReaderKeepsALastLineWithoutNewline(t *testing.T) {
	calls, st := readAllString(t, noFinalNewline(t))
	if len(calls) != 2 || calls[1].AgentTool != "Grep" || calls[1].Text != "a.go:1: needle" || calls[1].NoResult {
		t.Fatalf("calls %+v", calls)
	}
	if st.Partial || st.Skipped != 0 || st.Lines != 4 {
		t.Errorf("stats %+v: want 4 lines, none skipped, not partial", st)
	}
	// a last line cut inside its JSON is still partial, and not decoded
	all := noFinalNewline(t)
	calls, st = readAllString(t, all[:len(all)-3])
	if len(calls) != 2 || !calls[1].NoResult || !st.Partial || st.Skipped != 1 {
		t.Errorf("a cut last line: calls %+v stats %+v", calls, st)
	}
}

// The follower takes the last line at once; the newline written after it
// later ends that line and does not count one more.
func TestFollowKeepsALastLineWithoutNewline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, []byte(noFinalNewline(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &Follower{path: path}
	tl := &tail{rd: newFollowReader(path), buf: make([]byte, 64)}
	var got []Call
	for more := true; more; {
		u, m, err := f.readMore(tl)
		if err != nil {
			t.Fatal(err)
		}
		got, more = append(got, u.Calls...), m
		if !more && u.Stats.Partial {
			t.Errorf("a last line that parses as JSON is reported partial: %+v", u.Stats)
		}
	}
	if len(got) != 2 || got[1].AgentTool != "Grep" || got[1].Text != "a.go:1: needle" {
		t.Fatalf("calls %+v: the last line (the Grep's result) was not taken", got)
	}
	appendFile(t, path, "\n")
	b := &cc{t: t, cwd: cwd, n: 10}
	b.use("m3", "c", "Glob", map[string]any{"pattern": "*"}).result("c", "a.go", false, nil)
	appendFile(t, path, b.String())
	u, _, err := f.readMore(tl)
	if err != nil || len(u.Calls) != 1 || u.Calls[0].AgentTool != "Glob" || u.Calls[0].Seq != 3 || u.Stats.Lines != 6 || u.Stats.Skipped != 0 {
		t.Fatalf("after the newline and one more call: %+v %v", u, err)
	}
}

// repox sessions: a file not written for a while is done, whatever its
// last line; a live one is written recently and its last record is recent
// too (issue 39 item 5: a transcript copied today, months after its last
// record, is modified now but not live).
func TestSessionLivenessIsRecentWrites(t *testing.T) {
	home, repo := t.TempDir(), t.TempDir()
	now := time.Date(2026, 1, 30, 18, 19, 7, 0, time.UTC) // 5 s after the fixture's last record
	proj := filepath.Join(home, ".claude", "projects", claudeProjectName(repo))
	b := &cc{t: t, cwd: repo}
	b.use("m1", "a", "Read", map[string]any{"file_path": repo + "/a.go"}).result("a", "     1→x", false, nil)
	whole := strings.TrimSuffix(b.String(), "\n")
	touch(t, filepath.Join(proj, "no-newline.jsonl"), whole, now.Add(-time.Hour))
	touch(t, filepath.Join(proj, "cut.jsonl"), whole[:len(whole)-5], now.Add(-time.Hour))
	touch(t, filepath.Join(proj, "recent.jsonl"), whole, now.Add(-5*time.Second))
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
	touch(t, filepath.Join(proj, "copied.jsonl"), whole, later.Add(-5*time.Second))
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
