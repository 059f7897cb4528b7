package repoops

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/repoxhq/repox/repoops/rootfs"
)

// Session is one agent's conversation with a repo: one MCP connection, one
// `repox call --batch` run, one TUI instance. It remembers what was read,
// which is what the read-before-edit gate decides on.
type Session struct {
	repo *Repo
	now  func() time.Time

	id string
	// look marks a session for looking (LookSession): it records nothing.
	look bool

	mu        sync.Mutex
	reads     map[string]ReadRecord // repo-relative path -> last read
	observers []func(CallRecord)
}

// NewSession starts a session on the repo, with a fresh random id.
func (r *Repo) NewSession() *Session {
	return &Session{repo: r, now: time.Now, id: newSessionID(), reads: map[string]ReadRecord{}}
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

// ReadRecord is what a session remembers of its last read of one file.
type ReadRecord struct {
	Path        string      // repo-relative
	At          time.Time   // when the read happened
	Offset      int         // first line asked for
	Returned    int         // lines returned
	TotalLines  int         // lines in the file at read time
	ByteCut     bool        // output stopped at the byte cap
	LineCut     bool        // at least one line was cut at the character cap
	Full        bool        // offset 1, nothing cut, window reached the end
	Fingerprint Fingerprint // only meaningful when Full
	Via         string      // "" for a read; the tool name when a write of this session refreshed the grant
}

// Fingerprint identifies a file's exact state (rootfs.Fingerprint): size,
// mtime, ctime, inode, device and the content's SHA-256.
type Fingerprint = rootfs.Fingerprint

func (s *Session) recordRead(rec ReadRecord) {
	if s.look {
		return
	}
	s.mu.Lock()
	s.reads[rec.Path] = rec
	s.mu.Unlock()
}

// LastRead returns the session's last read of a repo-relative path.
func (s *Session) LastRead(rel string) (ReadRecord, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec, ok := s.reads[rel]
	return rec, ok
}
