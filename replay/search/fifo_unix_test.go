//go:build unix

package search

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO among the transcripts, or where the index goes, never blocks a
// search: the first is passed over (replay's discovery opens without
// blocking), the second removed unopened and the index made anew.
func TestFIFOsDoNotHang(t *testing.T) {
	h := newHome(t)
	twoSessions(t, h)
	cache := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(h.claudeDir(), "fifo.jsonl"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := syscall.Mkfifo(filepath.Join(cache, IndexName), 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		hits, notes := find(t, h, "timeout", cache)
		if len(hits) != 3 || !strings.Contains(notes, "fifo.jsonl") || !strings.Contains(notes, "was a special file, not a regular file: made anew") {
			t.Errorf("hits %d, notes %q", len(hits), notes)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the search hung on a FIFO")
	}
}
