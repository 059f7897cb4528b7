package ui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/repoops"
)

// RowKind says what a viewer row shows.
type RowKind int

const (
	RowLine    RowKind = iota // a file line
	RowRule                   // where a default repo_read_file stops
	RowPending                // a line whose window is still loading
)

// ViewerRow is one on-screen row of the viewer.
type ViewerRow struct {
	Kind   RowKind
	N      int    // line number as the model sees it
	Styled string // the whole line, highlighted (see CodeLine); cut to the pane here
	Cursor bool
	// Selected marks a line of the range selected for the edit preview: a
	// bar between the number and the text.
	Selected bool
	Seen     string // with ViewerView.Marks: the agent's mark (GutterRead, ...) or ""
	Region   bool   // in the region the selected agent call read or edited
	// Skip, with ViewerView.Wrap: the line's first screen rows scrolled
	// past (a line taller than the pane); the number stays on the first shown.
	Skip int
	// Note is said after the line's text, dimmed, where it fits ("this
	// edit is not on disk"); "": none.
	Note string
	// Blame, with ViewerView.Blame: who wrote the line, cut to the
	// column; BySession: a recorded session's call (drawn brighter than
	// a commit).
	Blame     string
	BySession bool
}

// ViewerView is the viewer pane's visible part.
type ViewerView struct {
	Title      string
	Rows       []ViewerRow
	Focused    bool
	Gutter     int    // digits for line numbers
	HScroll    int    // columns scrolled right
	Message    string // instead of rows: an empty viewer or a refusal
	IsRefusal  bool
	RuleText   string // text of the RowRule row
	RuleShort  string // the same, for a narrow pane
	PendingMsg string // text for pending rows
	Footer     string // one line under the rows (search prompt, search status); "" for none
	Marks      bool   // an agent session is chosen: a mark column follows the line numbers
	Blame      int    // cells of the blame column before the line numbers (0: none)
	// Wrap: a line wider than the text column goes on in the rows under
	// it (WrapRows of them), its number on the first only; HScroll is unused.
	Wrap bool
}

// WrapRows is the screen rows a line of width cells takes when wrapped in
// a text column textW wide: the model's count and the drawing's agree.
func WrapRows(width, textW int) int {
	if textW < 1 || width <= textW {
		return 1
	}
	return (width + textW - 1) / textW
}

// RenderViewer draws the viewer pane, exactly w×h.
func (s *Styles) RenderViewer(v ViewerView, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	lines := make([]string, 0, h)
	lines = append(lines, s.title(v.Title, v.Focused))
	body := h - 1
	if v.Footer != "" {
		body--
	}
	if v.Message != "" {
		st := s.Note
		if v.IsRefusal {
			st = s.Refusal
		}
		for _, l := range wrap(v.Message, w-2) {
			lines = append(lines, " "+st.Render(l))
		}
	} else {
		textW := ViewerTextWidth(w, v.Gutter, v.Marks, v.Blame)
		for _, r := range v.Rows {
			if len(lines) > body {
				break
			}
			if v.Wrap && r.Kind == RowLine {
				lines = append(lines, s.wrappedRow(r, v, textW, w)...)
				continue
			}
			lines = append(lines, s.viewerRow(r, v, textW, w))
		}
		lines = lines[:min(len(lines), body+1)]
	}
	if v.Footer != "" {
		for len(lines) < h-1 {
			lines = append(lines, "")
		}
		lines = append(lines[:h-1], s.StatusMsg.Render(fit(v.Footer, w)))
	}
	return Block(lines, w, h)
}

func (s *Styles) viewerRow(r ViewerRow, v ViewerView, textW, w int) string {
	switch r.Kind {
	case RowRule:
		t := "── " + v.RuleText + " "
		if ansi.StringWidth(t)+2 > w && v.RuleShort != "" {
			t = "── " + v.RuleShort + " "
		}
		if n := w - ansi.StringWidth(t); n > 0 {
			t += strings.Repeat("─", n)
		}
		return s.Rule.Render(fit(t, w))
	case RowPending:
		return s.blameCell(ViewerRow{}, v.Blame) + s.LineNo.Render(pad(strconv.Itoa(r.N), v.Gutter)) + " " + s.Note.Render(v.PendingMsg)
	}
	num := pad(strconv.Itoa(r.N), v.Gutter)
	switch {
	case r.Region:
		num = s.MatchCurrent.Render(num)
	case r.Cursor && v.Focused:
		num = s.LineNoCursor.Render(num)
	default:
		num = s.LineNo.Render(num)
	}
	if v.Marks {
		switch r.Seen {
		case "":
			num += " "
		case GutterUnread:
			num += s.Error.Render(r.Seen)
		case GutterForgotten:
			num += s.LineNo.Render(r.Seen) // dimmer: seen, but no longer in context
		default:
			num += s.Note.Render(r.Seen)
		}
	}
	text := r.Styled
	if v.HScroll > 0 || ansi.StringWidth(text) > textW {
		text = ansi.Cut(text, v.HScroll, v.HScroll+textW)
	}
	text = s.withNote(text, r.Note, textW)
	num = s.blameCell(r, v.Blame) + num
	row := num + " " + text
	if r.Selected {
		row = num + s.LineNoCursor.Render(SelectionBar) + text
	}
	if r.Cursor && v.Focused {
		return s.cursorRow(row, w)
	}
	return row
}

// cursorRow paints the cursor line's background across the whole row, as
// lazygit and fzf mark theirs: the styled text keeps its colours, its
// resets put the background back. Without colour the bold line number is
// the mark.
func (s *Styles) cursorRow(row string, w int) string {
	if s.NoColor {
		return row
	}
	sample := s.CursorLine.Render(" ")
	i := strings.IndexByte(sample, ' ')
	if i <= 0 {
		return row
	}
	bg := sample[:i]
	row = strings.NewReplacer("\x1b[m", "\x1b[m"+bg, "\x1b[0m", "\x1b[0m"+bg).Replace(fit(row, w))
	return bg + row + "\x1b[m"
}

// wrappedRow draws a line as WrapRows screen rows: the first as viewerRow
// draws it, the rest under it with an empty gutter.
func (s *Styles) wrappedRow(r ViewerRow, v ViewerView, textW, w int) []string {
	v.HScroll = 0
	full := r.Styled
	width := ansi.StringWidth(full)
	first := min(max(r.Skip, 0), WrapRows(width, textW)-1) * textW
	r.Styled = ansi.Cut(full, first, first+textW)
	if first+textW < width {
		r.Note = "" // the line goes on under it: no room after it
	}
	out := []string{s.viewerRow(r, v, textW, w)}
	gutter := strings.Repeat(" ", w-textW)
	for left := first + textW; left < width; left += textW {
		out = append(out, gutter+ansi.Cut(full, left, left+textW))
	}
	return out
}

// ViewerTextWidth is the cells a line's text gets in a viewer w wide:
// what the number gutter (digits), the agent's mark column and the blame
// column (cells) leave. The model's wrapping and the drawing agree on it.
func ViewerTextWidth(w, digits int, marks bool, blame int) int {
	t := w - digits - 1
	if marks {
		t--
	}
	if blame > 0 {
		t -= blame + 1
	}
	return max(t, 1)
}

// blameCell is the blame column of a row, cells wide and a space after
// (nothing when cells is 0): a session's call brighter than a commit.
func (s *Styles) blameCell(r ViewerRow, cells int) string {
	if cells <= 0 {
		return ""
	}
	label := fit(r.Blame, cells)
	if r.BySession {
		return s.AgentCall.Render(label) + " "
	}
	return s.Note.Render(label) + " "
}

// pad right-aligns s in n cells.
func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}

// GutterWidth is the digits the viewer needs for a file of total lines.
func GutterWidth(total int) int {
	return max(len(strconv.Itoa(total)), 3)
}

// CodeLine styles one line: its highlighted tokens, the search matches
// over them (byte ranges into the line text), and the tool's own cut marker
// (repoops.LineCutMarker) when the tool cut the line.
func (s *Styles) CodeLine(tokens []Token, matches [][2]int, current int, cutChars int) string {
	var b strings.Builder
	pos := 0
	mi := 0
	for _, t := range tokens {
		base := s.syntax.style(t.Kind)
		text := t.Text
		start := pos
		pos += len(text)
		// split the token at match boundaries
		for len(text) > 0 {
			for mi < len(matches) && matches[mi][1] <= start {
				mi++
			}
			if mi >= len(matches) || matches[mi][0] >= start+len(text) {
				b.WriteString(base.Render(text))
				break
			}
			m := matches[mi]
			if m[0] > start {
				n := m[0] - start
				b.WriteString(base.Render(text[:n]))
				text, start = text[n:], m[0]
				continue
			}
			n := min(m[1], start+len(text)) - start
			st := s.Match
			if mi == current {
				st = s.MatchCurrent
			}
			b.WriteString(st.Render(text[:n]))
			text, start = text[n:], start+n
		}
	}
	if cutChars > 0 {
		b.WriteString(s.Cut.Render(repoops.LineCutMarker(cutChars)))
	}
	return b.String()
}

// wrap breaks text into lines of at most w cells, at spaces when it can.
func wrap(text string, w int) []string {
	if w < 1 {
		w = 1
	}
	var out []string
	for _, para := range strings.Split(text, "\n") {
		para = DisplayText(para)
		for ansi.StringWidth(para) > w {
			cut := ansi.Truncate(para, w, "")
			if i := strings.LastIndexByte(cut, ' '); i > w/2 {
				cut = cut[:i]
			}
			out = append(out, cut)
			para = strings.TrimLeft(para[len(cut):], " ")
		}
		out = append(out, para)
	}
	return out
}

// SelectionBar is drawn between the line number and the text of a
// selected line.
const SelectionBar = "┃"

// withNote puts note after text, dimmed, when some of it fits in w
// cells (cut with an ellipsis); the line's own text is never cut for it.
func (s *Styles) withNote(text, note string, w int) string {
	if note == "" {
		return text
	}
	room := w - ansi.StringWidth(text) - 3
	if room < 4 {
		return text
	}
	return text + "  " + s.Note.Render(fit("← "+note, room+1))
}
