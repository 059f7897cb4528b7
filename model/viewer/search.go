package viewer

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// searchState is the viewer's in-file search. The query in force is
// matched (smart case) against the display text of the lines on screen at
// once, and a scan of the whole file, from line 1 to the end, runs in the
// background (search_scan.go): it reads windows through the look session
// (recording no read), keeps the lines that match, and reports progress;
// esc stops it. n and N move among the matches the scan has found, and
// wait for it where it has not got to yet.
type searchState struct {
	typing  bool   // the prompt is open
	input   string // what is being typed
	query   string // the query in force (what is typed, while typing)
	forward bool
	origin  int // the cursor line when the prompt opened (esc goes back)
	originT int // and the first row

	line, index int    // current match: line and index among that line's matches
	wrapped     bool   // the last move went past the end (or start)
	status      string // a message instead of the count ("no match for …")

	scan searchScan
	// want is a move waiting for the scan: +1 next, -1 previous (0: none),
	// from the line the move started after (wantFrom), wantN times.
	want, wantFrom, wantN int
}

// searchHit is a line with n matches.
type searchHit struct{ line, n int }

func (s *searchState) reset() {
	s.scan.stop()
	gen := s.scan.gen
	*s = searchState{}
	s.scan.gen = gen + 1 // a batch still on its way is stale
}

// footer is the viewer's bottom line while a search is in force.
func (s *searchState) footer() string {
	switch {
	case s.typing:
		f := "/" + s.input + "▏"
		if c := s.countText(); c != "" && s.input != "" {
			f += "  " + c
		}
		return f
	case s.status != "":
		return s.status
	case s.query != "":
		f := "/" + s.query + "  " + s.countText()
		if !s.scan.running && !s.scan.stopped && s.scan.query == s.query {
			f += " · n next, N previous"
			if s.wrapped {
				f += " (wrapped)"
			}
		}
		return f
	}
	return ""
}

// countText is "3/11" and how far the scan is: "3/11+ · searching 40%
// of 50,000 lines · esc stops".
func (s *searchState) countText() string {
	sc := &s.scan
	if sc.query != s.query || s.query == "" {
		return ""
	}
	pos := "-"
	if s.line > 0 {
		if i := sc.ordinal(s.line, s.index); i > 0 {
			pos = repoops.Commas(i)
		}
	}
	c := pos + "/" + repoops.Commas(sc.count)
	switch {
	case sc.running:
		c += "+ · searching " + strconv.Itoa(percent(sc.scanned, sc.total)) + "% of " + repoops.Commas(sc.total) + " lines · esc stops"
	case sc.stopped:
		c += " in lines 1-" + repoops.Commas(sc.scanned) + " of " + repoops.Commas(sc.total) + " · stopped (" + sc.why + "): n searches again"
	case sc.count == 0:
		return "no match in " + repoops.Plural(sc.total, "line", "lines")
	}
	return c
}

func percent(n, of int) int {
	if of <= 0 {
		return 0
	}
	return min(n*100/of, 100)
}

// matchesIn returns the byte ranges of q in text. Smart case: a query
// with no capital letters matches any case.
func matchesIn(text, q string) [][2]int {
	if q == "" {
		return nil
	}
	hay := text
	if !pane.HasUpper(q) {
		lower := strings.ToLower(text)
		if len(lower) == len(text) {
			hay = lower
		}
	}
	var out [][2]int
	for i := 0; i <= len(hay)-len(q); {
		j := strings.Index(hay[i:], q)
		if j < 0 {
			break
		}
		out = append(out, [2]int{i + j, i + j + len(q)})
		i += j + max(len(q), 1)
	}
	return out
}

// setQuery puts q in force: highlights change at once, and a new scan of
// the whole file starts (the old one is cancelled; its batches are stale).
func (v *Pane) setQuery(q string) tea.Cmd {
	s := &v.search
	v.styled = nil
	s.query = q
	s.line, s.index, s.status, s.wrapped = 0, 0, "", false
	s.want = 0
	if q == "" {
		s.scan.stop()
		s.scan.gen++
		s.scan = searchScan{gen: s.scan.gen}
		return nil
	}
	return v.startScan(q)
}

// rescan puts q in force again after the file was read anew (reload, a
// change on disk): the old matches may be wrong; the place stays.
func (v *Pane) rescan(q string) tea.Cmd {
	if q == "" {
		return nil
	}
	v.search.query = q
	return v.startScan(q)
}

// Highlight puts q in force with its match on line current (a search
// pane's result was opened there), and counts its matches in the file.
func (v *Pane) Highlight(q string, current int) tea.Cmd {
	cmd := v.setQuery(q)
	s := &v.search
	s.forward, s.line, s.index = true, current, 0
	return cmd
}

// openPrompt opens the search prompt: what is typed is searched as it is
// typed, from the cursor.
func (v *Pane) openPrompt() {
	s := &v.search
	s.typing, s.input = true, ""
	s.origin, s.originT, s.forward = v.cursor, v.top, true
	v.clampTop()
	v.c.Overlays.Push(&promptPane{v: v})
}

// typed runs after the prompt's text changed: the new query is in force,
// and the cursor goes to its first match from where the prompt opened.
func (v *Pane) typed() tea.Cmd {
	s := &v.search
	v.cursor, v.top = s.origin, s.originT
	v.clampTop()
	cmd := v.setQuery(s.input)
	if s.input == "" {
		return cmd
	}
	return tea.Batch(cmd, v.seek(1, s.origin-1, 1))
}

// cancelPrompt closes the prompt without a search: the cursor goes back.
func (v *Pane) cancelPrompt() tea.Cmd {
	s := &v.search
	origin, top := s.origin, s.originT
	s.typing, s.input = false, ""
	v.setQuery("")
	v.cursor, v.top = max(origin, 1), top
	v.clampTop()
	return v.EnsureLoaded()
}

// confirmPrompt closes the prompt keeping its query in force.
func (v *Pane) confirmPrompt() tea.Cmd {
	s := &v.search
	s.typing = false
	q := s.input
	s.input = ""
	if q != s.query || s.scan.query != q {
		return tea.Batch(v.setQuery(q), v.seek(1, s.origin-1, 1))
	}
	if s.query != "" && s.line == 0 && s.want == 0 && !s.scan.running {
		s.status = "no match for " + q + " in " + repoops.Plural(s.scan.total, "line", "lines")
	}
	return v.EnsureLoaded()
}

// nextMatchN moves n matches forward (or back) from the cursor.
func (v *Pane) nextMatchN(forward bool, n int) tea.Cmd {
	s := &v.search
	if s.query == "" {
		return nil
	}
	d := 1
	if !forward {
		d = -1
	}
	s.forward = forward
	var cmd tea.Cmd
	if s.scan.query != s.query || (s.scan.stopped && !s.scan.running) {
		cmd = v.startScan(s.query) // a highlight from elsewhere, or a stopped scan: scan again
	}
	from := v.cursor
	// Another match later (earlier) on the cursor line comes first.
	if s.line == v.cursor && s.line > 0 {
		if l, ok := v.find(s.line); ok {
			ms := matchesIn(l.text, s.query)
			for n > 0 && forward && s.index+1 < len(ms) {
				s.index++
				n--
			}
			for n > 0 && !forward && s.index > 0 {
				s.index--
				n--
			}
			v.styled = nil
			if n == 0 {
				return cmd
			}
		}
	}
	return tea.Batch(cmd, v.seek(d, from, n))
}

// seek moves to the n-th matching line after (d=1) or before (d=-1) line
// from, wrapping at the ends; where the scan has not got to yet, it waits
// for it (want), and the batches carry the move on.
func (v *Pane) seek(d, from, n int) tea.Cmd {
	s := &v.search
	s.want, s.wantFrom, s.wantN = d, from, n
	return v.resolveWant()
}

// resolveWant makes the waiting move when the scan covers it.
func (v *Pane) resolveWant() tea.Cmd {
	s := &v.search
	sc := &s.scan
	if s.want == 0 {
		return nil
	}
	wrapped := false
	from := s.wantFrom
	for s.wantN > 0 {
		line, wrap, known := sc.next(from, s.want)
		if !known {
			return nil // the scan goes on; the next batch tries again
		}
		if line == 0 {
			s.want = 0
			s.line, s.index = 0, 0
			if sc.count == 0 && !sc.running {
				if !s.typing {
					s.status = "no match for " + s.query + " in " + repoops.Plural(sc.total, "line", "lines")
				}
			}
			v.styled = nil
			return nil
		}
		wrapped = wrapped || wrap
		from = line
		s.wantN--
	}
	s.want = 0
	s.line, s.index, s.wrapped = from, 0, wrapped
	if !s.forward {
		if l, ok := v.find(from); ok {
			s.index = max(len(matchesIn(l.text, s.query))-1, 0)
		} else if h, ok := sc.hit(from); ok {
			s.index = h.n - 1
		}
	}
	s.status = ""
	v.styled = nil
	v.centerOnIfHidden(from)
	return v.EnsureLoaded()
}

// centerOnIfHidden moves the cursor to n, centring only when n is off screen.
func (v *Pane) centerOnIfHidden(n int) {
	first, last := v.visibleRange()
	if n >= first && n <= last {
		v.cursor = n
		return
	}
	v.CenterOn(n)
}

// typeSearch edits the prompt's text (the prompt overlay handles enter
// and esc); it reports whether the text changed.
func (v *Pane) typeSearch(msg tea.KeyPressMsg) bool {
	s := &v.search
	switch {
	case key.Matches(msg, v.c.Keys.Prompt.Delete):
		if s.input != "" {
			_, size := utf8.DecodeLastRuneInString(s.input)
			s.input = s.input[:len(s.input)-size]
			return true
		}
		return false
	}
	if msg.Text != "" {
		s.input += msg.Text
		return true
	}
	return false
}
