package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// HelpSection is one titled group of bindings in the full help.
type HelpSection struct {
	Title    string
	Bindings [][]key.Binding
}

// HelpLegend explains the tree's glyphs and markers.
func HelpLegend() []string {
	return append([]string{
		GlyphClosed + " " + GlyphOpen + "  folder, closed / open",
		GlyphBeyond + "  dimmed: not in a default repo_tree",
		GlyphEdge + "  in it, contents not listed",
		"──  where a default read stops",
	}, SessionsLegend()...)
}

// RenderHelp draws the full help, built from the bindings in force, exactly
// w×h, from line top on (a small terminal scrolls it). Sections flow down
// one column, or two when the terminal is wide.
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
	var lines []string
	lines = append(lines, s.HelpTitle.Render("▍repox keys")+s.Note.Render("  (j/k scroll, any other key closes)"))
	keyW := 0
	for _, sec := range sections {
		for _, g := range sec.Bindings {
			for _, b := range g {
				keyW = max(keyW, ansi.StringWidth(b.Help().Key))
			}
		}
	}
	// A binding shared by panes (movement) is listed once, where it first appears.
	seen := map[key.Help]bool{}
	for _, sec := range sections {
		lines = append(lines, "", s.HelpTitle.Render(sec.Title))
		for _, g := range sec.Bindings {
			for _, b := range g {
				hk := b.Help()
				if !b.Enabled() || hk.Key == "" || seen[hk] {
					continue
				}
				seen[hk] = true
				k := hk.Key + strings.Repeat(" ", keyW-ansi.StringWidth(hk.Key))
				lines = append(lines, "  "+s.HelpKey.Render(k)+"  "+s.HelpDesc.Render(hk.Desc))
			}
		}
	}
	if len(legend) > 0 {
		lines = append(lines, "", s.HelpTitle.Render("Marks"))
		for _, l := range legend {
			lines = append(lines, "  "+s.HelpDesc.Render(l))
		}
	}
	// Two columns when one does not fit and there is room for two.
	if len(lines) > h && w >= 80 {
		half := (len(lines) + 1) / 2
		colW := w / 2
		left, right := lines[:half], lines[half:]
		out := make([]string, 0, h)
		for i := 0; i < half; i++ {
			l := fit(left[i], colW)
			if i < len(right) {
				l += right[i]
			}
			out = append(out, l)
		}
		lines = out
	}
	return lines
}
