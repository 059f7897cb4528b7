package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/repoops"
)

// AgentView is a pane flipped to agent view: the call and the exact text
// the tool returned for it. Lines holds only the on-screen part of the text.
type AgentView struct {
	Title   string
	Call    string   // e.g. repo_tree {"path":"src"}
	Lines   []string // visible lines of the tool text, raw
	Loading bool
	IsError bool
	Focused bool
	Spinner string
	HScroll int
	// Wrap: a line wider than the pane goes on over the next rows, cut at
	// the width and nowhere else (the rows joined are the line), so the
	// end of a refusal — what to do next — is never cut off.
	Wrap bool
}

// RenderAgent draws an agent view, exactly w×h. The text is shown as the
// model gets it; only tabs and control characters are made visible, since a
// terminal would otherwise act on them.
func (s *Styles) RenderAgent(v AgentView, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	lines := make([]string, 0, h)
	lines = append(lines, s.title(v.Title, v.Focused))
	if h > 1 {
		lines = append(lines, s.AgentCall.Render(fit(DisplayText(v.Call), w)))
	}
	switch {
	case v.Loading:
		lines = append(lines, s.Spinner.Render(v.Spinner)+" "+s.Note.Render("calling…"))
	default:
		st := s.AgentText
		if v.IsError {
			st = s.Refusal
		}
		for _, l := range v.Lines {
			if len(lines) >= h {
				break
			}
			l = agentLine(l)
			if v.Wrap {
				for _, r := range hardWrap(l, w) {
					if len(lines) < h {
						lines = append(lines, st.Render(fit(r, w)))
					}
				}
				continue
			}
			if v.HScroll > 0 {
				l = ansi.Cut(l, v.HScroll, v.HScroll+w+1)
			}
			lines = append(lines, st.Render(fit(l, w)))
		}
	}
	return Block(lines, w, h)
}

// hardWrap cuts a displayable line into rows of at most w cells, after a
// space when one falls in the row's second half, else at the width; no
// byte is dropped or added, so the rows joined are the line.
func hardWrap(l string, w int) []string {
	n := ansi.StringWidth(l)
	if n <= w || w < 1 {
		return []string{l}
	}
	rows := make([]string, 0, n/w+2)
	for at := 0; at < n; {
		row := ansi.Cut(l, at, at+w)
		if at+w < n {
			if i := strings.LastIndexByte(row, ' '); i >= 0 && ansi.StringWidth(row[:i+1]) > w/2 {
				row = row[:i+1]
			}
		}
		step := ansi.StringWidth(row)
		if step == 0 { // a character wider than the pane: a row of its own
			row = ansi.Cut(l, at, at+2)
			if step = ansi.StringWidth(row); step == 0 {
				rows = append(rows, ansi.Cut(l, at, n))
				break
			}
		}
		rows = append(rows, row)
		at += step
	}
	return rows
}

// agentLine makes one line of tool text displayable. In the read format
// ("N→text") tab stops count from the start of the text, not of the line,
// so indentation lines up whatever the width of the line number.
func agentLine(l string) string {
	i := strings.Index(l, repoops.ReadLineSep)
	if i <= 0 || i > 12 || strings.Trim(l[:i], "0123456789") != "" {
		return DisplayText(l)
	}
	return l[:i] + repoops.ReadLineSep + DisplayText(l[i+len(repoops.ReadLineSep):])
}
