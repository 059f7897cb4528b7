// Package find is find (f, ctrl+p): a prompt over the viewer that fuzzy
// matches the file set the tools search, each row marked by whether
// repo_find for the same query returns it, with a preview column. It
// builds on model/results, the list base it shares with search.
package find

import (
	"sync/atomic"

	"github.com/repoxhq/repox/model/pane"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/results"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Pane is find (f, ctrl+p): a prompt over the viewer, fuzzy matching
// the file set the tools search, live as it is typed, with each row marked
// by whether repo_find for the same query would return it.
type Pane struct {
	results.Base
	keys  keymap.FindKeys
	input string

	ix         *fileIndex
	ixAt       pane.FileVersion // the version of the file set ix indexes
	listGen    int              // of the index builds (one per opening)
	building   bool             // an index is being built
	keep       string           // the selected path, kept across a new index while listing
	unreadable int

	matchGen int
	latest   *atomic.Int64 // matchGen, for passes to see they are stale
	res      *findMatches  // the last pass that landed
	passes   passStack     // landed passes of the query's prefixes (passes.go)
	matching bool
	ranking  bool // every match is being ranked (the list was scrolled far)

	toolGen    int
	toolCancel func()
	toolFor    string              // the query the tool answered
	tool       *repoops.FindResult // nil: refused or not answered
	toolErr    string
	seen       map[string]bool // raw paths repo_find returns

	// The list once repo_find has answered (rows.go).
	returned []findRow // its paths, in its order
	// preview: the column showing the chosen file's start (preview.go)
	preview   findPreview
	others    []int32 // positions in res's ranked hits of the fuzzy matches it does not return
	unmatched int     // returned rows fuzzy does not match
}

func New(c *pane.Common) *Pane {
	return &Pane{Base: results.Base{C: c}, keys: c.Keys.Find, latest: new(atomic.Int64)}
}

// Open readies find to be pushed over the viewer again (its query and
// results kept) and brings it up to the file set; the root starts the
// listing (Common.Files.Want) when it is not listed yet. The file set is
// listed once and shared (model/pane/fileset.go): a reopening finds its
// index built and matches the query at once.
func (p *Pane) Open() tea.Cmd {
	p.Closed, p.building = false, false
	p.listGen++
	return p.Sync()
}

// filesMsg is the file set indexed at one version.
type filesMsg struct {
	ix *fileIndex
	at pane.FileVersion
}

// matchMsg is one fuzzy pass (nil when it gave up as stale).
type matchMsg struct{ res *findMatches }

// Sync brings the index up to the file set as listed now: the one built
// for this version when there is one, else a new one built off the update
// loop (one build at a time; the next starts when it lands, from the set
// as it is then).
func (p *Pane) Sync() tea.Cmd {
	s := p.C.Files
	v := s.Version()
	if (p.ix != nil && p.ixAt == v) || p.building {
		return nil
	}
	if ix, ok := s.FindIx.(*fileIndex); ok && ix != nil && s.FindAt == v {
		return p.useIndex(ix, v)
	}
	if v.N == 0 && !v.Done {
		return nil // nothing listed yet
	}
	p.building = true
	raw, shown := s.Paths()
	base := p.grownFrom(v)
	return pane.Envelop(pane.Find, pane.JobLoad, p.listGen, func() tea.Msg {
		return filesMsg{ix: extendIndex(base, raw, shown), at: v}
	})
}

// grownFrom is the biggest index built on an earlier version of the same
// listing (a prefix of v's paths), for the next to extend; nil if none.
func (p *Pane) grownFrom(v pane.FileVersion) *fileIndex {
	var base *fileIndex
	s := p.C.Files
	for _, c := range []struct {
		ix *fileIndex
		at pane.FileVersion
	}{{p.ix, p.ixAt}, {asIndex(s.FindIx), s.FindAt}} {
		if c.ix != nil && c.at.Gen == v.Gen && c.ix.len() == c.at.N && c.at.N <= v.N && (base == nil || c.ix.len() > base.len()) {
			base = c.ix
		}
	}
	return base
}

func asIndex(x any) *fileIndex {
	ix, _ := x.(*fileIndex)
	return ix
}

// useIndex matches the query over a new index: from the whole index, as
// the last matches are positions in the old one.
func (p *Pane) useIndex(ix *fileIndex, at pane.FileVersion) tea.Cmd {
	if r, ok := p.selected(); ok && p.Cursor > 0 {
		p.keep = r.raw // more paths came in: stay on the chosen one
	}
	p.ix, p.ixAt, p.res, p.passes = ix, at, nil, nil
	p.unreadable = p.C.Files.Unreadable
	return p.rematch()
}

func (p *Pane) ID() pane.ID               { return pane.Find }
func (p *Pane) Title() string             { return "Find" }
func (p *Pane) SetSize(w, h int)          { p.Width, p.Height = w, h; p.clamp() }
func (p *Pane) ShortHelp() []key.Binding  { return p.keys.ShortHelp() }
func (p *Pane) FullHelp() [][]key.Binding { return p.keys.FullHelp() }
func (p *Pane) Loading() bool {
	return p.C.Files.Listing() || p.building || p.matching || p.ranking || p.toolCancel != nil
}

func (p *Pane) Generation(j pane.Job) int {
	switch j {
	case pane.JobMatch:
		return p.matchGen
	case pane.JobTool:
		return p.toolGen
	case pane.JobFindPreview:
		return p.preview.gen
	}
	return p.listGen
}

// Close stops the listing, the pass and the tool call; the query and the
// results stay for the next opening.
func (p *Pane) Close() tea.Cmd {
	p.building = false
	if p.toolCancel != nil {
		p.toolCancel()
		p.toolCancel = nil
	}
	p.matching, p.ranking = false, false
	p.latest.Store(-1)
	return nil
}

// args is the repo_find call for the query: the query as typed (repo_find
// decides substring or glob by itself).
func (p *Pane) args() repoops.FindArgs { return repoops.FindArgs{Query: p.input} }

func (p *Pane) AgentCall() (string, any, string) {
	if p.input == "" {
		return "", nil, "type a query: agent view shows repo_find for it"
	}
	return repoops.ToolFind, p.args(), ""
}

// Status is the selected path.
func (p *Pane) Status() pane.Status {
	if r, ok := p.selected(); ok {
		return pane.Status{Path: r.shown}
	}
	return pane.Status{}
}

func (p *Pane) selected() (findRow, bool) {
	if p.Cursor >= p.rowCount() {
		return findRow{}, false
	}
	return p.rowAt(p.Cursor), true
}

func (p *Pane) body() int { return ui.ResultBody(p.view(false), p.Height) }

func (p *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case filesMsg:
		p.building = false
		s := p.C.Files
		if msg.at.Gen != s.Gen {
			return p.Sync() // built on a set since forgotten
		}
		if s.FindIx == nil || s.FindAt.N < msg.at.N || msg.at.Done {
			s.FindIx, s.FindAt = msg.ix, msg.at
		}
		return tea.Batch(p.useIndex(msg.ix, msg.at), p.Sync())
	case matchMsg:
		if msg.res == nil {
			return nil
		}
		kept := p.keep
		if p.ranking {
			p.ranking = false
		} else {
			p.Cursor, p.Top = 0, 0
			p.keep = ""
		}
		p.matching = false
		fresh := p.res == nil || p.res.query != msg.res.query
		p.res = msg.res
		p.passes.keep(msg.res, p.input)
		p.relist()
		p.cursorTo(kept)
		p.clamp()
		if fresh {
			return tea.Batch(p.rankMore(), p.callTool(), p.previewCmd())
		}
		return tea.Batch(p.rankMore(), p.previewCmd())
	case findPreviewMsg:
		p.preview.onLoaded(msg)
		return nil
	case findToolMsg:
		p.toolCancel = nil
		var kept string
		if r, ok := p.selected(); ok && p.Cursor > 0 {
			kept = r.raw // the ● rows move to the top: stay on the chosen path
		}
		p.onTool(msg)
		p.relist()
		p.cursorTo(kept)
		p.clamp()
		return p.previewCmd()
	}
	return nil
}

func (p *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys
	switch {
	case key.Matches(msg, k.Open):
		r, ok := p.selected()
		if !ok {
			return nil
		}
		p.Closed = true
		return p.C.GoTo(r.raw, 0, "")
	case key.Matches(msg, k.Preview):
		p.preview.on = !p.preview.on
		return p.previewCmd()
	case key.Matches(msg, k.Agent):
		p.ToggleAgent()
		return nil
	case key.Matches(msg, k.Copy):
		r, ok := p.selected()
		if !ok {
			return p.C.Copy("", "a path")
		}
		return p.C.Copy(r.shown, r.shown)
	case key.Matches(msg, k.CopyAll):
		return p.CopyAgent(repoops.ToolFind)
	}
	if d, ok := results.Step(msg, k.Finder, p.body()); ok {
		return p.move(d)
	}
	if key.Matches(msg, k.Close) {
		p.Closed = true
		return nil
	}
	if _, changed := results.Edit(p.C.Keys.Typing, &p.input, msg); !changed {
		return nil
	}
	p.keep = ""
	p.dropTool()
	return p.rematch()
}

// move moves the cursor (or scrolls the agent view's text).
func (p *Pane) move(d int) tea.Cmd {
	if p.AgentView.On {
		p.AgentView.Scroll(d, results.AgentBody(p.Height, 1))
		return nil
	}
	p.Move(d, p.rowCount(), p.body(), nil)
	return tea.Batch(p.rankMore(), p.previewCmd())
}

// cursorTo puts the cursor on the row of the raw path, when it is listed.
func (p *Pane) cursorTo(raw string) {
	if raw == "" {
		return
	}
	for i := range p.rowCount() {
		if p.rowAt(i).raw == raw {
			p.Cursor = i
			return
		}
	}
}

func (p *Pane) clamp() { p.Clamp(p.rowCount(), p.body()) }

// rematch starts a pass for the query, or answers with the kept pass for
// it (a backspace). The longest kept pass's matches are the pool when the
// query grew from it; a pass still running for an older
// query gives up (latest), and its answer would be dropped anyway.
func (p *Pane) rematch() tea.Cmd {
	if p.ix == nil {
		return nil
	}
	p.matchGen++
	gen := int64(p.matchGen)
	p.latest.Store(gen)
	p.matching, p.ranking = true, false
	p.passes.prune(p.input)
	if r := p.passes.recall(p.input); r != nil {
		return pane.Envelop(pane.Find, pane.JobMatch, p.matchGen, func() tea.Msg { return matchMsg{res: r} })
	}
	ix, q, base, latest := p.ix, p.input, p.passes.longest(), p.latest
	return pane.Envelop(pane.Find, pane.JobMatch, p.matchGen, func() tea.Msg {
		return matchMsg{res: matchFiles(ix, q, base, findRankFirst, func() bool { return latest.Load() != gen })}
	})
}

// rankMore ranks every match once the cursor nears the end of the ranked
// ones, in the same generation as the pass it completes.
func (p *Pane) rankMore() tea.Cmd {
	r := p.res
	if r == nil || r.complete() || p.ranking || p.Cursor < p.rowCount()-2*max(p.body(), 1) {
		return nil
	}
	p.ranking = true
	ix := p.ix
	return pane.Envelop(pane.Find, pane.JobMatch, p.matchGen, func() tea.Msg { return matchMsg{res: r.rankAll(ix)} })
}
