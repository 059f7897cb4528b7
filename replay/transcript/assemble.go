package transcript

import (
	"errors"
	"io"
	"io/fs"
)

// Sessions made of many records (issue 40). Most agents write a session
// as one file of lines, which the readers decode as they come. OpenCode
// keeps one as a session file, a file per message and a file per part
// (storage/), or as rows of a SQLite database (opencode.db). Such a format
// registers an assemble (format.go): given a session's key — a path, or a
// spelling of its own that a path is never read as — it gives the session,
// which opens as the ordered stream of JSON lines its reader decodes. Its
// locate hands discovery those keys as Candidates, and every face opens a
// key as it opens a file, through OpenSession and OpenTranscript; the
// Follower re-assembles the session when its stamp changes
// (follow_assembled.go). Nothing outside the format's files names one.

// assembled is one session of a format of many records.
type assembled interface {
	// stamp is what changes when the session does: the latest
	// modification time of the records it is made of and their size
	// (liveness, the Follower's poll); the open's own checks apply
	stamp(follow bool) (fs.FileInfo, error)
	// open gives the session's records as JSON lines, in the order the
	// reader decodes them, with its stamp; follow false: a link at the
	// key is refused (ErrLink), as discovery's candidates are
	open(follow bool) (io.ReadCloser, fs.FileInfo, error)
}

// assembledAt is the session at key of the registered format whose key it
// is; nil when key names a file.
func assembledAt(key string) assembled {
	for _, f := range formats() {
		if f.assemble == nil {
			continue
		}
		if a := f.assemble(key); a != nil {
			return a
		}
	}
	return nil
}

// OpenSession opens the session at key: a transcript file, opened as
// OpenRegular opens it (without blocking, regular files only; follow false
// refuses a link at key), or a session of a format of many records, its
// records assembled into the stream its reader decodes. info is the file's,
// or the assembled session's stamp (its latest modification time).
func OpenSession(key string, follow bool) (io.ReadSeekCloser, fs.FileInfo, error) {
	if a := assembledAt(key); a != nil {
		r, info, err := a.open(follow)
		if err != nil {
			return nil, nil, err
		}
		return &rewindable{ReadCloser: r, reopen: func() (io.ReadCloser, error) { r, _, err := a.open(follow); return r, err }}, info, nil
	}
	f, info, err := OpenRegular(key, follow)
	if err != nil {
		return nil, nil, err // not a nil *os.File in an interface
	}
	return f, info, nil
}

// Assembled reports whether key names a session of a format of many
// records (its stamp is StatSession's, not the key's own file's).
func Assembled(key string) bool { return assembledAt(key) != nil }

// StatSession is the stamp of the session at key without reading it: the
// file's information (a link at key followed), or the assembled session's.
func StatSession(key string) (fs.FileInfo, error) {
	if a := assembledAt(key); a != nil {
		return a.stamp(true)
	}
	return statFollow(key)
}

// rewindable is an assembled session read again from its start by
// assembling it again: the replay reads a session twice (its plan, then
// its run), and seeks to the start in between. A live session may have
// grown in between; the run reads what it holds then.
type rewindable struct {
	io.ReadCloser
	reopen func() (io.ReadCloser, error)
}

func (r *rewindable) Seek(off int64, whence int) (int64, error) {
	if off != 0 || whence != io.SeekStart {
		return 0, errors.New("an assembled session is read again only from its start")
	}
	rc, err := r.reopen()
	if err != nil {
		return 0, err
	}
	r.ReadCloser.Close()
	r.ReadCloser = rc
	return 0, nil
}
