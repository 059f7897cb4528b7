package pane

import (
	"context"
	"slices"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// The explorer's file set: the paths repoops.EachFile lists (the set
// repo_find compares and repo_grep searches), listed once in the
// background and shared by find and the tree filter. The listing streams:
// its paths reach the update loop in batches, so both can match over what
// is listed so far, and each builds its index once per version of the
// set (cached here), not once per opening. The set is listed again only
// when it may be wrong: a reload (ctrl+r), or a name changing in a folder
// the watcher follows (Model.invalidateFiles).

// FeedPause is how long a batch waits for more paths once one has come,
// so a fast listing arrives in a few batches rather than thousands.
var FeedPause = 15 * time.Millisecond

// FileVersion names one state of the set: the listing's generation, how
// many paths are in, and whether that is all of them.
type FileVersion struct {
	Gen, N int
	Done   bool
}

// FileSet is owned by the update loop: only Update and the commands it
// builds touch it (the listing's goroutine writes only to its feed).
type FileSet struct {
	ctx context.Context
	// Each lists the whole set (repo.EachFile over ""); tests swap it to
	// count or pace the listings.
	Each func(ctx context.Context, visit func(rel string)) (unreadable int, err error)

	Gen        int
	Started    bool
	cancel     func()
	raw, shown []string // in listing order: tracked first, untracked after; shown nil while each shows as its raw form
	Done       bool
	Unreadable int
	Err        error

	// The indexes built for one version, so the next opening that finds
	// the set unchanged matches at once.
	FindIx any // find's index (a *fileIndex of model/find)
	FindAt FileVersion
	TreeIx any // the tree filter's index
	TreeAt FileVersion
}

func NewFileSet(ctx context.Context, repo *repoops.Repo) *FileSet {
	return &FileSet{ctx: ctx, Each: func(ctx context.Context, visit func(string)) (int, error) {
		return repo.EachFile(ctx, "", visit)
	}}
}

func (s *FileSet) Version() FileVersion { return FileVersion{Gen: s.Gen, N: len(s.raw), Done: s.Done} }

// Listing reports that the set is being listed now.
func (s *FileSet) Listing() bool { return s.Started && !s.Done }

// Paths is the set listed so far (shared: not to be appended to).
// Where every path shows as itself, as most do, shown is raw: a million
// paths are not held twice.
func (s *FileSet) Paths() (raw, shown []string) {
	n := len(s.raw)
	if s.shown == nil {
		return s.raw[:n:n], s.raw[:n:n]
	}
	return s.raw[:n:n], s.shown[:n:n]
}

// Want starts the listing unless it has been started (a failed one is
// started again).
func (s *FileSet) Want() tea.Cmd {
	if s.Started && s.Err == nil {
		return nil
	}
	return s.restart()
}

// Forget drops the set (and the indexes built on it): the next want lists
// it again, and nothing listed before is kept.
func (s *FileSet) Forget() {
	if s.cancel != nil {
		s.cancel()
	}
	s.Gen++
	s.Started, s.Done, s.Unreadable, s.Err = false, false, 0, nil
	s.raw, s.shown = nil, nil
	s.FindIx, s.TreeIx = nil, nil
}

func (s *FileSet) restart() tea.Cmd {
	s.Forget()
	s.Started = true
	ctx, cancel := context.WithCancel(s.ctx)
	s.cancel = cancel
	f := &feed{ready: make(chan struct{}, 1), finished: make(chan struct{})}
	each := s.Each
	go func() {
		n, err := each(ctx, f.add)
		f.mu.Lock()
		f.unreadable, f.err = n, err
		f.mu.Unlock()
		close(f.finished)
	}()
	return f.next(s.Gen)
}

// Batch is the paths listed since the last batch; Done says the
// listing is over (err: how it failed). Shown is nil when every path
// shows as itself (repoops.DisplayPath).
type Batch struct {
	Raw, Shown []string
	Done       bool
	Unreadable int
	Err        error
}

// OnBatch takes a batch of the current listing in and asks for the next.
func (s *FileSet) OnBatch(b Batch, f *feed) tea.Cmd {
	before := len(s.raw)
	s.raw = append(s.raw, b.Raw...)
	switch {
	case b.Shown == nil && s.shown == nil: // every path so far shows as itself
	case s.shown == nil:
		s.shown = append(slices.Clone(s.raw[:before]), b.Shown...)
	case b.Shown == nil:
		s.shown = append(s.shown, b.Raw...)
	default:
		s.shown = append(s.shown, b.Shown...)
	}
	if !b.Done {
		return f.next(s.Gen)
	}
	s.Done, s.Unreadable, s.Err = true, b.Unreadable, b.Err
	s.cancel()
	return nil
}

// feed carries the paths from the listing's goroutine to the batches.
type feed struct {
	mu         sync.Mutex
	pending    []string
	unreadable int
	err        error
	ready      chan struct{} // one token: pending has paths
	finished   chan struct{} // closed when the listing returned
}

func (f *feed) add(rel string) {
	f.mu.Lock()
	first := len(f.pending) == 0
	f.pending = append(f.pending, rel)
	f.mu.Unlock()
	// Only the first path of a batch need wake next: the rest are taken
	// with it (a channel operation per path was most of a million-path
	// listing's feed).
	if first {
		select {
		case f.ready <- struct{}{}:
		default:
		}
	}
}

// FeedMsg is one batch, with the feed the next one comes from.
type FeedMsg struct {
	Batch Batch
	Feed  *feed
}

// next waits for paths (or the end), gathers what comes within FeedPause,
// and hands it over as one batch, shown forms made off the update loop.
func (f *feed) next(gen int) tea.Cmd {
	return Envelop(Files, JobLoad, gen, func() tea.Msg {
		select {
		case <-f.ready:
			select {
			case <-f.finished:
			case <-time.After(FeedPause):
			}
		case <-f.finished:
		}
		var b Batch
		select {
		case <-f.finished:
			b.Done = true
		default:
		}
		f.mu.Lock()
		b.Raw, f.pending = f.pending, nil
		b.Unreadable, b.Err = f.unreadable, f.err
		f.mu.Unlock()
		for i, r := range b.Raw {
			d := repoops.DisplayPath(r)
			if d == r && b.Shown == nil {
				continue
			}
			if b.Shown == nil {
				b.Shown = append(make([]string, 0, len(b.Raw)), b.Raw[:i]...)
			}
			b.Shown = append(b.Shown, d)
		}
		return FeedMsg{Batch: b, Feed: f}
	})
}

// ListingNote says how far a running listing has come, or that it failed
// ("" when it is done).
func (s *FileSet) ListingNote() string {
	if s.Done && s.Err != nil {
		return "listing stopped at " + repoops.Plural(len(s.raw), "file", "files") + ": " + s.Err.Error()
	}
	if !s.Listing() {
		return ""
	}
	return "listing… " + repoops.Commas(len(s.raw)) + " files so far"
}
