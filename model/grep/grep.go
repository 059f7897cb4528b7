// Package grep is the content search (s): a fixed string across the file
// set, run by repo_grep's own scanner, every match streamed in grouped by
// file and marked by whether repo_grep's text shows it to the model. It
// builds on model/results, the list base it shares with find.
package grep

import (
	"context"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/results"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Pane is the content search (s): a fixed string across the file
// set, run by repo_grep's own scanner (Session.GrepStream), every match
// streamed in grouped by file, each marked by whether repo_grep's text for
// the same request shows it to the model.
type Pane struct {
	results.Base
	keys keymap.SearchKeys

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

	rows []searchRow
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

func New(c *pane.Common) *Pane {
	return &Pane{Base: results.Base{C: c}, keys: c.Keys.Search, caseSensitive: true}
}

// Open readies the search to be pushed over the viewer again, its request
// and results kept.
func (p *Pane) Open() tea.Cmd {
	p.Closed = false
	return nil
}

func (p *Pane) ID() pane.ID               { return pane.Search }
func (p *Pane) Title() string             { return "Search" }
func (p *Pane) SetSize(w, h int)          { p.Width, p.Height = w, h; p.clamp() }
func (p *Pane) ShortHelp() []key.Binding  { return p.keys.ShortHelp() }
func (p *Pane) FullHelp() [][]key.Binding { return p.keys.FullHelp() }
func (p *Pane) Loading() bool             { return p.running }
func (p *Pane) Generation(pane.Job) int   { return p.gen }

// Close cancels a running search; the request and results stay.
func (p *Pane) Close() tea.Cmd {
	p.stop()
	return nil
}

// Escape is esc while the overlay is open: it cancels a running search
// (true) instead of closing.
func (p *Pane) Escape() bool {
	if !p.running {
		return false
	}
	p.stop()
	return true
}

// stop cancels the running search, keeping what it found so far.
func (p *Pane) stop() {
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
func (p *Pane) args() repoops.GrepArgs {
	cs := p.caseSensitive
	return repoops.GrepArgs{Pattern: p.pattern, Path: p.scope, CaseSensitive: &cs}
}

func (p *Pane) AgentCall() (string, any, string) {
	if p.pattern == "" {
		return "", nil, "type a pattern: agent view shows repo_grep for it"
	}
	return repoops.ToolGrep, p.args(), ""
}

func (p *Pane) Status() pane.Status {
	if r, ok := p.selected(); ok {
		if r.line >= 0 {
			return pane.Status{Path: r.file.shown + ":" + repoops.Commas(r.file.lines[r.line].Line)}
		}
		return pane.Status{Path: r.file.shown}
	}
	return pane.Status{}
}

func (p *Pane) selected() (searchRow, bool) {
	if p.Cursor < 0 || p.Cursor >= len(p.rows) || p.rows[p.Cursor].rule {
		return searchRow{}, false
	}
	return p.rows[p.Cursor], true
}

// current reports whether the results shown are for the request as typed.
func (p *Pane) current() bool {
	a := p.args()
	return p.ran.Pattern == a.Pattern && p.ran.Path == a.Path && p.ran.CaseSensitive != nil && *p.ran.CaseSensitive == *a.CaseSensitive
}

func (p *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case searchBatchMsg:
		return p.onBatch(msg)
	}
	return nil
}

func (p *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
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
		p.Closed = true
		p.stop()
		return p.C.GoTo(r.file.path, h.Line, p.ran.Pattern)
	case key.Matches(msg, k.Agent):
		p.ToggleAgent()
		return nil
	case key.Matches(msg, k.Copy):
		r, ok := p.selected()
		if !ok {
			return p.C.Copy("", "a match")
		}
		text := r.file.shown
		if r.line >= 0 {
			text += ":" + strconv.Itoa(r.file.lines[r.line].Line)
		}
		return p.C.Copy(text, text)
	case key.Matches(msg, k.CopyAll):
		return p.CopyAgent(repoops.ToolGrep)
	case key.Matches(msg, k.Case):
		p.caseSensitive = !p.caseSensitive
		p.stop()
		return nil
	case key.Matches(msg, k.Scope):
		p.field = 1 - p.field
		return nil
	}
	if d, ok := results.Step(msg, k.Finder, p.body()); ok {
		return p.move(d)
	}
	if key.Matches(msg, k.Close) {
		p.Closed = true
		return nil
	}
	field := &p.pattern
	if p.field == 1 {
		field = &p.scope
	}
	// A keystroke in a field cancels the running search; so does ctrl+u
	// on an empty one.
	if edited, changed := results.Edit(p.C.Keys.Typing, field, msg); changed || (edited && key.Matches(msg, p.C.Keys.Typing.Clear)) {
		p.stop()
	}
	return nil
}

func (p *Pane) move(d int) tea.Cmd {
	if p.AgentView.On {
		p.AgentView.Scroll(d, results.AgentBody(p.Height, 2))
		return nil
	}
	p.Move(d, len(p.rows), p.body(), func(i int) bool { return p.rows[i].rule })
	return nil
}

func (p *Pane) body() int { return ui.ResultBody(p.frame(false), p.Height) }

func (p *Pane) clamp() { p.Clamp(len(p.rows), p.body()) }
