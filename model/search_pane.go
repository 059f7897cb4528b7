package model

import (
	"context"
	"strconv"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// searchPane is the content search (s): a fixed string across the file
// set, run by repo_grep's own scanner (Session.GrepStream), every match
// streamed in grouped by file, each marked by whether repo_grep's text for
// the same request shows it to the model.
type searchPane struct {
	c             *common
	keys          keymap.SearchKeys
	width, height int
	done          bool

	pattern, scope string
	field          int  // 0: the pattern, 1: the path
	caseSensitive  bool // repo_grep's case_sensitive; true by default, as the tool's

	gen       int // the current search; older batches are dropped
	cancel    func()
	ctx       context.Context // the running search's
	running   bool
	cancelled bool
	ran       repoops.GrepArgs // the request the results are for

	files      []*searchFile // path order, as repo_grep lists them
	byPath     map[string]*searchFile
	totalLines int
	prog       repoops.GrepProgress
	res        *repoops.GrepResult // repo_grep's result, once the search is done
	err        string
	seen       map[string]map[int]bool // display path -> lines the model is shown

	rows        []searchRow
	cursor, top int
	agent       agentState
}

type searchFile struct {
	path, shown string
	count       int
	lines       []repoops.GrepHit
}

// searchRow is one row of the flattened list: a file's heading (line < 0),
// one of its matching lines, or the rule where the model's lines end.
type searchRow struct {
	file *searchFile
	line int // index into file.lines; -1 for the heading
	rule bool
}

func newSearchPane(c *common) *searchPane {
	return &searchPane{c: c, keys: keymap.NewSearch(), caseSensitive: true}
}

// openSearch pushes the search over the viewer.
func (m *Model) openSearch() tea.Cmd {
	if m.search == nil {
		m.search = newSearchPane(m.common)
	}
	m.search.done = false
	m.pushOverlay(m.search)
	return nil
}

func (p *searchPane) ID() paneID                { return paneSearch }
func (p *searchPane) Title() string             { return "Search" }
func (p *searchPane) SetSize(w, h int)          { p.width, p.height = w, h; p.clamp() }
func (p *searchPane) Size() (int, int)          { return p.width, p.height }
func (p *searchPane) Area() overlayArea         { return areaViewer }
func (p *searchPane) Done() bool                { return p.done }
func (p *searchPane) ShortHelp() []key.Binding  { return p.keys.ShortHelp() }
func (p *searchPane) FullHelp() [][]key.Binding { return p.keys.FullHelp() }
func (p *searchPane) Agent() *agentState        { return &p.agent }
func (p *searchPane) Loading() bool             { return p.running }
func (p *searchPane) Generation(job) int        { return p.gen }

// Close cancels a running search; the request and results stay.
func (p *searchPane) Close() tea.Cmd {
	p.stop()
	return nil
}

// Escape is esc while the overlay is open: it cancels a running search
// (true) instead of closing.
func (p *searchPane) Escape() bool {
	if !p.running {
		return false
	}
	p.stop()
	return true
}

// stop cancels the running search, keeping what it found so far.
func (p *searchPane) stop() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	if p.running {
		p.running, p.cancelled = false, true
		p.gen++
	}
}

// args is the repo_grep call for the request as typed.
func (p *searchPane) args() repoops.GrepArgs {
	cs := p.caseSensitive
	return repoops.GrepArgs{Pattern: p.pattern, Path: p.scope, CaseSensitive: &cs}
}

func (p *searchPane) AgentCall() (string, any, string) {
	if p.pattern == "" {
		return "", nil, "type a pattern: agent view shows repo_grep for it"
	}
	return "repo_grep", p.args(), ""
}

func (p *searchPane) Status() statusFields {
	if r, ok := p.selected(); ok {
		if r.line >= 0 {
			return statusFields{Path: r.file.shown + ":" + repoops.Commas(r.file.lines[r.line].Line)}
		}
		return statusFields{Path: r.file.shown}
	}
	return statusFields{}
}

func (p *searchPane) selected() (searchRow, bool) {
	if p.cursor < 0 || p.cursor >= len(p.rows) || p.rows[p.cursor].rule {
		return searchRow{}, false
	}
	return p.rows[p.cursor], true
}

// current reports whether the results shown are for the request as typed.
func (p *searchPane) current() bool {
	a := p.args()
	return p.ran.Pattern == a.Pattern && p.ran.Path == a.Path && p.ran.CaseSensitive != nil && *p.ran.CaseSensitive == *a.CaseSensitive
}

func (p *searchPane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case searchBatchMsg:
		return p.onBatch(msg)
	}
	return nil
}

func (p *searchPane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys
	switch {
	case key.Matches(msg, k.Open):
		if p.pattern == "" {
			return nil
		}
		if !p.current() || (!p.running && p.cancelled) || len(p.rows) == 0 {
			if p.running && p.current() {
				return nil
			}
			return p.start()
		}
		r, ok := p.selected()
		if !ok {
			return nil
		}
		h := r.file.lines[max(r.line, 0)]
		p.done = true
		p.stop()
		return p.c.GoTo(r.file.path, h.Line, p.ran.Pattern)
	case key.Matches(msg, k.Agent):
		p.agent.On = !p.agent.On
		p.agent.Top = 0
		return nil
	case key.Matches(msg, k.Copy):
		r, ok := p.selected()
		if !ok {
			return p.c.Copy("", "a match")
		}
		text := r.file.shown
		if r.line >= 0 {
			text += ":" + strconv.Itoa(r.file.lines[r.line].Line)
		}
		return p.c.Copy(text, text)
	case key.Matches(msg, k.CopyAll):
		return copyAgent(p.c, &p.agent, "repo_grep")
	case key.Matches(msg, k.Case):
		p.caseSensitive = !p.caseSensitive
		p.stop()
		return nil
	case key.Matches(msg, k.Scope):
		p.field = 1 - p.field
		return nil
	case key.Matches(msg, k.Up):
		return p.move(-1)
	case key.Matches(msg, k.Down):
		return p.move(1)
	case key.Matches(msg, k.PageUp):
		return p.move(-max(p.body()-1, 1))
	case key.Matches(msg, k.PageDown):
		return p.move(max(p.body()-1, 1))
	}
	field := &p.pattern
	if p.field == 1 {
		field = &p.scope
	}
	switch msg.String() {
	case "ctrl+c":
		p.done = true
		return nil
	case "backspace", "ctrl+h":
		if *field == "" {
			return nil
		}
		_, n := utf8.DecodeLastRuneInString(*field)
		*field = (*field)[:len(*field)-n]
	case "ctrl+u":
		*field = ""
	default:
		if msg.Text == "" {
			return nil
		}
		*field += msg.Text
	}
	p.stop() // a new keystroke cancels the running search
	return nil
}

func (p *searchPane) move(d int) tea.Cmd {
	if p.agent.On {
		p.agent.Scroll(d, max(p.height-5, 1))
		return nil
	}
	p.cursor += d
	if p.cursor >= 0 && p.cursor < len(p.rows) && p.rows[p.cursor].rule {
		p.cursor += d / max(abs(d), 1)
	}
	p.clamp()
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (p *searchPane) body() int { return ui.ResultBody(p.frame(false), p.height) }

func (p *searchPane) clamp() {
	body := p.body()
	p.cursor = max(min(p.cursor, len(p.rows)-1), 0)
	if p.cursor < p.top {
		p.top = p.cursor
	}
	if p.cursor >= p.top+body {
		p.top = p.cursor - body + 1
	}
	p.top = max(min(p.top, len(p.rows)-body), 0)
}

// escaper is an overlay that may take esc for itself (search cancels a
// running search) before esc closes it.
type escaper interface {
	Escape() bool
}

// textOverlay is an overlay that letters are typed into (find, search):
// the global keys do not apply while it is on top, so the hint line shows
// only its own.
type textOverlay interface {
	overlay
	takesText()
}

func (*findPane) takesText()   {}
func (*searchPane) takesText() {}
