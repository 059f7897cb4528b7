package viewer

import (
	"sort"

	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Viewer window sizes, the tool's own caps. A window is one repo_read_file
// Call; the largest limit the tool accepts keeps the number of reads (each
// of which scans the file to count its lines) as small as it can be.
const (
	windowLimit  = repoops.ReadMaxLimit
	defaultLimit = repoops.ReadDefaultLimit // a default read's limit (the agent view's call)
)

// line is one file line ready to draw.
type line struct {
	text   string     // display form (tabs expanded, controls visible)
	raw    string     // the tool's text of the line, as a model would copy it
	tokens []ui.Token // highlighted runs of text
	cut    int        // characters the tool cut from this line
	width  int        // cells the drawn line takes, cut marker included
}

// chunk is the lines of one answered window, first line first.
type chunk struct {
	start int
	lines []line
}

func (c *chunk) end() int { return c.start + len(c.lines) - 1 }

// Pane is the open file: which windows have arrived, where the view
// is, and the in-file search. Lines are numbered as the model sees them.
type Pane struct {
	c *pane.Common

	path    string // repo-relative raw path; "" when nothing is open
	gen     int    // bumped per open/reload; older windows are dropped
	total   int    // lines in the file; -1 until the first window answers
	refusal string // the tool's refusal, shown instead of lines
	empty   string // the tool's text for an empty file
	chunks  []*chunk

	req      *readReq // the window being read, if any
	reqSeq   int
	wantLine int // line to put the cursor on once the first window lands
	pastEnd  int // the line asked for was past the end (said once the file is in)

	top     int // first visible row
	cursor  int // cursor line (1-based)
	hscroll int
	wrap    bool // long lines wrap onto more rows (w); remembered between runs
	// skip: screen rows of line skipLine scrolled past, when it is the
	// cursor line, wrapped, taller than the screen and at the top.
	skip, skipLine int

	count   int    // a count typed before a motion (50j, 10G); 0: none
	pending string // the first key of a two-key motion (z of zz)
	width   int
	height  int // title included

	gate    *repoops.GateVerdict // the core's verdict; nil until it is in
	gateSeq int

	// refreshing: the file changed on disk and is being read again in
	// place (follow.go); the old lines stay on screen meanwhile.
	refreshing bool

	// stop is the last line a default repo_read_file returns, from a read
	// that started at line 1 (the rule goes under it when it is before the
	// end); stopKnown says a result told it. stopCut: the output cap, not
	// the limit, ends it.
	stop      int
	stopKnown bool
	stopCut   bool
	// notes are the tool's notes on the file (CRLF, not valid UTF-8, byte
	// order mark), from every window read, for the header.
	crlf, invalid, bom bool
	hidden             hiddenNote // an ignore rule hides it (hidden.go)

	search searchState
	// replayed: the file as the session chosen in the sessions pane left
	// it, instead of the file on disk (R; replayed.go)
	replayed bool
	blame    blameState     // agent blame (b; blame.go)
	sel      int            // anchor line of the selected range (v/V); 0: none
	styled   map[int]string // line -> styled text, for the current styles and search
	agent    pane.AgentState
}

// readReq is a window read in flight.
type readReq struct {
	seq           int
	offset, limit int
	cancel        func()
}

// SetSize sets the pane's size in cells.
func (v *Pane) SetSize(w, h int) {
	v.width, v.height = w, h
	if v.total > 0 {
		v.showCursor() // the cursor stays on its line: the view scrolls to it
		return
	}
	v.clampTop()
}

// body is how many rows of lines fit.
func (v *Pane) body() int {
	h := v.height - 1
	if v.search.footer() != "" {
		h--
	}
	return max(h, 1)
}

// ruleAt is the line the rule goes under: where a default repo_read_file
// stops, when it stops before the end; 0 for no rule.
func (v *Pane) ruleAt() int {
	if v.stopKnown && v.stop > 0 && v.stop < v.total {
		return v.stop
	}
	return 0
}

// rows is the number of rows: every line, plus the rule under the line
// where a default read stops, when it stops before the end.
func (v *Pane) rows() int {
	if v.total <= 0 {
		return 0
	}
	if v.ruleAt() > 0 {
		return v.total + 1
	}
	return v.total
}

// rowOf maps a line number to its row; lineAt maps back (0 for the rule).
func (v *Pane) rowOf(n int) int {
	if r := v.ruleAt(); r > 0 && n > r {
		return n
	}
	return n - 1
}

func (v *Pane) lineAt(row int) int {
	if r := v.ruleAt(); r > 0 {
		switch {
		case row == r:
			return 0
		case row > r:
			return row
		}
	}
	return row + 1
}

// find returns the loaded line n.
func (v *Pane) find(n int) (*line, bool) {
	i := sort.Search(len(v.chunks), func(i int) bool { return v.chunks[i].end() >= n })
	if i < len(v.chunks) && v.chunks[i].start <= n {
		return &v.chunks[i].lines[n-v.chunks[i].start], true
	}
	return nil, false
}

// addChunk merges an answered window. Overlaps are dropped: a line already
// held is the same line.
func (v *Pane) addChunk(c *chunk) {
	// Trim lines already loaded.
	var keep []line
	start := 0
	for i := range c.lines {
		n := c.start + i
		if _, ok := v.find(n); ok {
			if keep != nil {
				v.insertChunk(&chunk{start: start, lines: keep})
				keep = nil
			}
			continue
		}
		if keep == nil {
			start = n
		}
		keep = append(keep, c.lines[i])
	}
	if keep != nil {
		v.insertChunk(&chunk{start: start, lines: keep})
	}
}

// maxHeldLines bounds the lines kept in memory; windows far from the
// cursor are dropped first (and read again if the view comes back).
const maxHeldLines = 100_000

// evict drops the chunks farthest from the cursor until the rest fit,
// never the one just added (keep).
func (v *Pane) evict(keep *chunk) {
	for v.loadedLines() > maxHeldLines && len(v.chunks) > 1 {
		far, dist := -1, -1
		for i, c := range v.chunks {
			if c == keep {
				continue
			}
			d := max(c.start-v.cursor, v.cursor-c.end(), 0)
			if d > dist {
				far, dist = i, d
			}
		}
		if far < 0 {
			return
		}
		v.chunks = append(v.chunks[:far], v.chunks[far+1:]...)
	}
}

func (v *Pane) insertChunk(c *chunk) {
	i := sort.Search(len(v.chunks), func(i int) bool { return v.chunks[i].start > c.start })
	v.chunks = append(v.chunks, nil)
	copy(v.chunks[i+1:], v.chunks[i:])
	v.chunks[i] = c
	v.evict(c)
}

// loadedLines counts lines held, for the "fully loaded" test of search.
func (v *Pane) loadedLines() int {
	n := 0
	for _, c := range v.chunks {
		n += len(c.lines)
	}
	return n
}

// clampTop keeps the view inside the rows and the cursor on screen.
func (v *Pane) clampTop() {
	v.top = max(min(v.top, v.maxTop()), 0)
	if v.total > 0 {
		v.cursor = min(max(v.cursor, 1), v.total)
		cr := v.rowOf(v.cursor)
		if cr < v.top {
			v.cursor = v.lineAt(v.top)
			if v.cursor == 0 {
				v.cursor = v.ruleAt() + 1
			}
		}
		if last := v.lastRow(); cr > last {
			v.cursor = v.lineAt(last)
			if v.cursor == 0 {
				v.cursor = v.ruleAt()
			}
		}
	}
}

// moveCursor moves the cursor by d lines and scrolls to keep it visible.
func (v *Pane) moveCursor(d int) {
	if v.total <= 0 {
		return
	}
	v.cursor = min(max(v.cursor+d, 1), v.total)
	v.showCursor()
}

// showCursor scrolls so the cursor line is on screen.
func (v *Pane) showCursor() {
	r, body := v.rowOf(v.cursor), v.body()
	if r < v.top {
		v.top = r
	}
	if r >= v.top+body {
		v.top = r - body + 1
	}
	v.fitCursor()
	// keep the rule visible with the line above it when scrolling up to it
	v.clampTop()
}

// CenterOn puts line n in the middle of the view (jumps: FILE:LINE, search).
func (v *Pane) CenterOn(n int) {
	v.cursor = n
	v.top = v.rowOf(n) - v.body()/2
	v.clampTop()
}

// scroll moves the view by d rows (wheel, half pages), dragging the cursor.
func (v *Pane) scroll(d int) {
	v.skipLine = 0
	v.top += d
	v.clampTop()
}

// visibleRange is the first and last line on screen.
func (v *Pane) visibleRange() (int, int) {
	first := v.lineAt(v.top)
	if first == 0 {
		first = v.ruleAt() + 1
	}
	last := v.lineAt(v.lastRow())
	if last == 0 {
		last = v.ruleAt()
	}
	return first, max(min(last, v.total), first)
}

// gateOf describes the read-before-edit gate for the open file from what
// the session has seen of it (before the core's verdict on the file as it
// is now comes in): which lines, of how many.
func gateOf(s *repoops.Session, path string) (ui.GateState, string) {
	if path == "" {
		return ui.GateNone, ""
	}
	head := "edit gate (" + GateOwner + "): "
	rec, ok := s.Seen(path)
	switch {
	case !ok:
		return ui.GateNotRead, head + "shut — " + repoops.GateNeverRead.String()
	case rec.All():
		return ui.GateFull, head + "open — " + rec.Summary() + " seen"
	case rec.Count() == 0:
		return ui.GatePartial, head + "shut — " + rec.Summary() + " seen"
	}
	return ui.GatePartial, head + rec.Summary() + " seen — edits of those allowed"
}
