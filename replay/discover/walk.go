package discover

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// Discovery is what DiscoverAll found: the sessions, newest first, and
// what it passed over, one sentence each (a FIFO, a link, a folder it
// could not read), so an empty list is never silently empty.
type Discovery struct {
	Sessions []SessionInfo
	Passed   []string
}

// Discover lists the sessions recorded for the repository at dir (an
// absolute, clean path). See DiscoverAll.
func Discover(ctx context.Context, dir string, env Env) ([]SessionInfo, error) {
	d, err := DiscoverAll(ctx, dir, env)
	return d.Sessions, err
}

// DiscoverAll lists the sessions recorded for the repository at dir: of
// every agent whose format registers where it keeps its sessions
// (transcript.Locate walks each format's places), those whose recorded
// working folder is dir or inside it, and every repox log's (repox logs
// record no folder). Newest first. Only regular files are read, each
// opened without blocking; links inside the transcript folders are not
// followed. Folder names are not trusted to tell projects apart (Claude
// Code's /p/a-b, /p/a/b, /p/a_b and /p/a.b share one): the folder each
// session records is.
func DiscoverAll(ctx context.Context, dir string, env Env) (Discovery, error) {
	w := &walker{ctx: ctx, dir: dir, env: env}
	transcript.Locate(w)
	sort.SliceStable(w.out.Sessions, func(i, j int) bool {
		return newest(w.out.Sessions[i]).After(newest(w.out.Sessions[j]))
	})
	return w.out, ctx.Err()
}

// InspectTranscript summarises one transcript named apart from the
// agents' folders (the demo's own session, kept in its build/ folder) as
// Discover lists a session. The agent is read from the file's format; a
// link at path is not followed, a special file not read.
func InspectTranscript(ctx context.Context, path string) (SessionInfo, error) {
	return inspect(ctx, "", path, time.Now())
}

// walker is the transcript.Finder of one DiscoverAll: the formats'
// locates walk with it; it inspects what they hand it (add.go).
type walker struct {
	ctx context.Context
	dir string
	env Env
	out Discovery
	// once: the sessions kept by agent and ID, for a candidate that is
	// listed once per ID (Candidate.OncePerID)
	once map[string]bool
}

var _ transcript.Finder = (*walker)(nil)

// readDir is os.ReadDir; tests replace it to make a folder unreadable
// (they run as root in CI, where permissions do not stop a read).
var readDir = os.ReadDir

func (w *walker) Dir() string         { return w.dir }
func (w *walker) Env() transcript.Env { return w.env }
func (w *walker) Done() bool          { return w.ctx.Err() != nil }

func (w *walker) Pass(format string, path string, why any) {
	w.out.Passed = append(w.out.Passed, strings.Replace(format, "%s", repoops.QuoteName(path), 1)+": "+transcript.OneLine(transcript.ErrText(why)))
}

// ListIfAny lists an agent's own folder: missing is no sentence.
func (w *walker) ListIfAny(what, dir string) []fs.DirEntry {
	ents, err := readDir(dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.Pass(what+" %s could not be read", dir, err)
		}
		return nil
	}
	return ents
}

// List lists a folder found inside an agent's: every error is said.
func (w *walker) List(what, dir string) []fs.DirEntry {
	ents, err := readDir(dir)
	if err != nil {
		w.Pass(what+" %s could not be read", dir, err)
		return nil
	}
	return ents
}

// Walk is filepath.WalkDir, which follows no link to a folder (a linked
// root is an entry that is not a folder: not descended into).
func (w *walker) Walk(what, root string, each func(string, fs.DirEntry)) {
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if w.ctx.Err() != nil {
			return filepath.SkipAll
		}
		if err != nil {
			if !(p == root && errors.Is(err, fs.ErrNotExist)) {
				w.Pass(what+" %s could not be read", p, err)
			}
			return nil
		}
		if !d.IsDir() {
			each(p, d)
		}
		return nil
	})
}

// Folder reports whether p is a folder reached without a link; a link
// there is passed over with a sentence, a missing folder silently.
func (w *walker) Folder(p string) bool {
	st, err := os.Lstat(p)
	switch {
	case err != nil:
		return false
	case st.Mode()&fs.ModeSymlink != 0:
		w.Pass("the folder %s was not read", p, transcript.ErrLink)
		return false
	}
	return st.IsDir()
}

// Entry is p's entry, lstat'ed.
func (w *walker) Entry(p string) (fs.DirEntry, bool) {
	st, err := os.Lstat(p)
	if err != nil {
		return nil, false
	}
	return fs.FileInfoToDirEntry(st), true
}

// File reports whether a directory entry may be a transcript to open: a
// link or a special file is passed over with a sentence.
func (w *walker) File(path string, e fs.DirEntry) bool {
	switch t := e.Type(); {
	case t&fs.ModeSymlink != 0:
		w.Pass("%s was not read", path, transcript.ErrLink)
		return false
	case !t.IsRegular():
		w.Pass("%s was not read", path, transcript.FileKind(t)+", not a regular file")
		return false
	}
	return true
}
