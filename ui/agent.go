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
			if v.HScroll > 0 {
				l = ansi.Cut(l, v.HScroll, v.HScroll+w+1)
			}
			lines = append(lines, st.Render(fit(l, w)))
		}
	}
	return Block(lines, w, h)
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
