package model

import (
	"context"
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

// paneFiles addresses the listing's batches. It is no pane: Model.deliver
// takes its envelopes first and drops those of an older generation.
const paneFiles paneID = 46

// feedPause is how long a batch waits for more paths once one has come,
// so a fast listing arrives in a few batches rather than thousands.
var feedPause = 15 * time.Millisecond

// fileVersion names one state of the set: the listing's generation, how
// many paths are in, and whether that is all of them.
type fileVersion struct {
	gen, n int
	done   bool
}

// fileSet is owned by the update loop: only Update and the commands it
// builds touch it (the listing's goroutine writes only to its feed).
type fileSet struct {
	ctx context.Context
	// each lists the whole set (repo.EachFile over ""); tests swap it to
	// count or pace the listings.
	each func(ctx context.Context, visit func(rel string)) (unreadable int, err error)

	gen        int
	started    bool
	cancel     func()
	raw, shown []string // in listing order: tracked first, untracked after
	done       bool
	unreadable int
	err        error

	// The indexes built for one version, so the next opening that finds
	// the set unchanged matches at once.
	findIx *fileIndex
	findAt fileVersion
	treeIx *filterIndex
	treeAt fileVersion
}

func newFileSet(ctx context.Context, repo *repoops.Repo) *fileSet {
	return &fileSet{ctx: ctx, each: func(ctx context.Context, visit func(string)) (int, error) {
		return repo.EachFile(ctx, "", visit)
	}}
}

func (s *fileSet) version() fileVersion { return fileVersion{gen: s.gen, n: len(s.raw), done: s.done} }

// listing reports that the set is being listed now.
func (s *fileSet) listing() bool { return s.started && !s.done }

// paths is the set listed so far (shared: not to be appended to).
func (s *fileSet) paths() (raw, shown []string) {
	n := len(s.raw)
	return s.raw[:n:n], s.shown[:n:n]
}

// want starts the listing unless it has been started (a failed one is
// started again).
func (s *fileSet) want() tea.Cmd {
	if s.started && s.err == nil {
		return nil
	}
	return s.restart()
}

// forget drops the set (and the indexes built on it): the next want lists
// it again, and nothing listed before is kept.
func (s *fileSet) forget() {
	if s.cancel != nil {
		s.cancel()
	}
	s.gen++
	s.started, s.done, s.unreadable, s.err = false, false, 0, nil
	s.raw, s.shown = nil, nil
	s.findIx, s.treeIx = nil, nil
}

func (s *fileSet) restart() tea.Cmd {
	s.forget()
	s.started = true
	ctx, cancel := context.WithCancel(s.ctx)
	s.cancel = cancel
	f := &fileFeed{ready: make(chan struct{}, 1), finished: make(chan struct{})}
	each := s.each
	go func() {
		n, err := each(ctx, f.add)
		f.mu.Lock()
		f.unreadable, f.err = n, err
		f.mu.Unlock()
		close(f.finished)
	}()
	return f.next(s.gen)
}

// fileBatch is the paths listed since the last batch; done says the
// listing is over (err: how it failed).
type fileBatch struct {
	raw, shown []string
	done       bool
	unreadable int
	err        error
}

// onBatch takes a batch of the current listing in and asks for the next.
func (s *fileSet) onBatch(b fileBatch, f *fileFeed) tea.Cmd {
	s.raw = append(s.raw, b.raw...)
	s.shown = append(s.shown, b.shown...)
	if !b.done {
		return f.next(s.gen)
	}
	s.done, s.unreadable, s.err = true, b.unreadable, b.err
	s.cancel()
	return nil
}

// fileFeed carries the paths from the listing's goroutine to the batches.
type fileFeed struct {
	mu         sync.Mutex
	pending    []string
	unreadable int
	err        error
	ready      chan struct{} // one token: pending has paths
	finished   chan struct{} // closed when the listing returned
}

func (f *fileFeed) add(rel string) {
	f.mu.Lock()
	f.pending = append(f.pending, rel)
	f.mu.Unlock()
	select {
	case f.ready <- struct{}{}:
	default:
	}
}

// feedMsg is one batch, with the feed the next one comes from.
type feedMsg struct {
	batch fileBatch
	feed  *fileFeed
}

// next waits for paths (or the end), gathers what comes within feedPause,
// and hands it over as one batch, shown forms made off the update loop.
func (f *fileFeed) next(gen int) tea.Cmd {
	return envelop(paneFiles, jobLoad, gen, func() tea.Msg {
		select {
		case <-f.ready:
			select {
			case <-f.finished:
			case <-time.After(feedPause):
			}
		case <-f.finished:
		}
		var b fileBatch
		select {
		case <-f.finished:
			b.done = true
		default:
		}
		f.mu.Lock()
		b.raw, f.pending = f.pending, nil
		b.unreadable, b.err = f.unreadable, f.err
		f.mu.Unlock()
		b.shown = make([]string, len(b.raw))
		for i, r := range b.raw {
			b.shown[i] = repoops.DisplayPath(r)
		}
		return feedMsg{batch: b, feed: f}
	})
}

// onFiles takes a batch of the listing in and tells find and the tree
// filter, which match over the set listed so far.
func (m *Model) onFiles(env paneMsg) tea.Cmd {
	if env.gen != m.files.gen {
		return nil // a listing the set has since forgotten
	}
	msg, ok := env.msg.(feedMsg)
	if !ok {
		return nil
	}
	return tea.Batch(m.files.onBatch(msg.batch, msg.feed), m.filesChanged())
}

// filesChanged brings find (when open) and the tree filter up to the set.
func (m *Model) filesChanged() tea.Cmd {
	var cmds []tea.Cmd
	if p, ok := m.overlays.find(paneFind).(*findPane); ok && p != nil {
		cmds = append(cmds, p.sync())
	}
	return tea.Batch(append(cmds, m.tree.syncFilter())...)
}

// invalidateFiles forgets the file set (a reload, or names changed on
// disk). It is listed again now when find or the tree filter is open, else
// when one of them opens (so a busy folder costs no listing nobody sees).
func (m *Model) invalidateFiles() tea.Cmd {
	if !m.files.started {
		return nil
	}
	m.files.forget()
	if m.overlays.find(paneFind) == nil && m.tree.filter == nil {
		return nil
	}
	return tea.Batch(m.files.want(), m.filesChanged())
}

// listingNote says how far a running listing has come, or that it failed
// ("" when it is done).
func (s *fileSet) listingNote() string {
	if s.done && s.err != nil {
		return "listing stopped at " + repoops.Plural(len(s.raw), "file", "files") + ": " + s.err.Error()
	}
	if !s.listing() {
		return ""
	}
	return "listing… " + repoops.Commas(len(s.raw)) + " files so far"
}
