package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// OpenCode's sessions are not one file each (a database's rows, or a
// session file with its messages and parts beside it): the search finds
// their words with the index and without, and a message added to a
// storage session (its session file untouched) is found on the next
// search, not hidden by a stamp of the session file alone.
func TestGrepFindsOpenCodeSessions(t *testing.T) {
	h := newHome(t)
	data := filepath.Join(h.dir, ".local", "share", "opencode")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	replaytest.OpenCodeDB(t, filepath.Join(data, "opencode.db"), replaytest.OpenCodeSample(h.repo, "ses_db"))
	storage := filepath.Join(data, "storage")
	replaytest.OpenCodeStorage(t, storage, "p1", replaytest.OpenCodeSample(h.repo, "ses_st"))
	old := time.Now().Add(-time.Hour)
	filepath.Walk(data, func(p string, _ os.FileInfo, _ error) error { return os.Chtimes(p, old, old) })
	for _, cache := range []string{"off", t.TempDir()} {
		hits, notes := find(t, h, "tidy main.go", cache)
		sessions := map[string]bool{}
		for _, hit := range hits {
			sessions[hit.Session] = true
		}
		if !sessions["ses_db"] || !sessions["ses_st"] || strings.Contains(notes, "not searched") {
			t.Errorf("cache %s: hits in %v, want both OpenCode sessions; notes %q", cache, sessions, notes)
		}
	}
	// a new message in the storage session: its session file keeps its stamp
	cache := t.TempDir()
	find(t, h, "tidy", cache) // indexed
	s := replaytest.OpenCodeSample(h.repo, "ses_st")
	s.Messages = append(s.Messages, replaytest.OpenCodeMessage{ID: "msg_ses_st_99", Role: "user", Created: 1767323999000,
		Parts: []map[string]any{{"type": "text", "text": "now rename zebracorn everywhere"}}})
	session := filepath.Join(storage, "session", "p1", "ses_st.json")
	st, err := os.Stat(session)
	if err != nil {
		t.Fatal(err)
	}
	replaytest.OpenCodeStorage(t, storage, "p1", s)
	os.Chtimes(session, st.ModTime(), st.ModTime())
	later := time.Now().Add(-30 * time.Minute) // past the index's racy margin
	filepath.Walk(filepath.Join(storage, "message"), func(p string, _ os.FileInfo, _ error) error { return os.Chtimes(p, later, later) })
	filepath.Walk(filepath.Join(storage, "part"), func(p string, _ os.FileInfo, _ error) error { return os.Chtimes(p, later, later) })
	if hits, notes := find(t, h, "zebracorn", cache); len(hits) != 1 || hits[0].Session != "ses_st" {
		t.Errorf("the added message was not found: %+v, notes %q", hits, notes)
	}
}
