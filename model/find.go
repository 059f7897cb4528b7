package model

import (
	"sync/atomic"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// findPane is find (f, ctrl+p): a prompt over the viewer, fuzzy matching
// the file set the tools search, live as it is typed, with each row marked
// by whether repo_find for the same query would return it.
type findPane struct {
	c             *common
	keys          keymap.FindKeys
	width, height int
	input         string
	done          bool

	ix         *fileIndex
	ixAt       fileVersion // the version of the file set ix indexes
	listGen    int         // of the index builds (one per opening)
	building   bool        // an index is being built
	keep       string      // the selected path, kept across a new index while listing
	unreadable int

	matchGen int
	latest   *atomic.Int64 // matchGen, for passes to see they are stale
	res      *findMatches  // the last pass that landed
	matching bool
	ranking  bool // every match is being ranked (the list was scrolled far)

	cursor, top int

	toolGen    int
	toolCancel func()
	toolFor    string              // the query the tool answered
	tool       *repoops.FindResult // nil: refused or not answered
	toolErr    string
	seen       map[string]bool // raw paths repo_find returns
	agent      agentState

	// The list once repo_find has answered (find_rows.go).
	returned []findRow // its paths, in its order
	// preview: the column showing the chosen file's start (find_preview.go)
	preview   findPreview
	others    []int32 // positions in res.hits of the fuzzy matches it does not return
	unmatched int     // returned rows fuzzy does not match
}

func newFindPane(c *common) *findPane {
	return &findPane{c: c, keys: keymap.NewFind(), latest: new(atomic.Int64)}
}

// openFind pushes find over the viewer. The file set is listed once and
// shared (fileset.go): a reopening finds its index built and matches the
// query at once.
func (m *Model) openFind() tea.Cmd {
	if m.find == nil {
		m.find = newFindPane(m.common)
	}
	p := m.find
	p.done, p.building = false, false
	p.listGen++
	m.pushOverlay(p)
	return tea.Batch(m.Files.Want(), p.sync())
}

// filesMsg is the file set indexed at one version.
type filesMsg struct {
	ix *fileIndex
	at fileVersion
}

// matchMsg is one fuzzy pass (nil when it gave up as stale).
type matchMsg struct{ res *findMatches }

// sync brings the index up to the file set as listed now: the one built
// for this version when there is one, else a new one built off the update
// loop (one build at a time; the next starts when it lands, from the set
// as it is then).
func (p *findPane) sync() tea.Cmd {
	s := p.c.Files
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
	return envelop(paneFind, jobLoad, p.listGen, func() tea.Msg {
		return filesMsg{ix: newFileIndex(raw, shown), at: v}
	})
}

// useIndex matches the query over a new index: from the whole index, as
// the last matches are positions in the old one.
func (p *findPane) useIndex(ix *fileIndex, at fileVersion) tea.Cmd {
	if r, ok := p.selected(); ok && p.cursor > 0 {
		p.keep = r.raw // more paths came in: stay on the chosen one
	}
	p.ix, p.ixAt, p.res = ix, at, nil
	p.unreadable = p.c.Files.Unreadable
	return p.rematch()
}

func (p *findPane) ID() paneID                { return paneFind }
func (p *findPane) Title() string             { return "Find" }
func (p *findPane) SetSize(w, h int)          { p.width, p.height = w, h; p.clamp() }
func (p *findPane) Size() (int, int)          { return p.width, p.height }
func (p *findPane) Area() overlayArea         { return areaViewer }
func (p *findPane) Done() bool                { return p.done }
func (p *findPane) ShortHelp() []key.Binding  { return p.keys.ShortHelp() }
func (p *findPane) FullHelp() [][]key.Binding { return p.keys.FullHelp() }
func (p *findPane) Agent() *agentState        { return &p.agent }
func (p *findPane) Loading() bool {
	return p.c.Files.Listing() || p.building || p.matching || p.ranking || p.toolCancel != nil
}

func (p *findPane) Generation(j job) int {
	switch j {
	case jobMatch:
		return p.matchGen
	case jobTool:
		return p.toolGen
	case jobFindPreview:
		return p.preview.gen
	}
	return p.listGen
}

// Close stops the listing, the pass and the tool call; the query and the
// results stay for the next opening.
func (p *findPane) Close() tea.Cmd {
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
func (p *findPane) args() repoops.FindArgs { return repoops.FindArgs{Query: p.input} }

func (p *findPane) AgentCall() (string, any, string) {
	if p.input == "" {
		return "", nil, "type a query: agent view shows repo_find for it"
	}
	return "repo_find", p.args(), ""
}

// Status is the selected path.
func (p *findPane) Status() statusFields {
	if r, ok := p.selected(); ok {
		return statusFields{Path: r.shown}
	}
	return statusFields{}
}

func (p *findPane) selected() (findRow, bool) {
	if p.cursor >= p.rowCount() {
		return findRow{}, false
	}
	return p.rowAt(p.cursor), true
}

func (p *findPane) body() int { return ui.ResultBody(p.view(false), p.height) }

func (p *findPane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case filesMsg:
		p.building = false
		s := p.c.Files
		if msg.at.Gen != s.Gen {
			return p.sync() // built on a set since forgotten
		}
		if s.FindIx == nil || s.FindAt.N < msg.at.N || msg.at.Done {
			s.FindIx, s.FindAt = msg.ix, msg.at
		}
		return tea.Batch(p.useIndex(msg.ix, msg.at), p.sync())
	case matchMsg:
		if msg.res == nil {
			return nil
		}
		kept := p.keep
		if p.ranking {
			p.ranking = false
		} else {
			p.cursor, p.top = 0, 0
			p.keep = ""
		}
		p.matching = false
		fresh := p.res == nil || p.res.query != msg.res.query
		p.res = msg.res
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
		if r, ok := p.selected(); ok && p.cursor > 0 {
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

func (p *findPane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys
	switch {
	case key.Matches(msg, k.Open):
		r, ok := p.selected()
		if !ok {
			return nil
		}
		p.done = true
		return p.c.GoTo(r.raw, 0, "")
	case key.Matches(msg, k.Preview):
		p.preview.on = !p.preview.on
		return p.previewCmd()
	case key.Matches(msg, k.Agent):
		p.agent.On = !p.agent.On
		p.agent.Top = 0
		return nil
	case key.Matches(msg, k.Copy):
		r, ok := p.selected()
		if !ok {
			return p.c.Copy("", "a path")
		}
		return p.c.Copy(r.shown, r.shown)
	case key.Matches(msg, k.CopyAll):
		return copyAgent(p.c, &p.agent, "repo_find")
	case key.Matches(msg, k.Up):
		return p.move(-1)
	case key.Matches(msg, k.Down):
		return p.move(1)
	case key.Matches(msg, k.PageUp):
		return p.move(-max(p.body()-1, 1))
	case key.Matches(msg, k.PageDown):
		return p.move(max(p.body()-1, 1))
	}
	switch msg.String() {
	case "ctrl+c":
		p.done = true
		return nil
	case "backspace", "ctrl+h":
		if p.input == "" {
			return nil
		}
		_, n := utf8.DecodeLastRuneInString(p.input)
		p.input = p.input[:len(p.input)-n]
	case "ctrl+u":
		if p.input == "" {
			return nil
		}
		p.input = ""
	default:
		if msg.Text == "" {
			return nil
		}
		p.input += msg.Text
	}
	p.keep = ""
	p.dropTool()
	return p.rematch()
}

// move moves the cursor (or scrolls the agent view's text).
func (p *findPane) move(d int) tea.Cmd {
	if p.agent.On {
		p.agent.Scroll(d, max(p.height-4, 1))
		return nil
	}
	p.cursor += d
	p.clamp()
	return tea.Batch(p.rankMore(), p.previewCmd())
}

// cursorTo puts the cursor on the row of the raw path, when it is listed.
func (p *findPane) cursorTo(raw string) {
	if raw == "" {
		return
	}
	for i := range p.rowCount() {
		if p.rowAt(i).raw == raw {
			p.cursor = i
			return
		}
	}
}

func (p *findPane) clamp() {
	n := p.rowCount()
	body := ui.ResultBody(p.view(false), p.height)
	p.cursor = max(min(p.cursor, n-1), 0)
	if p.cursor < p.top {
		p.top = p.cursor
	}
	if p.cursor >= p.top+body {
		p.top = p.cursor - body + 1
	}
	p.top = max(min(p.top, n-body), 0)
}

// rematch starts a pass for the query. The previous pass's matches are the
// pool when the query grew from it; a pass still running for an older
// query gives up (latest), and its answer would be dropped anyway.
func (p *findPane) rematch() tea.Cmd {
	if p.ix == nil {
		return nil
	}
	p.matchGen++
	gen := int64(p.matchGen)
	p.latest.Store(gen)
	p.matching, p.ranking = true, false
	ix, q, base, latest := p.ix, p.input, p.res, p.latest
	return envelop(paneFind, jobMatch, p.matchGen, func() tea.Msg {
		return matchMsg{res: matchFiles(ix, q, base, findRankFirst, func() bool { return latest.Load() != gen })}
	})
}

// rankMore ranks every match once the cursor nears the end of the ranked
// ones, in the same generation as the pass it completes.
func (p *findPane) rankMore() tea.Cmd {
	r := p.res
	if r == nil || r.complete() || p.ranking || p.cursor < p.rowCount()-2*max(p.body(), 1) {
		return nil
	}
	p.ranking = true
	ix := p.ix
	return envelop(paneFind, jobMatch, p.matchGen, func() tea.Msg { return matchMsg{res: r.rankAll(ix)} })
}
