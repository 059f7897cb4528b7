package ui

import "github.com/repoxhq/repox/repoops"

// ConsoleView is the tool console: the input line and its hint, then the
// last call and its raw result.
type ConsoleView struct {
	Title   string
	Session string // whose session the calls run in
	Focused bool
	Input   string // the text input, drawn
	Hint    string // completion candidates or argument hints
	Problem string // the line could not be made into a call
	Notice  string // the history could not be read or saved
	Call    string // "ran repo_grep {…}" or "running …"
	Meta    string // isError, time, size
	Lines   []string
	IsError bool
	Top     int
}

// RenderConsole draws the console, exactly w×h. The result text is shown
// as the model gets it, only tabs and control characters made visible.
func (s *Styles) RenderConsole(v ConsoleView, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := []string{s.title(v.Title, v.Focused)}
	lines = append(lines, s.clip(s.Note, v.Session, w, 2)...)
	lines = append(lines, fit(v.Input, w))
	lines = append(lines, s.clip(s.Note, v.Hint, w, 2)...)
	if v.Problem != "" {
		lines = append(lines, s.clip(s.Refusal, v.Problem, w, 3)...)
	}
	if v.Notice != "" {
		lines = append(lines, s.clip(s.Cut, v.Notice, w, 2)...)
	}
	if v.Call != "" {
		lines = append(lines, s.clip(s.AgentCall, v.Call, w, 3)...)
	}
	if v.Meta != "" {
		st := s.Note
		if v.IsError {
			st = s.Refusal
		}
		lines = append(lines, st.Render(fit(v.Meta, w)))
	}
	if room := h - len(lines); room > 0 && len(v.Lines) > 0 {
		top := min(max(v.Top, 0), max(len(v.Lines)-1, 0))
		st := s.AgentText
		if v.IsError {
			st = s.Refusal
		}
		// Each line wraps (the end of a refusal says what to do next). When
		// not every line fits, a row is kept for the position line.
		wrapped := func(i int) []string { return hardWrap(agentLine(v.Lines[i]), w) }
		budget := room
		if top > 0 || rowsFrom(wrapped, top, len(v.Lines), room+1) > room {
			budget = max(room-1, 1)
		}
		var rows []string
		end := top
		for end < len(v.Lines) {
			r := wrapped(end)
			if len(rows)+len(r) > budget {
				if len(rows) == 0 {
					rows, end = r[:budget], end+1 // one line taller than the pane: its start
				}
				break
			}
			rows = append(rows, r...)
			end++
		}
		for _, r := range rows {
			lines = append(lines, st.Render(fit(r, w)))
		}
		if top > 0 || end < len(v.Lines) {
			lines = append(lines, s.Note.Render(fit("result lines "+repoops.Commas(top+1)+"-"+repoops.Commas(end)+" of "+repoops.Commas(len(v.Lines))+" (pgup/pgdn)", w)))
		}
	}
	return Block(lines, w, h)
}

// rowsFrom counts the rows lines [from, to) take, stopping past limit.
func rowsFrom(wrapped func(int) []string, from, to, limit int) int {
	n := 0
	for i := from; i < to && n <= limit; i++ {
		n += len(wrapped(i))
	}
	return n
}
