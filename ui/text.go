package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/repoops"
)

// TabWidth is how many columns a tab advances to in the viewer.
const TabWidth = 4

// DisplayText makes file text safe to put on a terminal: tabs become spaces
// and control characters become their visible ␀–␟ symbols, so a stray
// escape byte in a file can never move the cursor or garble the frame.
// Column math then holds: one rune, one cell (or two for wide runes).
func DisplayText(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := TabWidth - col%TabWidth
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		r, _ = visibleRune(r)
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// visibleRune is repoops.VisibleRune: one rule for the TUI and repox call.
func visibleRune(r rune) (rune, bool) { return repoops.VisibleRune(r) }

// ControlsVisible is repoops.ControlsVisible (kept here for ui's callers).
func ControlsVisible(s string) (string, bool) { return repoops.ControlsVisible(s) }

// fit cuts or pads a styled line to exactly w cells. Every line a pane
// returns goes through here, which is what keeps the frame from garbling
// at any size.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// ruleWith is head followed by a rule to exactly w cells; a head too wide
// is cut with an ellipsis (the rule itself is never cut, so "…" means the
// head lost something).
func ruleWith(head string, w int) string {
	if hw := ansi.StringWidth(head); hw < w {
		return head + strings.Repeat("─", w-hw)
	}
	return fit(head, w)
}

// Block makes lines into exactly h lines of exactly w cells.
func Block(lines []string, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	var b strings.Builder
	for i := 0; i < h; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		l := ""
		if i < len(lines) {
			l = lines[i]
		}
		b.WriteString(fit(l, w))
	}
	return b.String()
}

// Fit is fit for callers outside the package.
func Fit(s string, w int) string { return fit(s, w) }

// StringWidth is the cells s takes on a terminal, escapes ignored.
func StringWidth(s string) int { return ansi.StringWidth(s) }
