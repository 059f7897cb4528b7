package transcript

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver: no cgo, the cross-builds keep working
)

// OpenCode's sessions from 1.2 on: rows of opencode.db (session.sql.ts).
// The database is the agent's own and may be being written: it is opened
// read-only (mode=ro; a reader of a WAL database takes no lock that
// blocks the writer), with query_only, a busy timeout instead of waiting
// for ever, and one read transaction so the session is read as of one
// moment. A link there (unless the person named it), a special file or a
// database over openCodeMaxDB is refused before SQLite opens it; a
// corrupt one is refused with SQLite's reason.

type openCodeDB struct{ path, id string }

// openCodeMaxDB bounds the database repox opens.
const openCodeMaxDB = 8 << 30

func (d *openCodeDB) stamp(follow bool) (fs.FileInfo, error) {
	info, err := d.check(follow)
	if err != nil {
		return nil, err
	}
	st := sessionStamp{name: info.Name() + "#" + d.id}
	st.add(info)
	if wal, err := os.Lstat(d.path + "-wal"); err == nil && wal.Mode().IsRegular() {
		st.add(wal) // a write lands in the WAL first
	}
	return st, nil
}

// check refuses what is not a database file repox opens.
func (d *openCodeDB) check(follow bool) (fs.FileInfo, error) {
	stat := os.Lstat
	if follow {
		stat = os.Stat
	}
	info, err := stat(d.path)
	switch {
	case err != nil:
		return nil, err
	case info.Mode()&fs.ModeSymlink != 0:
		return nil, &fileTypeError{path: d.path, kind: ErrLink.Error()}
	case !info.Mode().IsRegular():
		return nil, notRegular(d.path, info.Mode())
	case info.Size() > openCodeMaxDB:
		return nil, fmt.Errorf("%s is %s, over the %s repox opens of an OpenCode database: not read", quoted(d.path), sizeText(info.Size()), sizeText(openCodeMaxDB))
	}
	return info, nil
}

func sizeText(n int64) string { return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30)) }

// openCodeDSN opens path read-only: mode=ro, query_only, busy_timeout.
func openCodeDSN(path string) string {
	u := url.URL{Scheme: "file", Path: path, RawQuery: "mode=ro&_pragma=query_only(1)&_pragma=busy_timeout(2000)"}
	return u.String()
}

// openDB opens the database read-only, in one read transaction.
func (d *openCodeDB) openDB(follow bool) (*sql.DB, *sql.Tx, fs.FileInfo, error) {
	st, err := d.stamp(follow)
	if err != nil {
		return nil, nil, nil, err
	}
	db, err := sql.Open("sqlite", openCodeDSN(d.path))
	if err == nil {
		db.SetMaxOpenConns(1)
		var tx *sql.Tx
		if tx, err = db.BeginTx(context.Background(), &sql.TxOptions{ReadOnly: true}); err == nil {
			return db, tx, st, nil
		}
		db.Close()
	}
	return nil, nil, nil, d.refuse(err)
}

// refuse is the sentence of a database SQLite could not read.
func (d *openCodeDB) refuse(err error) error {
	return fmt.Errorf("%s is not an OpenCode database repox can read (%v) — give the opencode.db OpenCode writes (in ~/.local/share/opencode)", quoted(d.path), err)
}

func (d *openCodeDB) open(follow bool) (io.ReadCloser, fs.FileInfo, error) {
	db, tx, st, err := d.openDB(follow)
	if err != nil {
		return nil, nil, err
	}
	closeAll := func() error { tx.Rollback(); return db.Close() }
	var id, title, dir, version string
	var parent sql.NullString
	var created float64
	err = tx.QueryRow(`SELECT id, title, directory, parent_id, version, time_created FROM session WHERE id = ?`, d.id).
		Scan(&id, &title, &dir, &parent, &version, &created)
	if err != nil {
		closeAll()
		if err == sql.ErrNoRows {
			return nil, nil, fmt.Errorf("%s holds no session %s — repox sessions lists the sessions recorded for a folder", quoted(d.path), quoted(d.id))
		}
		return nil, nil, d.refuse(err)
	}
	msgs, err := d.messages(tx)
	if err != nil {
		closeAll()
		return nil, nil, d.refuse(err)
	}
	return &lineStream{next: dbLines(tx, openCodeSession(id, title, dir, parent.String, version, created), msgs), close: closeAll}, st, nil
}

// dbRecord is a row of message or part: its id and data, nil when over
// MaxLine (said as unreadable in its place).
type dbRecord struct {
	id   string
	data []byte
}

// messages are the session's messages in OpenCode's order.
func (d *openCodeDB) messages(tx *sql.Tx) ([]dbRecord, error) {
	return dbRecords(tx, `SELECT id, CASE WHEN length(data) > ? THEN NULL ELSE data END FROM message WHERE session_id = ? ORDER BY time_created, id`, MaxLine, d.id)
}

func dbRecords(tx *sql.Tx, q string, args ...any) ([]dbRecord, error) {
	rows, err := tx.Query(q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []dbRecord
	for rows.Next() {
		var r dbRecord
		if err := rows.Scan(&r.id, &r.data); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// dbLines gives the session's lines: its session record, then each
// message followed by its parts, a message's parts read when its turn
// comes (one message's parts held at a time).
func dbLines(tx *sql.Tx, head []byte, msgs []dbRecord) func() ([]byte, error) {
	first := true
	var parts []dbRecord
	var mid string
	return func() ([]byte, error) {
		switch {
		case first:
			first = false
			return head, nil
		case len(parts) > 0:
			p := parts[0]
			parts = parts[1:]
			if p.data == nil {
				return openCodeUnreadable("part "+p.id, "it is over the length of a line repox reads"), nil
			}
			return openCodeEnvelope("part", []string{"id", p.id, "messageID", mid}, "part", p.data), nil
		case len(msgs) > 0:
			m := msgs[0]
			msgs = msgs[1:]
			var err error
			mid = m.id
			parts, err = dbRecords(tx, `SELECT id, CASE WHEN length(data) > ? THEN NULL ELSE data END FROM part WHERE message_id = ? ORDER BY id`, MaxLine, m.id)
			if err != nil {
				return nil, fmt.Errorf("the parts of message %s could not be read: %w", m.id, err)
			}
			if m.data == nil {
				return openCodeUnreadable("message "+m.id, "it is over the length of a line repox reads"), nil
			}
			return openCodeEnvelope("message", []string{"id", m.id}, "info", m.data), nil
		}
		return nil, io.EOF
	}
}

// openCodeSessionsIn are the ids of the database's sessions recorded for
// dir or a folder inside it.
func openCodeSessionsIn(path, dir string, follow bool) ([]string, error) {
	d := &openCodeDB{path: path}
	db, tx, _, err := d.openDB(follow)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	defer tx.Rollback()
	rows, err := dbRecords(tx, `SELECT id, NULL FROM session WHERE directory = ? OR substr(directory, 1, length(?) + 1) = ? || '/' ORDER BY id`, dir, dir, dir)
	if err != nil {
		return nil, d.refuse(err)
	}
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		if openCodeSessionID().MatchString(r.id) {
			ids = append(ids, r.id)
		}
	}
	return ids, nil
}
