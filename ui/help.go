package ui

import (
	"fmt"
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

// HelpHead is what the help's head line says besides where the screen is:
// the filter typed, and the keys that move and narrow it, from the
// longest wording to the shortest (the first that fits is shown; "" for
// none).
type HelpHead struct {
	Filter string
	Typing bool // the filter is being typed: a cursor after it
	Hints  []string
}

// RenderHelp draws the full help, built from the bindings in force, exactly
// w×h: a head line that stays (with the rows shown, "1-21 of 139", when it
// scrolls), then the sections from row top on. Sections flow down one
// column, or two when the terminal is wide: the first two sections (the
// focused pane's keys and the keys that work everywhere) head the columns,
// and the later ones follow in order, the left column taking them down to
// where the two come out most even. A section is never split across the
// columns.
func (s *Styles) RenderHelp(sections []HelpSection, legend []string, top, w, h int) string {
	return s.RenderHelpHead(sections, legend, top, w, h, HelpHead{})
}

// RenderHelpHead is RenderHelp with what the head line says.
func (s *Styles) RenderHelpHead(sections []HelpSection, legend []string, top, w, h int, head HelpHead) string {
	rows := max(h-1, 0)
	body := s.helpLines(sections, legend, w, rows)
	top = max(min(top, len(body)-rows), 0)
	lines := append([]string{s.helpHead(top, rows, len(body), w, head)}, body[top:]...)
	return Block(lines, w, h)
}

// HelpScrollMax is the largest useful top for RenderHelp at w×h.
func (s *Styles) HelpScrollMax(sections []HelpSection, legend []string, w, h int) int {
	rows := max(h-1, 0)
	return max(len(s.helpLines(sections, legend, w, rows))-rows, 0)
}

// HelpRows is how many rows the help's body takes at w×h (the head line
// not counted).
func (s *Styles) HelpRows(sections []HelpSection, legend []string, w, h int) int {
	return len(s.helpLines(sections, legend, w, max(h-1, 0)))
}

// helpHead is the help's title line: where in the help the screen is, the
// filter, and the keys that move it, as far as the width holds them.
func (s *Styles) helpHead(top, rows, total, w int, head HelpHead) string {
	title := s.HelpTitle.Render("▍repox keys")
	if head.Filter != "" || head.Typing {
		cursor := ""
		if head.Typing {
			cursor = "▏"
		}
		title += "  " + s.HelpKey.Render("/"+head.Filter+cursor)
		if total == 0 {
			title += s.Note.Render("  nothing matches")
		}
	}
	if head.Hints == nil {
		if total <= rows {
			return title + s.Note.Render("  (any key closes)")
		}
		head.Hints = []string{"j/k scroll · g/G top/end · other keys close", "j/k g/G · other keys close"}
	}
	if total > rows {
		title += s.Note.Render(fmt.Sprintf("  %s-%s of %s", repoops.Commas(top+1), repoops.Commas(min(top+rows, total)), repoops.Commas(total)))
	}
	for _, hint := range head.Hints {
		if hint == "" {
			break
		}
		if ansi.StringWidth(title)+2+ansi.StringWidth(hint) <= w {
			return title + s.Note.Render("  "+hint)
		}
	}
	return title
}

func (s *Styles) helpLines(sections []HelpSection, legend []string, w, h int) []string {
	if len(legend) > 0 {
		rows := make([][2]string, 0, len(legend))
		for _, l := range legend {
			rows = append(rows, [2]string{"", l})
		}
		sections = append(sections, HelpSection{Title: "Marks", Rows: rows})
	}
	one := s.helpBlocks(sections, w)
	n := 0
	for _, b := range one {
		n += len(b)
	}
	if n <= h || w < 80 {
		var lines []string
		for i, b := range one {
			if i == 0 {
				b = b[1:] // no blank line under the head
			}
			lines = append(lines, b...)
		}
		return lines
	}
	// Two columns of whole sections: the first two head them, and the
	// later ones, in order, fill the left one down to where the columns
	// come out most even, then the right one.
	colW := w / 2
	blocks := s.helpBlocks(sections, colW-2)
	for i := range min(len(blocks), 2) {
		blocks[i] = blocks[i][1:] // no blank line at the top of a column
	}
	split := len(blocks)
	if len(blocks) > 2 {
		best := -1
		for k := 2; k <= len(blocks); k++ {
			var l, r int
			for i, b := range blocks {
				if i == 0 || (i >= 2 && i < k) {
					l += len(b)
				} else {
					r += len(b)
				}
			}
			if best < 0 || max(l, r) < best {
				best, split = max(l, r), k
			}
		}
	}
	var left, right []string
	for i, b := range blocks {
		if i == 0 || (i >= 2 && i < split) {
			left = append(left, b...)
		} else {
			right = append(right, b...)
		}
	}
	out := make([]string, 0, max(len(left), len(right)))
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
// listed once, where it first appears. Each section's keys take the width
// of its own widest key (up to a cap), so a section of short keys leaves
// its meanings more room.
func (s *Styles) helpBlocks(sections []HelpSection, w int) [][]string {
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
		keyW := 0
		for _, r := range rows {
			if kw := ansi.StringWidth(r[0]); kw <= helpKeyMax {
				keyW = max(keyW, kw)
			}
		}
		keyW = min(keyW, max(w/3, 4)) // a wider key goes on a line of its own
		block := []string{"", s.HelpTitle.Render(sec.Title)}
		for _, r := range rows {
			block = append(block, s.helpRow(r[0], r[1], keyW, w)...)
		}
		blocks = append(blocks, block)
	}
	return blocks
}

// helpKeyMax is the widest key the help's key column is sized for; a
// wider one goes on a line of its own.
const helpKeyMax = 10

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
