package ui

import (
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// AgentRows is the agent view's text as rows of at most w cells: each line
// in its display form (agentLine), long ones wrapped at w, so the footers
// that tell the model what to do next are never cut at the pane's edge.
// The rows are display text already; RenderAgent leaves them as they are.
func AgentRows(lines []string, w int) []string {
	w = max(w, 1)
	rows := make([]string, 0, len(lines))
	for _, l := range lines {
		d := agentLine(l)
		start := len(rows)
		for ansi.StringWidth(d) > w {
			head := ansi.Cut(d, 0, w)
			if head == "" { // a character wider than the pane: it gets a row
				_, size := utf8.DecodeRuneInString(d)
				head = d[:size]
			}
			rows = append(rows, head)
			d = d[len(head):]
		}
		if d != "" || len(rows) == start {
			rows = append(rows, d)
		}
	}
	return rows
}
