//go:build unix

package transcript

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

func TestFollowRefusesAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "session.jsonl")
	replaytest.Mkfifo(t, fifo)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var err error
	replaytest.Guard(t, "Follow", func() { _, err = Follow(ctx, fifo, FollowOptions{}) })
	if err == nil || !strings.Contains(err.Error(), "FIFO") {
		t.Errorf("Follow of a FIFO: %v", err)
	}
}

// A FIFO renamed over the followed file is never opened; a regular file
// renamed over it later is followed from its start.
func TestFollowSurvivesAFIFORenamedOver(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "session.jsonl")
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Use("m1", "a", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go"}).Result("a", "     1→first", false, nil)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f, err := Follow(ctx, path, FollowOptions{Poll: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if u := next(t, f); len(u.Calls) != 1 {
		t.Fatalf("first update: %+v", u)
	}
	fifo := filepath.Join(dir, "fifo")
	replaytest.Mkfifo(t, fifo)
	if err := os.Rename(fifo, path); err != nil {
		t.Fatal(err)
	}
	var u Update
	replaytest.Guard(t, "following after a FIFO was renamed over the file", func() { u = next(t, f) })
	if !u.Reset || len(u.Calls) != 0 || !strings.Contains(u.Stats.LastSkip, "FIFO") {
		t.Fatalf("after the FIFO: %+v", u)
	}
	b2 := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b2.Use("m1", "x", "Glob", map[string]any{"pattern": "*"}).Result("x", "a.go", false, nil).
		Use("m2", "y", "Grep", map[string]any{"pattern": "z"}).Result("y", "", false, nil)
	tmp := filepath.Join(dir, "new")
	if err := os.WriteFile(tmp, []byte(b2.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	replaytest.Guard(t, "following after a regular file came back", func() { u = next(t, f) })
	if len(u.Calls) != 2 || u.Calls[0].Seq != 1 || u.Calls[0].AgentTool != "Glob" {
		t.Fatalf("after the regular file came back: %+v", u)
	}
}
