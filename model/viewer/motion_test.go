package viewer

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Counts repeat a motion or name a line; gg and G go to a line with one.
func TestViewerCountsAndGoToLine(t *testing.T) {
	m := viewerOn(t, nil, "docs/long.txt", 80, 24)
	v := m.viewer
	steps := []struct {
		keys []string
		want int
	}{
		{[]string{"5", "0", "j"}, 51},
		{[]string{"3", "k"}, 48},
		{[]string{"j"}, 49}, // the count was used up
		{[]string{"1", "0", "G"}, 10},
		{[]string{"G"}, 1400},
		{[]string{"2", "0", "g", "g"}, 20},
		{[]string{"1", "2", "0", "0", "g", "g"}, 1200},
		{[]string{"g", "g"}, 1},
		{[]string{"9", "9", "9", "9", "G"}, 1400}, // past the end: the last line
		{[]string{"g", "g", "2", "ctrl+d"}, 1 + 2*(v.body()/2)},
	}
	for _, st := range steps {
		press(m, st.keys...)
		if v.cursor != st.want {
			t.Fatalf("%v: cursor %d, want %d", st.keys, v.cursor, st.want)
		}
		if first, last := v.visibleRange(); v.cursor < first || v.cursor > last {
			t.Fatalf("%v: cursor %d off screen %d-%d", st.keys, v.cursor, first, last)
		}
	}
	if !strings.Contains(m.message, "past the end") {
		t.Errorf("9999G: message %q", m.message)
	}
	// A pending count is shown in the hint line; esc drops it and only it.
	press(m, "/", "l", "i", "n", "e", "enter", "4", "2")
	if v.Pending() != "42" || !strings.Contains(ansi.Strip(m.Render()), "42…") {
		t.Fatalf("pending count not shown: %q", v.Pending())
	}
	press(m, "esc")
	if v.Pending() != "" || v.search.query != "line" {
		t.Fatalf("esc: pending %q, query %q", v.Pending(), v.search.query)
	}
}

// H, M and L put the cursor on the screen's top, middle and bottom line;
// zz, zt and zb move the view around the cursor line.
func TestViewerScreenMotions(t *testing.T) {
	m := viewerOn(t, nil, "docs/long.txt", 80, 24)
	v := m.viewer
	press(m, "7", "0", "0", "G")
	first, last := v.visibleRange()
	press(m, "L")
	if v.cursor != last {
		t.Fatalf("L: cursor %d, want %d", v.cursor, last)
	}
	press(m, "H")
	if v.cursor != first {
		t.Fatalf("H: cursor %d, want %d", v.cursor, first)
	}
	press(m, "3", "H")
	if v.cursor != first+2 {
		t.Fatalf("3H: cursor %d, want %d", v.cursor, first+2)
	}
	press(m, "M")
	if v.cursor != first+(last-first)/2 {
		t.Fatalf("M: cursor %d, want %d", v.cursor, first+(last-first)/2)
	}
	at := v.cursor
	press(m, "z", "t")
	if v.top != v.rowOf(at) || v.cursor != at {
		t.Fatalf("zt: top %d, cursor %d", v.top, v.cursor)
	}
	press(m, "z", "b")
	if v.top != v.rowOf(at)-v.body()+1 || v.cursor != at {
		t.Fatalf("zb: top %d, cursor %d", v.top, v.cursor)
	}
	press(m, "z", "z")
	if v.top != v.rowOf(at)-v.body()/2 || v.cursor != at {
		t.Fatalf("zz: top %d, cursor %d", v.top, v.cursor)
	}
	press(m, "z", "q")
	if !strings.Contains(m.message, "z q is not a viewer motion — z z, z t, z b, z h, z l are") {
		t.Errorf("zq: message %q", m.message)
	}
	if strings.Contains(m.message, "does nothing") {
		t.Errorf("the key after z was taken as a key of its own: %q", m.message)
	}
}

// minified is a one-line file longer than the tool's line cap.
var minified = map[string]string{"min.js": strings.Repeat("var a=1;", 400) + "END\n"}

// $ shows the end of a long line (the tool's cut marker), 0 the start; zh
// and zl step half a pane, so a minified line's end is a few presses away.
func TestViewerHorizontalSteps(t *testing.T) {
	m := viewerOn(t, minified, "min.js", 80, 24)
	v := m.viewer
	half := v.textWidth() / 2
	press(m, "z", "l")
	if v.hscroll != half {
		t.Fatalf("zl: hscroll %d, want %d", v.hscroll, half)
	}
	press(m, "3", "z", "l")
	if v.hscroll != 4*half {
		t.Fatalf("3zl: hscroll %d, want %d", v.hscroll, 4*half)
	}
	press(m, "z", "h")
	if v.hscroll != 3*half {
		t.Fatalf("zh: hscroll %d", v.hscroll)
	}
	press(m, "$")
	l, _ := v.find(1)
	if v.hscroll != l.width-v.textWidth() {
		t.Fatalf("$: hscroll %d, want %d", v.hscroll, l.width-v.textWidth())
	}
	marker := repoops.LineCutMarker(l.cut)
	if !strings.Contains(ansi.Strip(m.Render()), marker) {
		t.Fatalf("$ does not show the line's end %q:\n%s", marker, ansi.Strip(m.Render()))
	}
	press(m, "0")
	if v.hscroll != 0 {
		t.Fatalf("0: hscroll %d", v.hscroll)
	}
	for range 100 {
		press(m, "z", "l")
	}
	if v.hscroll != l.width-v.textWidth() {
		t.Fatalf("zl never passes the end: hscroll %d", v.hscroll)
	}
}

// w wraps long lines onto the rows under them, numbered once; the line
// after starts below them; the choice is remembered (the root's
// TestViewerWrapIsSaved: on disk).
func TestViewerWrapToggle(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{"min.js": strings.Repeat("var a=1;", 50) + "END\nsecond\n"})
	m := newTestModel(t, dir, 80, 24)
	run(m, m.openFile("min.js", 1))
	v := m.viewer
	press(m, "$", "w")
	if !v.wrap || v.hscroll != 0 {
		t.Fatalf("w: wrap %v hscroll %d", v.wrap, v.hscroll)
	}
	if !m.settings.Wrap {
		t.Errorf("wrap not remembered: %+v", m.settings)
	}
	l, _ := v.find(1)
	rows := ui.WrapRows(l.width, v.textWidth())
	screen := strings.Split(ansi.Strip(m.ViewerView(v.width, v.height)), "\n")
	if rows < 3 || !strings.HasSuffix(strings.TrimRight(screen[rows], " "), "END") {
		t.Fatalf("the line's end is not on its last row %d:\n%s", rows, strings.Join(screen, "\n"))
	}
	if !strings.HasPrefix(strings.TrimLeft(screen[rows+1], " "), "2 second") {
		t.Fatalf("line 2 is not under line 1's %d rows: %q", rows, screen[rows+1])
	}
	for i := 2; i <= rows; i++ {
		if strings.TrimSpace(screen[i][:ui.GutterWidth(v.total)]) != "" {
			t.Fatalf("a continuation row has a number: %q", screen[i])
		}
	}
	press(m, "j")
	if v.cursor != 2 {
		t.Fatalf("j: cursor %d", v.cursor)
	}
	// A click on a continuation row is a click on its line.
	click := func(y int) {
		m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: m.treeWidth() + 5, Y: y})
	}
	click(rows + 1)
	if v.cursor != 2 {
		t.Fatalf("click under line 1's rows: cursor %d", v.cursor)
	}
	click(rows)
	if v.cursor != 1 {
		t.Fatalf("click on line 1's last row: cursor %d", v.cursor)
	}
	press(m, "w", "w")
	if !v.wrap {
		t.Fatal("w w: wrap off")
	}
	press(m, "w")
	if v.wrap {
		t.Fatal("wrap still on")
	}
	if m.settings.Wrap {
		t.Errorf("wrap off not remembered: %+v", m.settings)
	}
}

// With wrap on, the cursor line is kept wholly on screen as it moves, and
// the last line can be reached.
func TestViewerWrapKeepsTheCursorOnScreen(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		if i%3 == 0 {
			b.WriteString(strings.Repeat("x", 150))
		}
		b.WriteString("y\n")
	}
	m := viewerOn(t, map[string]string{"w.txt": b.String()}, "w.txt", 80, 24)
	v := m.viewer
	press(m, "w")
	for i := 1; i < 60; i++ {
		press(m, "j")
		used := 0
		for r := v.top; r <= v.rowOf(v.cursor); r++ {
			used += v.span(r)
		}
		if used > v.body() {
			t.Fatalf("line %d: its rows end at screen row %d of %d", v.cursor, used, v.body())
		}
	}
	if v.cursor != 60 {
		t.Fatalf("cursor %d, want the last line", v.cursor)
	}
	press(m, "g", "g", "G")
	if _, last := v.visibleRange(); last != 60 || v.cursor != 60 {
		t.Fatalf("G: last visible %d, cursor %d", last, v.cursor)
	}
}

// A wrapped line taller than the screen: $ shows its end (the tool's cut
// marker), 0 its start, zl half a screen further; the title says which of
// its rows show; moving off it and back starts it from the top again.
func TestViewerWrappedLineTallerThanTheScreen(t *testing.T) {
	m := viewerOn(t, minified, "min.js", 80, 24)
	v := m.viewer
	press(m, "w")
	l, _ := v.find(1)
	rows := ui.WrapRows(l.width, v.textWidth())
	if rows <= v.body() {
		t.Fatalf("the line takes %d rows: not taller than the screen (%d)", rows, v.body())
	}
	marker := repoops.LineCutMarker(l.cut)
	marker = marker[len(marker)-16:] // its end: the marker itself may wrap
	if strings.Contains(ansi.Strip(m.Render()), marker) {
		t.Fatal("the line's end is on screen before $")
	}
	press(m, "$")
	screen := ansi.Strip(m.Render())
	if !strings.Contains(screen, marker) || v.topSkip() != rows-v.body() {
		t.Fatalf("$: skip %d, screen:\n%s", v.topSkip(), screen)
	}
	want := "rows " + repoops.Commas(rows-v.body()+1) + "-" + repoops.Commas(rows) + " of " + repoops.Commas(rows)
	if !strings.Contains(screen, want) {
		t.Fatalf("the title does not say %q:\n%s", want, screen)
	}
	press(m, "0")
	if v.topSkip() != 0 {
		t.Fatalf("0: skip %d", v.topSkip())
	}
	press(m, "z", "l")
	if v.topSkip() != v.body()/2 {
		t.Fatalf("zl: skip %d, want %d", v.topSkip(), v.body()/2)
	}
	press(m, "l", "h", "h")
	if v.topSkip() != v.body()/2-1 {
		t.Fatalf("l h h: skip %d", v.topSkip())
	}
	press(m, "G", "g", "g") // a one-line file: the cursor stays; G and gg keep it
	press(m, "w", "w")
	if v.topSkip() != v.body()/2-1 && v.topSkip() != 0 {
		t.Fatalf("w w: skip %d", v.topSkip())
	}
}
