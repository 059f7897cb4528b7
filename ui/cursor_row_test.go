package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestViewerCursorRowIsFullWidth: in colour, the focused viewer's cursor
// line carries the cursor background across the whole row — after every
// reset inside its styled text, and over the padding — and no other row
// does; unfocused, none does.
func TestViewerCursorRowIsFullWidth(t *testing.T) {
	s := NewStyles(true, false)
	sample := s.CursorLine.Render(" ")
	bg := sample[:strings.IndexByte(sample, ' ')]
	if !strings.Contains(bg, "48;") {
		t.Fatalf("the cursor line style has no background: %q", bg)
	}
	styled := s.Match.Render("needle") + " and " + s.Error.Render("more")
	v := ViewerView{Focused: true, Gutter: 2, Rows: []ViewerRow{
		{Kind: RowLine, N: 1, Styled: "plain"},
		{Kind: RowLine, N: 2, Styled: styled, Cursor: true},
	}}
	out := strings.Split(s.RenderViewer(v, 40, 4), "\n")
	cur := out[2]
	if !strings.HasPrefix(cur, bg) || ansi.StringWidth(cur) != 40 {
		t.Fatalf("cursor row %q (width %d)", cur, ansi.StringWidth(cur))
	}
	body := strings.TrimSuffix(cur, "\x1b[m")
	for i := strings.Index(body, "\x1b[m"); i >= 0; i = indexFrom(body, "\x1b[m", i+1) {
		if !strings.HasPrefix(body[i+len("\x1b[m"):], bg) {
			t.Errorf("a reset at %d inside the cursor row drops the background: %q", i, body)
		}
	}
	if strings.Contains(out[1], bg) {
		t.Errorf("another row has the cursor background: %q", out[1])
	}
	v.Focused = false
	if strings.Contains(s.RenderViewer(v, 40, 4), bg) {
		t.Errorf("unfocused, the cursor row is painted")
	}
}

func indexFrom(s, sub string, from int) int {
	if from >= len(s) {
		return -1
	}
	i := strings.Index(s[from:], sub)
	if i < 0 {
		return -1
	}
	return from + i
}
