package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/repoops"
)

// HelpSection is one titled group in the full help: bindings, then rows
// that are not keys (the mouse, marks), each a thing and its meaning.
type HelpSection struct {
	Title    string
	Bindings [][]key.Binding
	Rows     [][2]string
}

// HelpLegend explains the tree's glyphs and markers (one line each); the
// help shows the same as HelpMarks' sections.
func HelpLegend() []string {
	var out []string
	for _, sec := range HelpMarks() {
		for _, r := range sec.Rows {
			out = append(out, r[0]+"  "+r[1])
		}
	}
	return out
}

// HelpMarks are the marks the panes draw, by pane, each with its meaning.
func HelpMarks() []HelpSection {
	var tree [][2]string
	for _, m := range TreeMarks() {
		tree = append(tree, [2]string{m.Mark, m.Meaning})
	}
	viewer := [][2]string{
		{"──", "where a default repo_read_file stops (its limit or output cap)"},
		{repoops.LineCutMarker(7), "the tool cut a long line there"},
		{SelectionBar, "a selected line (v/V, for the edit preview)"},
		{"N…", "a count or z typed, waiting for its motion (hint line)"},
	}
	return []HelpSection{
		{Title: "Marks: tree", Rows: tree},
		{Title: "Marks: viewer", Rows: viewer},
		{Title: "Marks: agent session (c)", Rows: legendRows(SessionsLegend())},
	}
}

// legendRows turns "mark  meaning" lines into rows.
func legendRows(lines []string) [][2]string {
	rows := make([][2]string, 0, len(lines))
	for _, l := range lines {
		k, d, ok := strings.Cut(l, "  ")
		if !ok {
			k, d = "", l
		}
		rows = append(rows, [2]string{k, d})
	}
	return rows
}

// RenderHelp draws the full help, built from the bindings in force, exactly
// w×h, from line top on (a small terminal scrolls it). Sections flow down
// one column, or two when the terminal is wide; a section is never split
// from its heading across the columns.
func (s *Styles) RenderHelp(sections []HelpSection, legend []string, top, w, h int) string {
	lines := s.helpLines(sections, legend, w, h)
	top = max(min(top, len(lines)-h), 0)
	return Block(lines[top:], w, h)
}

// HelpScrollMax is the largest useful top for RenderHelp at w×h.
func (s *Styles) HelpScrollMax(sections []HelpSection, legend []string, w, h int) int {
	return max(len(s.helpLines(sections, legend, w, h))-h, 0)
}

func (s *Styles) helpLines(sections []HelpSection, legend []string, w, h int) []string {
	head := s.HelpTitle.Render("▍repox keys") + s.Note.Render("  (j/k scroll, any other key closes)")
	if len(legend) > 0 {
		rows := make([][2]string, 0, len(legend))
		for _, l := range legend {
			rows = append(rows, [2]string{"", l})
		}
		sections = append(sections, HelpSection{Title: "Marks", Rows: rows})
	}
	one := s.helpBlocks(sections, w)
	n := 1
	for _, b := range one {
		n += len(b)
	}
	if n <= h || w < 80 {
		lines := []string{head}
		for _, b := range one {
			lines = append(lines, b...)
		}
		return lines
	}
	// Two columns: whole sections, the left one filled to about half.
	colW := w / 2
	blocks := s.helpBlocks(sections, colW-2)
	total := 0
	for _, b := range blocks {
		total += len(b)
	}
	var left, right []string
	half, onRight := (total+1)/2, false
	for _, b := range blocks {
		// A block goes left while it fits the half, or overshoots it by
		// less than the room it would leave.
		if !onRight && (len(left) == 0 || len(left)+len(b) <= half || len(left)+len(b)-half < half-len(left)) {
			left = append(left, b...)
			continue
		}
		if !onRight {
			onRight = true
			b = b[1:] // no blank line at the top of the column
		}
		right = append(right, b...)
	}
	out := []string{head}
	for i := 0; i < max(len(left), len(right)); i++ {
		l := ""
		if i < len(left) {
			l = left[i]
		}
		l = fit(l, colW)
		if i < len(right) {
			l += right[i]
		}
		out = append(out, l)
	}
	return out
}

// helpBlocks renders each section as a block of lines (a blank line, the
// heading, its rows) for a column w wide: a meaning too long for the
// column goes on under itself. A binding shared by panes (movement) is
// listed once, where it first appears.
func (s *Styles) helpBlocks(sections []HelpSection, w int) [][]string {
	keyW := 0
	for _, sec := range sections {
		for _, g := range sec.Bindings {
			for _, b := range g {
				keyW = max(keyW, ansi.StringWidth(b.Help().Key))
			}
		}
		for _, r := range sec.Rows {
			keyW = max(keyW, ansi.StringWidth(r[0]))
		}
	}
	keyW = min(keyW, 10, max(w/3, 4)) // a wider key goes on a line of its own
	seen := map[key.Help]bool{}
	var blocks [][]string
	for _, sec := range sections {
		var rows [][2]string
		for _, g := range sec.Bindings {
			for _, b := range g {
				hk := b.Help()
				if !b.Enabled() || hk.Key == "" || seen[hk] {
					continue
				}
				seen[hk] = true
				rows = append(rows, [2]string{hk.Key, hk.Desc})
			}
		}
		rows = append(rows, sec.Rows...)
		if len(rows) == 0 {
			continue
		}
		block := []string{"", s.HelpTitle.Render(sec.Title)}
		for _, r := range rows {
			block = append(block, s.helpRow(r[0], r[1], keyW, w)...)
		}
		blocks = append(blocks, block)
	}
	return blocks
}

// helpRow is "  key  meaning", the meaning wrapped under itself.
func (s *Styles) helpRow(k, desc string, keyW, w int) []string {
	kw := ansi.StringWidth(k)
	descW := max(w-keyW-4, 10)
	if kw > keyW {
		// A key wider than the column: on a line of its own.
		return append([]string{"  " + s.HelpKey.Render(k)}, s.helpRow("", desc, keyW, w)...)
	}
	pad := "  " + s.HelpKey.Render(k+strings.Repeat(" ", keyW-kw)) + "  "
	var out []string
	for i, l := range wrap(desc, descW) {
		if i > 0 {
			pad = strings.Repeat(" ", keyW+4)
		}
		out = append(out, pad+s.HelpDesc.Render(l))
	}
	return out
}
