//go:build unix

package transcript

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
)

// Hostile databases: a FIFO is refused without blocking, a link refused
// where discovery found it, a corrupt file and an absent session refused
// with a sentence; a database another connection is writing is read,
// never written: its bytes are the same after.
func TestOpenCodeDatabaseRefusals(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo", "opencode.db")
	os.MkdirAll(filepath.Dir(fifo), 0o755)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	var err error
	replaytest.Guard(t, "open a FIFO", func() { _, _, err = OpenSession(fifo+"#ses_1", false) })
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("FIFO: %v", err)
	}
	corrupt := filepath.Join(dir, "bad", "opencode.db")
	os.MkdirAll(filepath.Dir(corrupt), 0o755)
	os.WriteFile(corrupt, bytes.Repeat([]byte("not sqlite "), 1000), 0o644)
	if _, _, err = OpenSession(corrupt+"#ses_1", false); err == nil || !strings.Contains(err.Error(), "is not an OpenCode database repox can read") {
		t.Errorf("corrupt: %v", err)
	}
	good := filepath.Join(dir, "good", "opencode.db")
	os.MkdirAll(filepath.Dir(good), 0o755)
	replaytest.OpenCodeDB(t, good, replaytest.OpenCodeSample("/p", "ses_1"))
	link := filepath.Join(dir, "link", "opencode.db")
	os.MkdirAll(filepath.Dir(link), 0o755)
	os.Symlink(good, link)
	if _, _, err = OpenSession(link+"#ses_1", false); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("link: %v", err)
	}
	if _, err = OpenTranscript(good + "#ses_none"); err == nil || !strings.Contains(err.Error(), "holds no session") {
		t.Errorf("absent session: %v", err)
	}
	// another connection holds a write transaction: the read still goes
	w, err := sql.Open("sqlite", good)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.SetMaxOpenConns(1)
	if _, err := w.Exec("BEGIN IMMEDIATE; UPDATE session SET title = 'changing' WHERE id = 'ses_1'"); err != nil {
		t.Fatal(err)
	}
	before := fileSum(t, good)
	calls, rd := readKey(t, good+"#ses_1")
	if len(calls) != 12 || rd.Stats().Format != AgentOpenCode {
		t.Errorf("read while written: %d calls, %+v", len(calls), rd.Stats())
	}
	if fileSum(t, good) != before {
		t.Error("reading the database changed it")
	}
	w.Exec("ROLLBACK")
}

func fileSum(t *testing.T, p string) [32]byte {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// Hostile storage: a part that is a link, or a FIFO, is not read (and
// does not block); a part that is not JSON is counted skipped, said.
func TestOpenCodeStorageHostileParts(t *testing.T) {
	data := t.TempDir()
	storage := filepath.Join(data, "storage")
	file := replaytest.OpenCodeStorage(t, storage, "p", replaytest.OpenCodeSample("/p", "ses_1"))
	parts := filepath.Join(storage, "part", "msg_ses_1_02")
	secret := filepath.Join(data, "secret.json")
	os.WriteFile(secret, []byte(`{"type":"text","text":"SECRET"}`), 0o644)
	if err := os.Symlink(secret, filepath.Join(parts, "prt_msg_ses_1_02_500.json")); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if err := syscall.Mkfifo(filepath.Join(parts, "prt_msg_ses_1_02_501.json"), 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	os.WriteFile(filepath.Join(parts, "prt_msg_ses_1_02_502.json"), []byte("not json\x1b[31m"), 0o644)
	var calls []Call
	var rd *Reader
	replaytest.Guard(t, "read storage", func() { calls, rd = readKey(t, file) })
	st := rd.Stats()
	if len(calls) != 12 || st.Skipped != 1 || !strings.Contains(st.LastSkip, "not a JSON object") {
		t.Errorf("%d calls, stats %+v", len(calls), st)
	}
	for _, c := range calls {
		for _, m := range rd.Messages(c) {
			if strings.Contains(m.Text, "SECRET") {
				t.Error("a linked part was read")
			}
		}
	}
}

// The connection repox reads with cannot write, whatever is asked of it.
func TestOpenCodeDatabaseConnectionIsReadOnly(t *testing.T) {
	good := filepath.Join(t.TempDir(), "opencode.db")
	replaytest.OpenCodeDB(t, good, replaytest.OpenCodeSample("/p", "ses_1"))
	db, tx, _, err := (&openCodeDB{path: good}).openDB(false)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	defer tx.Rollback()
	if _, err := tx.Exec("DELETE FROM part"); err == nil {
		t.Error("a write went through the reading connection")
	}
}

// Following a session of the database: the first Update holds its calls;
// a tool part written later brings an Update that starts again (Reset)
// with it.
func TestFollowOpenCodeSession(t *testing.T) {
	good := filepath.Join(t.TempDir(), "opencode.db")
	replaytest.OpenCodeDB(t, good, replaytest.OpenCodeSample("/p", "ses_1"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	fol, err := Follow(ctx, good+"#ses_1", FollowOptions{Poll: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	next := func() Update {
		select {
		case u := <-fol.Updates():
			return u
		case <-time.After(time.Minute):
			t.Fatal("no update")
		}
		return Update{}
	}
	if u := next(); len(u.Calls) != 11 || u.Reset { // the running edit waits for its result
		t.Fatalf("first update: %d calls, reset %v", len(u.Calls), u.Reset)
	}
	w, err := sql.Open("sqlite", good)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	later := time.Now().Add(time.Hour).UnixMilli() // the stamp moves even on a coarse clock
	if _, err := w.Exec(`UPDATE part SET data = json_set(data, '$.state.status', 'completed', '$.state.output', 'Edit applied successfully.'), time_updated = ? WHERE data LIKE '%call_12%'`, later); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(good, time.Now().Add(time.Hour), time.Now().Add(time.Hour))
	os.Chtimes(good+"-wal", time.Now().Add(time.Hour), time.Now().Add(time.Hour))
	for {
		u := next()
		if u.Reset {
			if len(u.Calls) != 12 {
				t.Errorf("after the change: %d calls, want 12", len(u.Calls))
			}
			return
		}
	}
}
