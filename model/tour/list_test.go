package tour

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/ui"
)

func listKey(k string) tea.KeyPressMsg {
	switch k {
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	}
	return tea.KeyPressMsg{Code: []rune(k)[0], Text: k}
}

// chosen runs cmd and is the step it asks for (-1: no GoMsg).
func chosen(cmd tea.Cmd) int {
	if cmd == nil {
		return -1
	}
	if g, ok := cmd().(GoMsg); ok {
		return g.Step
	}
	return -1
}

func newList(at int) *List {
	tr := New(setup("/d"))
	tr.Go(at)
	return NewList(&pane.Common{Styles: ui.NewStyles(true, true)}, keymap.NewTour(), tr)
}

// The cursor starts on the step on screen, stays inside the list, and
// enter asks for the step it is on and closes the list.
func TestListCursor(t *testing.T) {
	l := newList(3)
	if l.Selected() != 3 {
		t.Fatalf("the list opened on %d, want the step on screen (3)", l.Selected())
	}
	for range len(Steps) + 2 {
		if cmd := l.Update(listKey("down")); cmd != nil {
			t.Fatal("down asked for a step")
		}
	}
	if l.Selected() != len(Steps)-1 {
		t.Errorf("down past the end: %d", l.Selected())
	}
	for range len(Steps) + 2 {
		l.Update(listKey("k"))
	}
	if l.Selected() != 0 || l.Done() {
		t.Errorf("k past the top: %d, done %v", l.Selected(), l.Done())
	}
	l.Update(listKey("j"))
	if got := chosen(l.Update(listKey("enter"))); got != 1 || !l.Done() {
		t.Errorf("enter on step 2 asked for %d, done %v", got, l.Done())
	}
}

// A step's number goes there; a number past the last step, another
// letter or a non-key does nothing; ? closes the list without a move.
func TestListNumbersAndClose(t *testing.T) {
	for n := 1; n <= len(Steps); n++ {
		l := newList(0)
		if got := chosen(l.Update(listKey(string(rune('0' + n))))); got != n-1 || !l.Done() {
			t.Errorf("%d: asked for %d, done %v", n, got, l.Done())
		}
	}
	l := newList(2)
	for _, k := range []string{"0", "8", "9", "n", "x"} {
		if cmd := l.Update(listKey(k)); cmd != nil || l.Done() {
			t.Errorf("%s: cmd %v, done %v", k, cmd != nil, l.Done())
		}
	}
	if cmd := l.Update(tea.WindowSizeMsg{Width: 1, Height: 1}); cmd != nil {
		t.Error("a non-key asked for something")
	}
	if cmd := l.Update(listKey("?")); cmd != nil || !l.Done() {
		t.Errorf("?: cmd %v, done %v", cmd != nil, l.Done())
	}
}

// The view lists every step with its sentence, marks the one on screen,
// and is exactly w×h cells.
func TestListView(t *testing.T) {
	l := newList(4)
	l.SetSize(100, 24)
	v := l.View(100, 24, true)
	lines := strings.Split(v, "\n")
	if len(lines) != 24 {
		t.Fatalf("%d lines", len(lines))
	}
	for i, line := range lines {
		if ansi.StringWidth(line) != 100 {
			t.Fatalf("line %d: %d cells", i, ansi.StringWidth(line))
		}
	}
	plain := ansi.Strip(v)
	for i, s := range Steps {
		mark := "  "
		if i == 4 {
			mark = "▸ "
		}
		if want := mark + string(rune('1'+i)) + ". " + s.Title; !strings.Contains(plain, want) {
			t.Errorf("no %q in\n%s", want, plain)
		}
		if !strings.Contains(plain, s.Look[:40]) {
			t.Errorf("step %d's sentence missing", i+1)
		}
	}
	if w, h := l.Size(); w != 100 || h != 24 {
		t.Errorf("Size %dx%d", w, h)
	}
}
