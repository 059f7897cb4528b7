package ui

import (
	"fmt"
	"strings"
)

// MinWidth and MinHeight are the smallest terminal the frame is drawn in.
const (
	MinWidth  = 40
	MinHeight = 10
)

// TooSmall is what is shown below the minimum size: the message, wrapped
// to the width so no word of it is cut.
func (s *Styles) TooSmall(w, h int) string {
	msg := fmt.Sprintf("terminal too small: %d×%d, needs %d×%d", w, h, MinWidth, MinHeight)
	var lines []string
	for _, l := range wrap(msg, w) {
		lines = append(lines, s.Error.Render(l))
	}
	return Block(lines, w, max(h, 1))
}

// Layout splits a w-wide body into the tree and viewer widths; one column
// between them holds the separator. The tree gets about a third.
func Layout(w int) (treeW, viewW int) { return LayoutSplit(w, 0) }

// The narrowest the panes get, whatever the split asks.
const (
	MinTreeWidth   = 12
	MinViewerWidth = 20
)

// LayoutSplit is Layout with the tree taking pct percent of the width
// (0: a third), each pane kept at its minimum width.
func LayoutSplit(w, pct int) (treeW, viewW int) {
	treeW = w / 3
	if pct > 0 {
		treeW = w * pct / 100
	}
	treeW = max(min(treeW, w-1-MinViewerWidth), MinTreeWidth)
	viewW = w - treeW - 1
	return treeW, viewW
}

// Frame puts the two panes (each exactly its width × h) side by side with a
// rule between them, then the status and hint lines below.
func (s *Styles) Frame(left, right string, h int, status, hint string) string {
	ls := strings.Split(left, "\n")
	rs := strings.Split(right, "\n")
	sep := s.Separator.Render("│")
	var b strings.Builder
	for i := 0; i < h; i++ {
		if i < len(ls) {
			b.WriteString(ls[i])
		}
		b.WriteString(sep)
		if i < len(rs) {
			b.WriteString(rs[i])
		}
		b.WriteByte('\n')
	}
	b.WriteString(status)
	b.WriteByte('\n')
	b.WriteString(hint)
	return b.String()
}
