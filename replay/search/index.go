package search

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	_ "modernc.org/sqlite" // the pure-Go SQLite driver: FTS5, no cgo
)

// The index is a cache of the pieces of every transcript searched, kept in
// one SQLite file of the user's own (IndexName in CacheDir, mode 0600):
//
//   - files: each transcript's path and stamp (size, mtime in ns); a
//     transcript whose stamp changed is read again whole, one that is gone
//     is dropped, one never seen is read, each refresh in one transaction
//     (SQLite's locks, with a busy timeout, keep concurrent repox
//     processes from corrupting it; one that waits too long searches the
//     transcripts instead);
//   - pieces: each piece as recorded (its fields bounded by maxField);
//   - body: an FTS5 table (trigram tokenizer, contentless) over each
//     piece's fields lower-cased by Go's strings.ToLower — the matching
//     rule's own folding, so a word the rule finds is a substring the
//     trigram index finds too. It only proposes candidates: each is
//     confirmed by the rule (matches). Words under 3 characters cannot be
//     looked up by trigrams; a query of only such words reads the pieces
//     of the folder's transcripts from the index. Positions are kept
//     (detail=full), so a word is asked as a phrase of its trigrams: it
//     costs 3.8 times the transcripts' size (972 MB for 257 MB), but
//     without them (detail=none, 1.6 times) a word is every one of its
//     trigrams anywhere in a piece, which a long result of a file's lines
//     nearly always has: at 1 GB a rare word's 5,390 hits took 3 s, the
//     whole index read to confirm them.
//
// A stamp within racyMargin of the refresh is stored as unknown (-1): a
// transcript written again in the same clock tick keeps its size and
// mtime only if it keeps its length, and is read again next time anyway.
//
// SQLite's temporary files are kept in memory (temp_store): nothing is
// written outside the cache folder.
//
// The file is a cache: one that is not a regular file (a link planted
// there is removed, never written through), open to others, not SQLite,
// of another schema or corrupt is replaced; one that cannot be made or
// written is bypassed. Either way the search answers, from the
// transcripts, with a one-line note.
const (
	IndexName     = "sessions-search.db"
	indexAppID    = 0x72707873 // "rpxs"
	indexVersion  = 1
	busyTimeoutMS = 5000
	racyMargin    = 2 * time.Second
	minTrigram    = 3 // characters an FTS5 trigram look-up needs
)

const indexSchema = `
CREATE TABLE files(id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, size INTEGER NOT NULL, mtime INTEGER NOT NULL);
CREATE TABLE pieces(id INTEGER PRIMARY KEY, file INTEGER NOT NULL, ord INTEGER NOT NULL, session TEXT NOT NULL,
	seq INTEGER NOT NULL, turn INTEGER NOT NULL, kind TEXT NOT NULL, tool TEXT NOT NULL, a TEXT NOT NULL, b TEXT NOT NULL, time INTEGER NOT NULL);
CREATE INDEX pieces_file ON pieces(file, ord);
CREATE TABLE discovered(dir TEXT PRIMARY KEY, data BLOB NOT NULL);
CREATE VIRTUAL TABLE body USING fts5(text, content='', contentless_delete=1, tokenize='trigram');
`

// indexPragmas mark the file as this index, of this schema: indexAppID
// and indexVersion (TestIndexPragmasSayTheConstants).
const indexPragmas = "PRAGMA application_id=1919973491; PRAGMA user_version=1;"

// index is an open index file.
type index struct {
	path     string
	db       *sql.DB
	out      io.Writer // where notes go
	maxBytes int64     // the cap on the pages in use (indexMaxBytes)
}

// openIndex opens (making or replacing it as needed) the index in dir;
// nil when dir is "" (no cache) or the index cannot be had, with a note
// that says why ("" when off).
func openIndex(dir string, errOut io.Writer) (*index, string) {
	if dir == "" {
		return nil, ""
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Sprintf("the search index's folder %s could not be made (%s)", dir, errWhy(err))
	}
	maxBytes, note := indexMaxBytes()
	if note != "" {
		fmt.Fprintf(errOut, "repox sessions: %s\n", note)
	}
	ix := &index{path: filepath.Join(dir, IndexName), out: errOut, maxBytes: maxBytes}
	for attempt := 0; ; attempt++ {
		err := ix.open()
		if err == nil {
			return ix, ""
		}
		ix.close()
		if attempt > 0 || !errors.Is(err, errReplace) {
			return nil, fmt.Sprintf("the search index %s could not be used (%s)", ix.path, errWhy(err))
		}
		fmt.Fprintf(errOut, "repox sessions: the search index %s %s: made anew\n", ix.path, strings.TrimPrefix(err.Error(), errReplace.Error()+": "))
		if err := ix.remove(); err != nil {
			return nil, fmt.Sprintf("the search index %s could not be replaced (%s)", ix.path, errWhy(err))
		}
	}
}

// errReplace: the file is not an index this repox can use as it is.
var errReplace = errors.New("replace")

// open checks the file (and SQLite's companions) before SQLite opens it,
// then opens it and checks its schema, making it in a new file.
func (ix *index) open() error {
	for _, suffix := range []string{"-journal", "-wal", "-shm"} {
		p := ix.path + suffix
		if st, err := os.Lstat(p); err == nil && !st.Mode().IsRegular() {
			if err := os.Remove(p); err != nil { // a link is removed, never followed
				return err
			}
		}
	}
	st, err := os.Lstat(ix.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// made here with O_EXCL, so never through a link planted meanwhile
		f, err := os.OpenFile(ix.path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		switch {
		case errors.Is(err, fs.ErrExist):
			// another repox made it between the Lstat and here: check that
			// one as any existing file (the schema is made under a lock)
			if st, err = os.Lstat(ix.path); err != nil {
				return err
			}
			if !st.Mode().IsRegular() || st.Mode().Perm()&0o077 != 0 {
				return fmt.Errorf("%w: was made meanwhile as %s, mode %04o", errReplace, kindOf(st.Mode()), st.Mode().Perm())
			}
		case err != nil:
			return err
		default:
			f.Close()
		}
	case err != nil:
		return err
	case !st.Mode().IsRegular():
		return fmt.Errorf("%w: was %s, not a regular file", errReplace, kindOf(st.Mode()))
	case st.Mode().Perm()&0o077 != 0:
		return fmt.Errorf("%w: was open to other users (mode %04o)", errReplace, st.Mode().Perm())
	}
	dsn := "file:" + (&url.URL{Path: ix.path}).EscapedPath() +
		fmt.Sprintf("?_pragma=busy_timeout(%d)&_pragma=journal_mode(wal)&_pragma=synchronous(normal)&_pragma=cache_size(-32768)&_pragma=temp_store(memory)&_txlock=immediate", busyTimeoutMS)
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return err
	}
	db.SetMaxOpenConns(1)
	ix.db = db
	const marks = "SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)"
	var app, version, tables int
	err = db.QueryRow(marks).Scan(&app, &version, &tables)
	if err == nil && app == indexAppID && version == indexVersion {
		return nil // the usual case: read without taking the write lock
	}
	// one writer at a time: two repox processes making the same new file
	// must not both make the schema, nor either take the other's half-made
	// one for a foreign database
	tx, err := db.Begin() // BEGIN IMMEDIATE (_txlock)
	if err != nil {
		if corrupt(err) {
			return fmt.Errorf("%w: was not a SQLite database", errReplace)
		}
		return err
	}
	defer tx.Rollback()
	err = tx.QueryRow(marks).Scan(&app, &version, &tables)
	switch {
	case corrupt(err):
		return fmt.Errorf("%w: was not a SQLite database", errReplace)
	case err != nil:
		return err
	case app == indexAppID && version == indexVersion:
		return nil
	case app == indexAppID:
		return fmt.Errorf("%w: was of another version of repox (schema %d, this one reads %d)", errReplace, version, indexVersion)
	case app != 0 || version != 0 || tables != 0:
		return fmt.Errorf("%w: was another program's database", errReplace)
	}
	if _, err := tx.Exec(indexSchema + indexPragmas); err != nil {
		return err
	}
	return tx.Commit()
}

// remove deletes the index file and its companions (links removed, not
// followed).
func (ix *index) remove() error {
	for _, suffix := range []string{"-journal", "-wal", "-shm"} {
		os.Remove(ix.path + suffix)
	}
	if err := os.Remove(ix.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

func (ix *index) close() {
	if ix.db != nil {
		ix.db.Close()
		ix.db = nil
	}
}

// corrupt says whether err is SQLite's "not a database" or "malformed".
func corrupt(err error) bool {
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		switch coded.Code() & 0xff {
		case 11, 26: // SQLITE_CORRUPT, SQLITE_NOTADB
			return true
		}
	}
	return false
}

// search refreshes the index for paths and answers the words from it,
// each transcript's matching pieces in order. A corrupt index is made
// anew once.
func (ix *index) search(ctx context.Context, paths, words []string) (map[string][]piece, error) {
	out, err := ix.refreshAndQuery(ctx, paths, words)
	if err != nil && corrupt(err) {
		fmt.Fprintf(ix.out, "repox sessions: the search index %s was damaged (%s): made anew\n", ix.path, errWhy(err))
		ix.close()
		if err := ix.remove(); err != nil {
			return nil, err
		}
		if err := ix.open(); err != nil {
			return nil, err
		}
		out, err = ix.refreshAndQuery(ctx, paths, words)
	}
	return out, err
}

func (ix *index) refreshAndQuery(ctx context.Context, paths, words []string) (map[string][]piece, error) {
	ids, later, over, err := ix.refresh(ctx, paths)
	if err != nil {
		return nil, err
	}
	out, err := ix.query(ctx, ids, words)
	if err != nil || len(later)+len(over) == 0 {
		return out, err
	}
	if len(later) > 0 {
		fmt.Fprintf(ix.out, "repox sessions: %s not in the search index yet: searched one by one; the next searches add them\n", countAndSize(later))
	}
	if len(over) > 0 {
		mib := ix.maxBytes >> 20
		fmt.Fprintf(ix.out, "repox sessions: the search index is at its cap of %d MiB: %s searched one by one (REPOX_SEARCH_INDEX_MAX_MIB=%d raises it)\n",
			mib, countAndSize(over), 2*max(mib, 1))
	}
	for p, list := range scan(ctx, append(later, over...), words, ix.out) {
		out[p] = list
	}
	return out, ctx.Err()
}

// countAndSize is "N transcripts (SIZE)".
func countAndSize(paths []string) string {
	var size int64
	for _, p := range paths {
		if st, err := sessionStat(p); err == nil {
			size += st.Size()
		}
	}
	return fmt.Sprintf("%d %s (%s)", len(paths), repoops.Noun(len(paths), "transcript", "transcripts"), repoops.SizeText(int(size)))
}

// The index's disk cost is bounded: it costs about indexRatio times the
// transcripts it holds (972 MB for 257 MB measured, see above), so a
// large history would leave a file of several GB in the cache. It stops
// growing at DefaultIndexMaxMiB (REPOX_SEARCH_INDEX_MAX_MIB changes it;
// 0 indexes nothing): a transcript is added only while the pages in use
// (page_count less freelist_count, so the space of dropped transcripts is
// used again), plus indexRatio times what this transaction added (FTS5
// keeps terms in memory until it flushes them), are under the cap. So
// the file passes the cap by at most one transcript's worth; the
// transcripts past it are scanned one by one, with a note.
const (
	DefaultIndexMaxMiB = 1024
	indexRatio         = 4
)

// indexMaxBytes is the cap in effect and a note when the variable could
// not be read.
func indexMaxBytes() (int64, string) {
	v := os.Getenv("REPOX_SEARCH_INDEX_MAX_MIB")
	if v == "" {
		return DefaultIndexMaxMiB << 20, ""
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 0 || n > 1<<30 {
		return DefaultIndexMaxMiB << 20, fmt.Sprintf("REPOX_SEARCH_INDEX_MAX_MIB=%q is not a whole number of MiB: the cap is %d MiB", v, DefaultIndexMaxMiB)
	}
	return n << 20, ""
}

// usedBytes is the size of the index's pages in use, as tx sees them.
func usedBytes(ctx context.Context, tx *sql.Tx) (int64, error) {
	var size int64
	err := tx.QueryRowContext(ctx, "SELECT ((SELECT page_count FROM pragma_page_count) - (SELECT freelist_count FROM pragma_freelist_count)) * (SELECT page_size FROM pragma_page_size)").Scan(&size)
	return size, err
}

// refreshBudget bounds the time one search spends adding transcripts to
// the index: reading them into it costs 20 to 35 times a plain scan (the
// trigram index of pure-Go SQLite), so a first search of a large history
// adds what it can in this time, scans the rest, and the next searches
// add more (a variable: the benchmark builds the whole index).
var refreshBudget = 3 * time.Second

// stamp is a transcript's size and mtime as the index keeps them.
type stamp struct{ size, mtime int64 }

// stampOf is the stamp of the file at path (not following a link); ok
// false when it is not a regular file there.
func stampOf(path string, now time.Time) (stamp, bool) {
	st, err := sessionStat(path)
	if err != nil || !st.Mode().IsRegular() {
		return stamp{}, false
	}
	s := stamp{st.Size(), st.ModTime().UnixNano()}
	if now.Sub(st.ModTime()) < racyMargin {
		s.mtime = -1 // written too recently to trust: read again next time
	}
	return s, true
}

// sessionStat is what a transcript's stamp is taken from: the file, not
// followed if it is a link; a session of many records (OpenCode's rows
// of a database, or its session file with a file per message and part)
// by its records (transcript.StatSession), so a message added without
// touching the session's own file is indexed too.
func sessionStat(path string) (fs.FileInfo, error) {
	if transcript.Assembled(path) {
		return transcript.StatSession(path)
	}
	return os.Lstat(path)
}

type indexedFile struct {
	id int64
	stamp
}

// files is the index's table of transcripts.
func (ix *index) files(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) (map[string]indexedFile, error) {
	rows, err := q.QueryContext(ctx, "SELECT id, path, size, mtime FROM files")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]indexedFile{}
	for rows.Next() {
		var f indexedFile
		var path string
		if err := rows.Scan(&f.id, &path, &f.size, &f.mtime); err != nil {
			return nil, err
		}
		out[path] = f
	}
	return out, rows.Err()
}

// refresh brings the index up to date for paths (and drops transcripts
// that are gone), in one transaction when anything changed; it returns
// the ids of paths' files in the index (a transcript that cannot be read
// is not indexed: it is named on the notes, and again next time), the
// paths left for later (refreshBudget ran out) and those past the cap
// (ix.maxBytes).
func (ix *index) refresh(ctx context.Context, paths []string) (ids map[string]int64, later, over []string, err error) {
	now := time.Now()
	known, err := ix.files(ctx, ix.db)
	if err != nil {
		return nil, nil, nil, err
	}
	ids = map[string]int64{}
	var stale []string
	for _, p := range paths {
		s, ok := stampOf(p, now)
		f, in := known[p]
		switch {
		case !ok:
			fmt.Fprintf(ix.out, "repox sessions: %s: not searched: it is no longer a regular file there\n", p)
		case in && f.stamp == s && s.mtime != -1:
			ids[p] = f.id
		default:
			stale = append(stale, p)
		}
	}
	var gone []int64
	for p, f := range known {
		if _, err := sessionStat(p); errors.Is(err, fs.ErrNotExist) {
			gone = append(gone, f.id)
		}
	}
	if len(stale) == 0 && len(gone) == 0 {
		return ids, nil, nil, nil
	}
	tx, err := ix.db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: one writer at a time
	if err != nil {
		return nil, nil, nil, err
	}
	defer tx.Rollback()
	known, err = ix.files(ctx, tx) // as the last writer left it
	if err != nil {
		return nil, nil, nil, err
	}
	for _, id := range gone {
		if err := dropFile(ctx, tx, id); err != nil {
			return nil, nil, nil, err
		}
	}
	w, err := newWriter(ctx, tx)
	if err != nil {
		return nil, nil, nil, err
	}
	defer w.close()
	var added int64 // bytes of transcripts this transaction added
	for i, p := range stale {
		if i > 0 && time.Since(now) > refreshBudget { // at least one a search
			later = append(later, p)
			continue
		}
		s, ok := stampOf(p, now)
		if f, in := known[p]; in {
			if ok && f.stamp == s && s.mtime != -1 {
				ids[p] = f.id // another repox indexed it meanwhile
				continue
			}
			if err := dropFile(ctx, tx, f.id); err != nil {
				return nil, nil, nil, err
			}
		}
		if !ok {
			continue
		}
		used, err := usedBytes(ctx, tx)
		if err != nil {
			return nil, nil, nil, err
		}
		if used+indexRatio*added >= ix.maxBytes {
			over = append(over, p)
			continue
		}
		added += s.size
		id, err := w.file(ctx, p, s)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, nil, ctx.Err()
			}
			var wr writeError
			if errors.As(err, &wr) {
				return nil, nil, nil, wr.err
			}
			fmt.Fprintf(ix.out, "repox sessions: %s: not searched: %s\n", p, oneLine(err.Error()))
			continue
		}
		ids[p] = id
	}
	return ids, later, over, tx.Commit()
}

// dropFile removes a transcript and its pieces from the index.
func dropFile(ctx context.Context, tx *sql.Tx, id int64) error {
	for _, q := range []string{
		"DELETE FROM body WHERE rowid IN (SELECT id FROM pieces WHERE file = ?)",
		"DELETE FROM pieces WHERE file = ?",
		"DELETE FROM files WHERE id = ?",
	} {
		if _, err := tx.ExecContext(ctx, q, id); err != nil {
			return err
		}
	}
	return nil
}

// writer adds transcripts to the index within one transaction.
type writer struct {
	tx                  *sql.Tx
	fileSt, piece, body *sql.Stmt
}

// writeError is a failure of the index, not of the transcript.
type writeError struct{ err error }

func (e writeError) Error() string { return e.err.Error() }

func newWriter(ctx context.Context, tx *sql.Tx) (*writer, error) {
	w := &writer{tx: tx}
	var err error
	if w.fileSt, err = tx.PrepareContext(ctx, "INSERT INTO files(path, size, mtime) VALUES(?, ?, ?)"); err != nil {
		return nil, err
	}
	if w.piece, err = tx.PrepareContext(ctx, "INSERT INTO pieces(file, ord, session, seq, turn, kind, tool, a, b, time) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"); err != nil {
		return nil, err
	}
	if w.body, err = tx.PrepareContext(ctx, "INSERT INTO body(rowid, text) VALUES(?, ?)"); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *writer) close() {
	for _, s := range []*sql.Stmt{w.fileSt, w.piece, w.body} {
		if s != nil {
			s.Close()
		}
	}
}

// file reads the transcript at path into the index.
func (w *writer) file(ctx context.Context, path string, s stamp) (int64, error) {
	res, err := w.fileSt.ExecContext(ctx, path, s.size, s.mtime)
	if err != nil {
		return 0, writeError{err}
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, writeError{err}
	}
	err = readPieces(ctx, path, func(p piece) error {
		var t int64
		if !p.Time.IsZero() {
			t = p.Time.UnixNano()
		}
		res, err := w.piece.ExecContext(ctx, id, p.Ord, p.Session, p.Seq, p.Turn, p.Kind, p.Tool, p.A, p.B, t)
		if err != nil {
			return writeError{err}
		}
		pid, err := res.LastInsertId()
		if err != nil {
			return writeError{err}
		}
		a, b := p.lowered()
		if _, err := w.body.ExecContext(ctx, pid, ftsText(a+"\n"+b)); err != nil {
			return writeError{err}
		}
		return nil
	})
	if err != nil {
		var wr writeError
		if !errors.As(err, &wr) {
			// not a transcript repox reads: leave nothing of it
			if derr := dropFile(ctx, w.tx, id); derr != nil {
				return 0, writeError{derr}
			}
		}
		return 0, err
	}
	return id, nil
}

// query answers the words from the index for the files of ids.
func (ix *index) query(ctx context.Context, ids map[string]int64, words []string) (map[string][]piece, error) {
	out := map[string][]piece{}
	if len(ids) == 0 {
		return out, nil
	}
	pathOf := make(map[int64]string, len(ids))
	list := make([]int64, 0, len(ids))
	for p, id := range ids {
		pathOf[id] = p
		list = append(list, id)
	}
	files, _ := json.Marshal(list)
	cols := "p.file, p.ord, p.session, p.seq, p.turn, p.kind, p.tool, p.a, p.b, p.time"
	var rows *sql.Rows
	var err error
	if m := ftsQuery(words); m != "" {
		rows, err = ix.db.QueryContext(ctx, "SELECT "+cols+" FROM body JOIN pieces p ON p.id = body.rowid WHERE body MATCH ? AND p.file IN (SELECT value FROM json_each(?))", m, string(files))
	} else {
		rows, err = ix.db.QueryContext(ctx, "SELECT "+cols+" FROM pieces p WHERE p.file IN (SELECT value FROM json_each(?))", string(files))
	}
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var p piece
		var file, t int64
		if err := rows.Scan(&file, &p.Ord, &p.Session, &p.Seq, &p.Turn, &p.Kind, &p.Tool, &p.A, &p.B, &t); err != nil {
			return nil, err
		}
		a, b := p.lowered()
		if !matches(words, a, b) {
			continue
		}
		if t != 0 {
			p.Time = time.Unix(0, t).UTC()
		}
		out[pathOf[file]] = append(out[pathOf[file]], p)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for p, list := range out {
		sortPieces(list)
		out[p] = list
	}
	return out, nil
}

// ftsQuery is the FTS5 query of the words the trigram index can look up
// (each a quoted string: a phrase of its trigrams, which is to say a
// substring), "" when none can.
func ftsQuery(words []string) string {
	var parts []string
	for _, w := range words {
		if utf8.RuneCountInString(w) >= minTrigram {
			parts = append(parts, `"`+strings.ReplaceAll(ftsText(w), `"`, `""`)+`"`)
		}
	}
	return strings.Join(parts, " AND ")
}

// ftsText is text as the FTS5 table is given it: NUL, where FTS5 stops
// reading a text, as U+0001, in the pieces and in the words alike (a
// word with U+0001 then finds NULs too: a candidate the rule drops).
func ftsText(s string) string {
	return strings.ReplaceAll(s, "\x00", "\x01")
}

// errWhy is an error's reason without the path it names.
func errWhy(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return oneLine(err.Error())
}

// kindOf names a file's type.
func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	}
	return "a special file"
}
