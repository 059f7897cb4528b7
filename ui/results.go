package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"unicode/utf8"
)

// The result list of the find and search overlays: a title, the prompt
// lines, the rows, and a footer. Each row carries a mark saying whether the
// agent's call for the same request would show it.

// ResultMark says what the agent's call does with a row.
type ResultMark int

const (
	MarkUnknown ResultMark = iota // the call has not answered (or no mark applies)
	MarkSeen                      // the call's text shows this row
	MarkUnseen                    // it does not: found here, not shown to the model
)

// Glyphs of the marks, for the help legend and the footer.
const (
	GlyphSeen   = "●"
	GlyphUnseen = "○"
)

// ResultRow is one on-screen row.
type ResultRow struct {
	Text   string   // display text (DisplayText applied)
	Spans  [][2]int // byte ranges of Text to highlight (matched characters)
	Mark   ResultMark
	Header bool   // a group's heading (a file of search results)
	Note   string // drawn after the text, muted: counts, "(+3 more)"
	Cursor bool
}

// ResultView is a find or search overlay's visible part.
type ResultView struct {
	Title   string
	Prompt  []string // input lines, as typed (a cursor is drawn after the active one)
	Active  int      // index of the prompt line being edited
	Rows    []ResultRow
	Message string // instead of rows (nothing found, a refusal, loading)
	IsError bool
	Footer  string // the last line: counts, progress, the cut
	Focused bool
	Spinner string
}

// ResultBody is how many rows fit under the title and prompt and above the
// footer at height h.
func ResultBody(v ResultView, h int) int {
	n := h - 1 - len(v.Prompt)
	if v.Footer != "" {
		n--
	}
	return max(n, 1)
}

// RenderResults draws a result overlay, exactly w×h.
func (s *Styles) RenderResults(v ResultView, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	lines := make([]string, 0, h)
	lines = append(lines, s.title(v.Title, v.Focused))
	for i, p := range v.Prompt {
		text := DisplayText(p)
		if i == v.Active {
			text += "▏"
		}
		lines = append(lines, s.AgentCall.Render(fit(text, w)))
	}
	body := ResultBody(v, h)
	if v.Message != "" {
		st := s.Note
		if v.IsError {
			st = s.Refusal
		}
		for _, l := range wrap(v.Message, w-2) {
			if len(lines) >= 1+len(v.Prompt)+body {
				break
			}
			lines = append(lines, " "+st.Render(l))
		}
	} else {
		for i, r := range v.Rows {
			if i >= body {
				break
			}
			lines = append(lines, s.resultRow(r, v.Focused, w))
		}
	}
	if v.Footer != "" {
		for len(lines) < h-1 {
			lines = append(lines, "")
		}
		lines = append(lines[:h-1], s.StatusMsg.Render(fit(v.Footer, w)))
	}
	return Block(lines, w, h)
}

func (s *Styles) resultRow(r ResultRow, focused bool, w int) string {
	mark := "  "
	switch r.Mark {
	case MarkSeen:
		mark = GlyphSeen + " "
	case MarkUnseen:
		mark = GlyphUnseen + " "
	}
	if r.Cursor {
		// One style from end to end, the matches in the current-match style
		// over it: nested styles would reset the background halfway.
		st := s.SelectedBlur
		if focused {
			st = s.Selected
		}
		plain := r.Text
		if r.Note != "" {
			plain += "  " + r.Note
		}
		room := w - StringWidth(mark)
		if StringWidth(plain) > room {
			plain = ansi.Truncate(plain, room, "…")
		} else {
			plain += strings.Repeat(" ", room-StringWidth(plain))
		}
		return st.Render(mark) + spans(plain, r.Spans, st, s.MatchCurrent)
	}
	base := s.File
	switch {
	case r.Header:
		base = s.Dir
	case r.Mark == MarkUnseen:
		base = s.Horizon
	}
	var b strings.Builder
	if r.Mark == MarkUnseen {
		b.WriteString(s.HorizonMark.Render(mark))
	} else {
		b.WriteString(s.Note.Render(mark))
	}
	b.WriteString(spans(r.Text, r.Spans, base, s.Match))
	if r.Note != "" {
		b.WriteString("  ")
		b.WriteString(s.Note.Render(r.Note))
	}
	return fit(b.String(), w)
}

// spans styles text with the byte ranges sp highlighted as matches.
func spans(text string, sp [][2]int, base, match lipgloss.Style) string {
	if len(sp) == 0 {
		return base.Render(text)
	}
	var b strings.Builder
	pos := 0
	for _, r := range sp {
		a, e := max(r[0], pos), min(r[1], len(text))
		if a >= e {
			continue
		}
		if a > pos {
			b.WriteString(base.Render(text[pos:a]))
		}
		b.WriteString(match.Render(text[a:e]))
		pos = e
	}
	if pos < len(text) {
		b.WriteString(base.Render(text[pos:]))
	}
	return b.String()
}

// CharSpans turns single byte offsets (fuzzy's matched characters) into
// ranges one rune long, merging neighbours.
func CharSpans(text string, at []int) [][2]int {
	var out [][2]int
	for _, i := range at {
		if i < 0 || i >= len(text) {
			continue
		}
		n := 1
		if text[i] >= 0x80 {
			_, n = utf8.DecodeRuneInString(text[i:])
		}
		if len(out) > 0 && out[len(out)-1][1] == i {
			out[len(out)-1][1] = i + n
			continue
		}
		out = append(out, [2]int{i, i + n})
	}
	return out
}
