package tree

import (
	"context"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// The tree filter (/ in the tree): as a name is typed, the tree shows only
// the entries whose names hold it, from the whole file set the tools search
// (repoops.EachFile, not only the folders already open), each with the
// folders above it, as broot does. The file set is the one find uses,
// listed once and shared (model/pane/fileset.go), its index built once per version
// of it; while it is being listed the filter matches what is in so far.
// With ignored entries shown, the filter walks the tree's own listing
// instead, once per opening. Every pass runs off the update loop; a pass started before the last
// key gives up and its answer is dropped. enter keeps the cursor there (the
// tree is opened down to it); esc restores the tree as it was.

// treeFilter is the filter's state while its prompt is open.
type treeFilter struct {
	input          string
	cursor, offset int // the tree's place before it opened, for esc

	ix       *filterIndex
	at       pane.FileVersion // the version of the file set ix indexes
	own      bool             // ix is the walk with ignored entries, not the file set
	building bool             // an index is being built
	listGen  int
	listErr  string
	cancel   func()

	gen      int
	latest   *atomic.Int64 // gen, for passes to see they are stale
	matching bool
	rows     []*node // the last pass that landed (nil: none yet)
	matches  int
	forQuery string // the query rows answer
}

// with ignored entries).
type filterListMsg struct {
	ix  *filterIndex
	at  pane.FileVersion
	own bool
	err error
}

// filterPassMsg is one pass (nil rows: it gave up as stale).
type filterPassMsg struct {
	query   string
	rows    []*node
	matches int
	stale   bool
}

// openFilter opens the filter prompt over the shared file set (or, with
// ignored entries shown, walks the tree's listing).
func (t *Pane) openFilter() tea.Cmd {
	f := &treeFilter{cursor: t.cursor, offset: t.offset, latest: new(atomic.Int64)}
	t.filter = f
	t.clamp()
	t.c.Overlays.Push(&filterPrompt{t: t, keys: t.c.Keys.TreeFilter})
	f.listGen++
	if !t.showIgnored {
		return tea.Batch(t.c.Files.Want(), t.syncFilter())
	}
	f.own = true
	ctx, cancel := context.WithCancel(t.c.Ctx)
	f.cancel = cancel
	repo := t.c.Repo
	return pane.Envelop(pane.Tree, pane.JobFilterList, f.listGen, func() tea.Msg {
		defer cancel()
		files, hidden, err := walkWithIgnored(ctx, repo)
		if err != nil {
			return filterListMsg{err: err, own: true}
		}
		return filterListMsg{ix: buildFilterIndex(files, hidden), own: true}
	})
}

// syncFilter brings the filter's index up to the file set as listed now:
// the one built for this version when there is one, else one built off the
// update loop (one at a time; the next starts when it lands).
func (t *Pane) syncFilter() tea.Cmd {
	f := t.filter
	if f == nil || f.own || f.building {
		return nil
	}
	s := t.c.Files
	v := s.Version()
	if f.ix != nil && f.at == v {
		return nil
	}
	if ix, ok := s.TreeIx.(*filterIndex); ok && ix != nil && s.TreeAt == v {
		f.ix, f.at = ix, v
		return t.runFilter()
	}
	if v.N == 0 && !v.Done {
		return nil
	}
	f.building = true
	files, _ := s.Paths()
	return pane.Envelop(pane.Tree, pane.JobFilterList, f.listGen, func() tea.Msg {
		return filterListMsg{ix: buildFilterIndex(files, nil), at: v}
	})
}

// filterWalkMax bounds the entries the walk with ignored entries collects
// (an ignored node_modules can hold millions).
const filterWalkMax = 1_000_000

// walkWithIgnored lists every folder through repoops.ListDir, the tree's
// own listing, ignored ones included, for the filter with the ignored
// toggle on: the files, and which paths an ignore rule hides. Folders that
// cannot be listed are left out, as the tree shows their refusal.
func walkWithIgnored(ctx context.Context, repo *repoops.Repo) ([]string, map[string]bool, error) {
	var files []string
	hidden := map[string]bool{}
	queue := []string{""}
	for len(queue) > 0 && len(files) < filterWalkMax {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		dir := queue[0]
		queue = queue[1:]
		l, err := repo.ListDir(dir)
		if err != nil {
			continue
		}
		under := hidden[dir]
		for k, es := range [][]repoops.DirEntry{l.Entries, l.Ignored} {
			ign := under || k == 1
			for _, e := range es {
				if ign {
					hidden[e.Path] = true
				}
				switch e.Kind {
				case repoops.KindDir:
					queue = append(queue, e.Path)
				case repoops.KindRepo:
				default:
					files = append(files, e.Path)
				}
			}
		}
	}
	return files, hidden, nil
}

// filterGen answers Generation for the filter's jobs (-1: no filter open).
func (t *Pane) filterGen(j pane.Job) int {
	if t.filter == nil {
		return -1
	}
	if j == pane.JobFilterList {
		return t.filter.listGen
	}
	return t.filter.gen
}

func (t *Pane) onFilterList(msg filterListMsg) tea.Cmd {
	f := t.filter
	if msg.err != nil {
		f.listErr = msg.err.Error()
		return nil
	}
	if msg.own {
		f.ix = msg.ix
		return t.runFilter()
	}
	f.building = false
	s := t.c.Files
	if msg.at.Gen != s.Gen {
		return t.syncFilter() // built on a set since forgotten
	}
	if s.TreeIx == nil || s.TreeAt.N < msg.at.N || msg.at.Done {
		s.TreeIx, s.TreeAt = msg.ix, msg.at
	}
	f.ix, f.at = msg.ix, msg.at
	return tea.Batch(t.runFilter(), t.syncFilter())
}

// runFilter starts a pass for the query as typed now.
func (t *Pane) runFilter() tea.Cmd {
	f := t.filter
	f.gen++
	f.latest.Store(int64(f.gen))
	if f.input == "" {
		f.rows, f.matching, f.forQuery = nil, false, ""
		t.cursor, t.offset = f.cursor, f.offset
		t.clamp()
		return nil
	}
	if f.ix == nil {
		return nil // the pass starts when the file set is in
	}
	f.matching = true
	ix, q, gen, latest := f.ix, f.input, f.gen, f.latest
	return pane.Envelop(pane.Tree, pane.JobFilter, gen, func() tea.Msg {
		rows, n, ok := filterPass(ix, q, func() bool { return latest.Load() != int64(gen) })
		return filterPassMsg{query: q, rows: rows, matches: n, stale: !ok}
	})
}

func (t *Pane) onFilterPass(msg filterPassMsg) tea.Cmd {
	f := t.filter
	if msg.stale || msg.query != f.input {
		return nil
	}
	f.matching = false
	var keep string
	if n := t.selected(); n != nil && f.rows != nil {
		keep = n.path
	}
	f.rows, f.matches, f.forQuery = msg.rows, msg.matches, msg.query
	t.cursor, t.offset = -1, 0
	for i, r := range f.rows {
		if keep != "" && r.path == keep && !r.context {
			t.cursor = i
			break
		}
		if t.cursor < 0 && !r.context {
			t.cursor = i
		}
	}
	t.clamp()
	return t.moved()
}

// onTree runs fn on the tree under the filter: while the filter is open,
// t.cursor and t.offset are its place, so listings that land meanwhile (a
// reveal, a change on disk) move the tree's own place, kept for esc.
func (t *Pane) onTree(fn func()) {
	f := t.filter
	if f == nil {
		fn()
		return
	}
	t.filter = nil
	fc, fo := t.cursor, t.offset
	t.cursor, t.offset = f.cursor, f.offset
	fn()
	f.cursor, f.offset = t.cursor, t.offset
	t.cursor, t.offset = fc, fo
	t.filter = f
	t.clamp()
}

// filtering says the rows on screen are the filter's.
func (f *treeFilter) showing() bool { return f != nil && f.input != "" && f.rows != nil }

// footer is the prompt line: the query and how many entries match, and
// how far the file set's listing has come while it runs.
func (f *treeFilter) footer(files *pane.FileSet) string {
	s := "/" + f.input + "▏"
	switch {
	case f.listErr != "":
		s += "  " + f.listErr
	case f.ix == nil && !f.own && files.Err != nil:
		s += "  could not list the file set: " + files.Err.Error() + " (esc, then /: list it again)"
	case f.ix == nil:
		s += "  reading the file set…"
	case f.input == "":
		s += "  " + repoops.Plural(len(f.ix.paths), "entry", "entries") + " in the file set"
	case f.matching || f.forQuery != f.input:
		s += "  …"
	default:
		s += "  " + repoops.Plural(f.matches, "match", "matches")
	}
	if note := files.ListingNote(); note != "" && !f.own {
		s += "  · " + note
	}
	return s
}

// acceptFilter closes the filter and opens the tree down to the entry
// under the cursor, selected.
func (t *Pane) acceptFilter() tea.Cmd {
	n := t.selected()
	t.closeFilter(n == nil)
	if n == nil {
		return nil
	}
	return tea.Batch(t.RevealPath(n.path), t.moved())
}

// closeFilter ends the filter; restore puts the tree's cursor back.
func (t *Pane) closeFilter(restore bool) {
	f := t.filter
	if f == nil {
		return
	}
	if f.cancel != nil {
		f.cancel()
	}
	f.latest.Store(-1)
	t.filter = nil
	if restore {
		t.cursor, t.offset = f.cursor, f.offset
	}
	t.clamp()
}
