package replaytest

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite" // the OpenCode database's fixtures
)

// OpenCode's sessions, built by hand from its schema (message-v2.ts,
// session.sql.ts, storage/storage.ts): no real sample was found under a
// licence that lets it be copied. A session is written either as the
// files of storage/ (OpenCodeStorage) or as rows of opencode.db
// (OpenCodeDB).

// OpenCodeSession is one session: its record and its messages.
type OpenCodeSession struct {
	ID, Title, Directory string
	Created              int64 // milliseconds
	Messages             []OpenCodeMessage
}

// OpenCodeMessage is a message and its parts (each a part's JSON without
// its ids; an "id" key, when set, is its part id).
type OpenCodeMessage struct {
	ID, Role string
	Created  int64
	Summary  bool // an assistant's: the summary a compaction wrote
	Parts    []map[string]any
}

func (m OpenCodeMessage) info() map[string]any {
	info := map[string]any{"role": m.Role, "time": map[string]any{"created": m.Created}}
	if m.Summary {
		info["summary"] = true
	}
	return info
}

func (m OpenCodeMessage) partID(i int, p map[string]any) string {
	if id, ok := p["id"].(string); ok {
		return id
	}
	return fmt.Sprintf("prt_%s_%03d", m.ID, i)
}

func mustJSON(t testing.TB, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// OpenCodeStorage writes s as storage's files under storage (the storage
// folder), its session file in project's folder; it returns the session
// file's path.
func OpenCodeStorage(t testing.TB, storage, project string, s OpenCodeSession) string {
	write := func(p string, v map[string]any) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, mustJSON(t, v), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(storage, "session", project, s.ID+".json")
	write(file, map[string]any{"id": s.ID, "projectID": project, "title": s.Title, "directory": s.Directory,
		"version": "0.15.0", "time": map[string]any{"created": s.Created, "updated": s.Created}})
	for _, m := range s.Messages {
		info := m.info()
		info["id"], info["sessionID"] = m.ID, s.ID
		write(filepath.Join(storage, "message", s.ID, m.ID+".json"), info)
		for i, p := range m.Parts {
			q := map[string]any{"id": m.partID(i, p), "sessionID": s.ID, "messageID": m.ID}
			for k, v := range p {
				q[k] = v
			}
			write(filepath.Join(storage, "part", m.ID, m.partID(i, p)+".json"), q)
		}
	}
	return file
}

// OpenCodeSchema is the part of opencode.db's schema the readers query.
const OpenCodeSchema = `
CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, parent_id TEXT, slug TEXT NOT NULL, directory TEXT NOT NULL,
	title TEXT NOT NULL, version TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL);
CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX part_message_id_id_idx ON part (message_id, id);`

// OpenCodeDB writes the sessions as rows of a database at path (created,
// in WAL mode as OpenCode's is).
func OpenCodeDB(t testing.TB, path string, sessions ...OpenCodeSession) {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	exec := func(q string, args ...any) {
		if _, err := db.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec("PRAGMA journal_mode=WAL")
	exec("CREATE TABLE IF NOT EXISTS session (id TEXT PRIMARY KEY)")
	exec("DROP TABLE session")
	exec(OpenCodeSchema)
	for _, s := range sessions {
		exec(`INSERT INTO session VALUES (?, 'p', NULL, 's', ?, ?, '1.2.0', ?, ?)`, s.ID, s.Directory, s.Title, s.Created, s.Created)
		for _, m := range s.Messages {
			exec(`INSERT INTO message VALUES (?, ?, ?, ?, ?)`, m.ID, s.ID, m.Created, m.Created, string(mustJSON(t, m.info())))
			for i, p := range m.Parts {
				q := map[string]any{}
				for k, v := range p {
					if k != "id" {
						q[k] = v
					}
				}
				exec(`INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)`, m.partID(i, p), m.ID, s.ID, m.Created, m.Created, string(mustJSON(t, q)))
			}
		}
	}
}
