package model

import (
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// searchState is the viewer's in-file search. It searches the display
// text of loaded lines; when it runs into lines not read yet it asks for
// their window and carries on when it lands, so a match anywhere in the
// file is found without reading the whole file up front.
type searchState struct {
	typing  bool   // the prompt is open
	input   string // what is being typed
	query   string // the confirmed query
	forward bool
	origin  int  // the cursor line the search started from
	from    int  // line the current search step started after
	wrapped bool // passed the end (or start) once
	pending bool // waiting for a window to continue
	paused  bool // stopped after its read budget; n resumes from from
	reads   int  // windows read by this step
	// wantLine is the next line the search needs loaded (0: none).
	wantLine int
	// current match: line and index among that line's matches
	line, index int
	status      string // "no match for …", "searching… line 12,000"
}

func (s *searchState) reset() { *s = searchState{} }

// searchReadBudget bounds the windows one search step reads (2,000 lines
// each), so a search of a huge file never runs away: it pauses, says how
// far it got, and n carries on.
const searchReadBudget = 25

// footer is the viewer's bottom line while searching.
func (s *searchState) footer() string {
	switch {
	case s.typing:
		return "/" + s.input + "▏"
	case s.status != "":
		return s.status
	}
	return ""
}

// matchesIn returns the byte ranges of q in text. Smart case: a query
// with no capital letters matches any case.
func matchesIn(text, q string) [][2]int {
	if q == "" {
		return nil
	}
	hay := text
	if !hasUpper(q) {
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

func hasUpper(s string) bool {
	for _, r := range s {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// startSearch runs a confirmed query from the cursor.
func (v *viewerPane) startSearch(q string, forward bool) tea.Cmd {
	s := &v.search
	if q == "" {
		s.reset()
		v.styled = nil
		return nil
	}
	s.query = q
	s.forward = forward
	s.paused = false
	s.reads = 0
	s.from = v.cursor
	s.origin = v.cursor
	s.wrapped = false
	s.pending = true
	s.status = ""
	v.styled = nil
	return v.continueSearch()
}

// nextMatch moves to the next (or previous) match of the confirmed query.
func (v *viewerPane) nextMatch(forward bool) tea.Cmd {
	s := &v.search
	if s.query == "" {
		return nil
	}
	if s.paused && s.forward == forward {
		s.paused, s.pending, s.reads = false, true, 0
		return v.continueSearch()
	}
	// Another match later on the same line comes first.
	if l, ok := v.find(s.line); ok && s.line == v.cursor {
		ms := matchesIn(l.text, s.query)
		if forward && s.index+1 < len(ms) {
			s.index++
			v.styled = nil
			return nil
		}
		if !forward && s.index > 0 {
			s.index--
			v.styled = nil
			return nil
		}
	}
	return v.startSearch(s.query, forward)
}

// continueSearch walks the lines from s.from in the search direction. It
// stops at a match, at a line not loaded yet (asking for it), or after
// one full turn.
func (v *viewerPane) continueSearch() tea.Cmd {
	s := &v.search
	if !s.pending || v.total <= 0 {
		return nil
	}
	s.wantLine = 0
	step := 1
	if !s.forward {
		step = -1
	}
	n := s.from
	for {
		n += step
		if n > v.total || n < 1 {
			if s.wrapped {
				break
			}
			s.wrapped = true
			if n > v.total {
				n = 1
			} else {
				n = v.total
			}
		}
		l, ok := v.find(n)
		if !ok {
			s.from = n - step
			if s.reads >= searchReadBudget {
				s.pending, s.paused = false, true
				s.status = "/" + s.query + ": no match up to line " + repoops.Commas(n-step) + " yet · n searches on"
				return nil
			}
			s.reads++
			s.wantLine = n
			s.status = "searching… line " + repoops.Commas(n)
			return v.ensureLoaded()
		}
		if ms := matchesIn(l.text, s.query); len(ms) > 0 {
			s.pending = false
			s.line, s.index = n, 0
			if !s.forward {
				s.index = len(ms) - 1
			}
			s.status = "/" + s.query + " · line " + repoops.Commas(n) + " · n next, N previous"
			if s.wrapped {
				s.status += " (wrapped)"
			}
			v.centerOnIfHidden(n)
			v.styled = nil
			return nil
		}
		if s.wrapped && n == s.origin {
			break
		}
	}
	s.pending = false
	s.status = "no match for " + s.query
	return nil
}

// centerOnIfHidden moves the cursor to n, centring only when n is off screen.
func (v *viewerPane) centerOnIfHidden(n int) {
	first, last := v.visibleRange()
	if n >= first && n <= last {
		v.cursor = n
		return
	}
	v.centerOn(n)
}

// typeSearch edits the prompt's text (the prompt overlay handles enter
// and esc).
func (v *viewerPane) typeSearch(msg tea.KeyPressMsg) {
	s := &v.search
	switch msg.String() {
	case "backspace", "ctrl+h":
		if s.input != "" {
			_, size := utf8.DecodeLastRuneInString(s.input)
			s.input = s.input[:len(s.input)-size]
		}
		return
	}
	if msg.Text != "" {
		s.input += msg.Text
	}
}
