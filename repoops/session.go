package repoops

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// Session is one agent's conversation with a repo: one MCP connection, one
// `repox call --batch` run, one TUI instance. It remembers which lines of
// which version of each file its reads showed: what the read-before-edit
// gate decides on.
type Session struct {
	repo *Repo
	now  func() time.Time

	id string
	// look marks a session for looking (LookSession): it records nothing.
	look bool

	mu        sync.Mutex
	seen      map[string]SeenLines // repo-relative path -> what was seen of it
	observers []func(CallRecord)
}

// NewSession starts a session on the repo, with a fresh random id.
func (r *Repo) NewSession() *Session {
	return &Session{repo: r, now: time.Now, id: newSessionID(), seen: map[string]SeenLines{}}
}

func newSessionID() string {
	var b [8]byte
	rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

// ID names the session in call records.
func (s *Session) ID() string { return s.id }

// Observe registers fn to receive a CallRecord after every call the session
// makes through Call, in call order. fn runs on the caller's goroutine and
// must not call back into the session.
func (s *Session) Observe(fn func(CallRecord)) {
	s.mu.Lock()
	s.observers = append(s.observers, fn)
	s.mu.Unlock()
}

func (s *Session) notify(rec CallRecord) {
	s.mu.Lock()
	obs := append([]func(CallRecord){}, s.observers...)
	s.mu.Unlock()
	for _, fn := range obs {
		fn(rec)
	}
}

// Repo returns the session's repository.
func (s *Session) Repo() *Repo { return s.repo }

// Fingerprint identifies a file's exact state (rootfs.Fingerprint): size,
// mtime, ctime, inode, device and the content's SHA-256.
type Fingerprint = rootfs.Fingerprint

// recordWindow adds what one repo_read_file window showed whole to what
// the session has seen of the file: to the same version's lines, or in
// place of an older version's.
func (s *Session) recordWindow(rel string, fp Fingerprint, lines int, shown []LineRange, window LineRange) {
	if s.look {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, ok := s.seen[rel]
	if !ok || cur.Fingerprint != fp {
		cur = SeenLines{Path: rel, Fingerprint: fp, Lines: lines}
	}
	for _, r := range shown {
		cur.Ranges = addRange(cur.Ranges, r)
	}
	cur.At, cur.Via, cur.Last = s.now(), "", window
	s.seen[rel] = cur
}

// recordChange carries what was seen through the session's own change
// from the version base to the version fp: steps say how lines moved
// (nil: every line is the session's, a repo_write). Nothing is carried
// when what was seen is no longer of base (another call of this session
// moved on meanwhile).
func (s *Session) recordChange(rel string, base, fp Fingerprint, steps []lineStep, lines int, tool string) {
	if s.look {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, ok := s.seen[rel]
	var seen []LineRange
	switch {
	case steps == nil:
		if lines > 0 {
			seen = []LineRange{{1, lines}}
		}
	case ok && cur.Fingerprint == base:
		n := cur.Lines
		seen = cur.Ranges
		for _, st := range steps {
			seen, n = st.carry(seen, n), st.NewLines
		}
	default:
		delete(s.seen, rel)
		return
	}
	s.seen[rel] = SeenLines{Path: rel, At: s.now(), Via: tool, Fingerprint: fp, Lines: lines, Ranges: seen}
}

// Seen returns what the session has seen of a repo-relative path (a copy).
func (s *Session) Seen(rel string) (SeenLines, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec, ok := s.seen[rel]
	rec.Ranges = append([]LineRange(nil), rec.Ranges...)
	return rec, ok
}
