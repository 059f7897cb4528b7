package model

import (
	"context"
	"sort"
	"strconv"
	"sync"
	"time"
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

// grepFeed carries a running search's findings from its goroutines to the
// update loop: the search appends, the loop takes what piled up.
type grepFeed struct {
	mu    sync.Mutex
	files []repoops.GrepFileHits
	prog  repoops.GrepProgress
	done  bool
	res   *repoops.GrepResult
	err   error
	wake  chan struct{}
}

func (f *grepFeed) poke() {
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

// searchBatchMsg is what a running search found since the last batch.
type searchBatchMsg struct {
	feed  *grepFeed
	files []repoops.GrepFileHits
	prog  repoops.GrepProgress
	done  bool
	res   *repoops.GrepResult
	err   error
}

// searchBatchEvery is how often a running search hands over what it found
// after its first batch (the first goes out at once).
const searchBatchEvery = 40 * time.Millisecond

// start runs the request: a new generation, the old results cleared.
func (p *searchPane) start() tea.Cmd {
	p.stop()
	p.gen++
	p.running, p.cancelled = true, false
	p.ran = p.args()
	p.files, p.byPath, p.totalLines = nil, map[string]*searchFile{}, 0
	p.prog, p.res, p.err, p.seen = repoops.GrepProgress{}, nil, "", nil
	p.rows, p.cursor, p.top = nil, 0, 0
	p.agent = agentState{on: p.agent.on, loading: true, tool: "repo_grep", call: repoops.CallText("repo_grep", p.ran)}
	ctx, cancel := context.WithCancel(p.c.ctx)
	p.cancel, p.ctx = cancel, ctx
	feed := &grepFeed{wake: make(chan struct{}, 1)}
	s, args := p.c.session, p.ran
	st := &repoops.GrepStream{
		OnFile: func(h repoops.GrepFileHits) {
			feed.mu.Lock()
			feed.files = append(feed.files, h)
			feed.mu.Unlock()
			feed.poke()
		},
		OnProgress: func(pr repoops.GrepProgress) {
			feed.mu.Lock()
			if pr.Done >= feed.prog.Done {
				feed.prog = pr
			}
			feed.mu.Unlock()
		},
	}
	run := func() {
		res, err := s.GrepStream(ctx, args, st)
		feed.mu.Lock()
		feed.done, feed.res, feed.err = true, res, err
		feed.mu.Unlock()
		feed.poke()
	}
	return p.wait(ctx, feed, run)
}

// wait takes the next batch. The first command starts the search (run)
// and answers at its first match (or the end); every later one answers
// after searchBatchEvery with what piled up, or at once when the search
// ends, so a fast search does not flood the loop and the progress moves.
func (p *searchPane) wait(ctx context.Context, feed *grepFeed, run func()) tea.Cmd {
	return envelop(paneSearch, jobMatch, p.gen, func() tea.Msg {
		deadline := time.NewTimer(searchBatchEvery)
		defer deadline.Stop()
		if run != nil {
			go run()
		}
	wait:
		for {
			select {
			case <-feed.wake:
				if run != nil || feed.finished() {
					break wait
				}
			case <-deadline.C:
				break wait
			case <-ctx.Done():
				return nil
			}
		}
		feed.mu.Lock()
		defer feed.mu.Unlock()
		m := searchBatchMsg{feed: feed, files: feed.files, prog: feed.prog, done: feed.done, res: feed.res, err: feed.err}
		feed.files = nil
		return m
	})
}

func (f *grepFeed) finished() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.done
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

func (p *searchPane) onBatch(msg searchBatchMsg) tea.Cmd {
	keep := p.rowKey()
	for _, h := range msg.files {
		f := &searchFile{path: h.Path, shown: repoops.DisplayPath(h.Path), count: h.Count, lines: h.Lines}
		i := sort.Search(len(p.files), func(i int) bool { return repoops.PathLess(h.Path, p.files[i].path) })
		p.files = append(p.files, nil)
		copy(p.files[i+1:], p.files[i:])
		p.files[i] = f
		p.byPath[f.shown] = f
		p.totalLines += h.Count
	}
	p.prog = msg.prog
	if msg.done {
		p.running = false
		p.cancel = nil
		if msg.err != nil {
			p.err = msg.err.Error()
			p.agent.apply(repoops.Result{IsError: true, Text: p.err})
		} else {
			p.res = msg.res
			p.agent.apply(repoops.Result{Text: msg.res.Render(), Structured: msg.res})
			p.seen = map[string]map[int]bool{}
			for _, f := range msg.res.Files {
				ls := map[int]bool{}
				for _, l := range f.Lines {
					ls[l.Line] = true
				}
				p.seen[f.Path] = ls
			}
		}
	}
	p.rebuild(keep)
	if msg.done {
		return nil
	}
	return p.wait(p.ctx, msg.feed, nil)
}

// rowKey names the cursor's row, to find it again after a rebuild.
func (p *searchPane) rowKey() [2]any {
	if r, ok := p.selected(); ok {
		return [2]any{r.file, r.line}
	}
	return [2]any{}
}

// rebuild flattens the files into rows, keeping the cursor on its row.
// The rule goes after the last line the model is shown.
func (p *searchPane) rebuild(keep [2]any) {
	p.rows = p.rows[:0]
	lastSeen := -1
	for _, f := range p.files {
		p.rows = append(p.rows, searchRow{file: f, line: -1})
		for i := range f.lines {
			p.rows = append(p.rows, searchRow{file: f, line: i})
			if p.seen != nil && p.seen[f.shown][f.lines[i].Line] {
				lastSeen = len(p.rows) - 1
			}
		}
	}
	if p.res != nil && p.res.ShownLines < p.res.TotalLines && lastSeen >= 0 {
		p.rows = append(p.rows[:lastSeen+1], append([]searchRow{{rule: true}}, p.rows[lastSeen+1:]...)...)
	}
	if keep != ([2]any{}) {
		for i, r := range p.rows {
			if !r.rule && [2]any{r.file, r.line} == keep {
				p.cursor = i
				break
			}
		}
	}
	p.clamp()
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
		return p.c.goTo(r.file.path, h.Line, p.ran.Pattern)
	case key.Matches(msg, k.Agent):
		p.agent.on = !p.agent.on
		p.agent.top = 0
		return nil
	case key.Matches(msg, k.Copy):
		r, ok := p.selected()
		if !ok {
			return p.c.copy("", "a match")
		}
		text := r.file.shown
		if r.line >= 0 {
			text += ":" + strconv.Itoa(r.file.lines[r.line].Line)
		}
		return p.c.copy(text, text)
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
	if p.agent.on {
		p.agent.scroll(d, max(p.height-5, 1))
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

func (p *searchPane) View(w, h int, focused bool) string {
	v := p.frame(focused)
	if !p.agent.on {
		v.Rows = p.rowsView(ui.ResultBody(v, h))
		return p.c.styles.RenderResults(v, w, h)
	}
	head := ui.ResultView{Title: v.Title, Prompt: v.Prompt, Active: v.Active, Focused: focused}
	top := p.c.styles.RenderResults(head, w, 1+len(v.Prompt))
	body := max(h-1-len(v.Prompt), 1)
	a := &p.agent
	if a.call == "" {
		return top + "\n" + p.c.styles.RenderResults(ui.ResultView{Message: "enter searches: agent view shows repo_grep for it"}, w, body)
	}
	end := min(a.top+max(body-2, 0), len(a.lines))
	var lines []string
	if a.top < end {
		lines = a.lines[a.top:end]
	}
	return top + "\n" + p.c.styles.RenderAgent(ui.AgentView{Title: "agent view · repo_grep  (tab: back to the list)", Call: a.call, Lines: lines, Loading: a.loading, IsError: a.isError, Focused: focused, Spinner: p.c.spinFrame()}, w, body)
}

// frame is the overlay without its rows: title, prompt, footer.
func (p *searchPane) frame(focused bool) ui.ResultView {
	cs := "[Aa] case-sensitive"
	if !p.caseSensitive {
		cs = "[aa] ignoring case"
	}
	v := ui.ResultView{Title: "search", Prompt: []string{"search: " + p.pattern, "path:   " + p.scope}, Active: p.field, Focused: focused}
	switch {
	case p.err != "":
		v.Message, v.IsError = p.err, true
	case p.ran.Pattern == "":
		v.Message = "type a fixed string and press enter: every match in the file set, grouped by file, each marked by whether repo_grep's text shows it (" + ui.GlyphSeen + " shown, " + ui.GlyphUnseen + " not)."
	case len(p.files) == 0 && p.running:
		v.Message = "searching…"
	case len(p.files) == 0 && p.res != nil:
		v.Message = "no match: " + p.res.Render()
	case len(p.files) == 0 && p.cancelled:
		v.Message = "cancelled before any match · enter searches again"
	}
	if p.ran.Pattern != "" {
		v.Title += "  " + repoops.Plural(p.totalLines, "line", "lines") + " in " + repoops.Plural(len(p.files), "file", "files")
		if p.running {
			v.Title += " " + p.c.spinFrame()
		}
	}
	v.Title += "  " + cs + " (alt+c)"
	v.Footer = p.footer()
	return v
}

// footer is the progress while the search runs, then the model's cut.
func (p *searchPane) footer() string {
	pr := p.prog
	of := repoops.Commas(pr.Listed)
	if !pr.ListingDone {
		of += "+ (listing)"
	}
	switch {
	case p.ran.Pattern == "":
		return ""
	case p.running:
		return p.c.spinFrame() + " searched " + repoops.Commas(pr.Searched) + " of " + of + " files · skipped " + repoops.Commas(pr.Skipped()) + " · esc cancels"
	case p.cancelled:
		return "cancelled at " + repoops.Commas(pr.Done) + " of " + of + " files · enter searches again"
	case p.res == nil:
		return ""
	case !p.current():
		return "the request changed · enter searches again"
	}
	r := p.res
	s := "repo_grep: " + ui.GlyphSeen + " " + repoops.Commas(r.ShownLines) + " shown"
	if r.ShownLines < r.TotalLines {
		s += " of " + repoops.Commas(r.TotalLines) + " lines in " + repoops.Plural(r.TotalFiles, "file", "files") + " · " + ui.GlyphUnseen + " not shown to the model"
	}
	return s + " · searched " + repoops.Commas(r.Searched) + " · tab: its text"
}

// rowsView describes the visible rows.
func (p *searchPane) rowsView(body int) []ui.ResultRow {
	var out []ui.ResultRow
	for i := p.top; i < min(p.top+body, len(p.rows)); i++ {
		r := p.rows[i]
		if r.rule {
			out = append(out, ui.ResultRow{Text: "── repo_grep stops here: " + repoops.Commas(p.res.ShownLines) + " of " + repoops.Commas(p.res.TotalLines) + " lines shown to the model ──", Header: true})
			continue
		}
		f := r.file
		row := ui.ResultRow{Cursor: i == p.cursor}
		if r.line < 0 {
			row.Text, row.Header = f.shown, true
			row.Note = repoops.Plural(f.count, "line", "lines")
			if p.seen != nil {
				row.Mark = ui.MarkUnseen
				if _, ok := p.seen[f.shown]; ok {
					row.Mark = ui.MarkSeen
				}
			}
		} else {
			h := f.lines[r.line]
			num := strconv.Itoa(h.Line) + ": "
			row.Text = "  " + num + ui.DisplayText(lead(h.Text[:h.Start], max(p.width/3, 8)))
			start := len(row.Text)
			row.Text += ui.DisplayText(h.Text[h.Start:h.End])
			row.Spans = [][2]int{{start, len(row.Text)}}
			row.Text += ui.DisplayText(h.Text[h.End:])
			if p.seen != nil {
				row.Mark = ui.MarkUnseen
				if p.seen[f.shown][h.Line] {
					row.Mark = ui.MarkSeen
				}
			}
		}
		out = append(out, row)
	}
	return out
}

// lead keeps the last n runes of s, with … where it was cut, so a match
// far along a long line stays on screen.
func lead(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return "…" + string(r[len(r)-n:])
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
