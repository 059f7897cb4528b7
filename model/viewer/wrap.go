package viewer

import "github.com/repoxhq/repox/ui"

// Wrapping (w): a long line goes on in the screen rows under it, so a row
// of the viewer (a line, or the rule) takes one screen row or more. Rows
// and top stay counted in lines; these turn them into screen rows. A line
// not loaded yet takes one screen row.

// textWidth is the cells a line's text gets beside the gutter.
func (v *Pane) textWidth() int {
	return ui.ViewerTextWidth(v.width, ui.GutterWidth(v.total), v.c != nil && v.c.Marks != nil, v.blameWidth())
}

// span is the screen rows row r takes.
func (v *Pane) span(r int) int {
	if !v.wrap {
		return 1
	}
	n := v.lineAt(r)
	if n == 0 {
		return 1
	}
	l, ok := v.find(n)
	if !ok {
		return 1
	}
	return ui.WrapRows(l.width, v.textWidth())
}

// topSkip is the screen rows of the top line scrolled past (l, zl, $ on
// a wrapped line taller than the screen); 0 unless the cursor is on it.
func (v *Pane) topSkip() int {
	if v.wrap && v.skipLine > 0 && v.cursor == v.skipLine && v.lineAt(v.top) == v.skipLine {
		return min(v.skip, v.span(v.top)-1)
	}
	return 0
}

// shown is the screen rows row r takes on screen now.
func (v *Pane) shown(r int) int {
	if r == v.top {
		return v.span(r) - v.topSkip()
	}
	return v.span(r)
}

// alongLine scrolls a wrapped cursor line taller than the screen by d
// screen rows (to = 1: to its end, -1: to its start); it reports whether
// the cursor line is such a line.
func (v *Pane) alongLine(d, to int) bool {
	r := v.rowOf(v.cursor)
	rows, body := v.span(r), v.body()
	if !v.wrap || rows <= body {
		return false
	}
	skip := v.topSkip()
	v.top, v.skipLine = r, v.cursor
	switch to {
	case 1:
		skip = rows - body
	case -1:
		skip = 0
	default:
		skip += d
	}
	v.skip = min(max(skip, 0), rows-body)
	return true
}

// lastRow is the last row on screen, whole or in part, from top.
func (v *Pane) lastRow() int {
	rows, body := v.rows(), v.body()
	if !v.wrap {
		return min(v.top+body, rows) - 1
	}
	used := 0
	for r := v.top; r < rows; r++ {
		used += v.shown(r)
		if used >= body {
			return r
		}
	}
	return rows - 1
}

// maxTop is the largest top that still fills the screen.
func (v *Pane) maxTop() int {
	rows, body := v.rows(), v.body()
	if !v.wrap {
		return max(rows-body, 0)
	}
	if rows == 0 {
		return 0
	}
	r, used := rows-1, v.span(rows-1)
	for r > 0 && used+v.span(r-1) <= body {
		r--
		used += v.span(r)
	}
	return r
}

// fitCursor scrolls down, when wrapping, until every screen row of the
// cursor line is on screen (or it starts the screen).
func (v *Pane) fitCursor() {
	if !v.wrap || v.total <= 0 {
		return
	}
	cr, body := v.rowOf(v.cursor), v.body()
	if cr < v.top {
		return
	}
	used := 0
	for r := v.top; r <= cr; r++ {
		used += v.span(r)
	}
	for used > body && v.top < cr {
		used -= v.span(v.top)
		v.top++
	}
}

// rowAtY is the row drawn at screen row y of the body (-1: none).
func (v *Pane) rowAtY(y int) int {
	if !v.wrap {
		if r := v.top + y; r < v.rows() {
			return r
		}
		return -1
	}
	used := 0
	for r := v.top; r < v.rows(); r++ {
		used += v.shown(r)
		if y < used {
			return r
		}
	}
	return -1
}

// fullRange is the first and last line wholly on screen (the last in part
// when it alone is taller than the screen), for H, M and L.
func (v *Pane) fullRange() (int, int) {
	first, last := v.visibleRange()
	if v.wrap && last > first {
		used := 0
		for r := v.top; r <= v.rowOf(last); r++ {
			used += v.shown(r)
		}
		if used > v.body() {
			last--
		}
	}
	return first, last
}
