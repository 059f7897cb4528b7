package help

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/ui"
)

// TestHelpUpdate drives the help's Update as a function: movement keys
// scroll it within what there is to show; any other key closes it, and
// ctrl+c quits.
func TestHelpUpdate(t *testing.T) {
	c := &pane.Common{Keys: keymap.Default(), Styles: ui.NewStyles(true, true)}
	var secs []ui.HelpSection
	for i := range 8 {
		var col []key.Binding
		for j := range 10 {
			k := fmt.Sprintf("f%d", i*10+j)
			col = append(col, key.NewBinding(key.WithKeys(k), key.WithHelp(k, "a key with a long description")))
		}
		secs = append(secs, ui.HelpSection{Title: fmt.Sprintf("Section %d", i), Bindings: [][]key.Binding{col}})
	}
	h := New(c, secs)
	h.SetSize(60, 8)
	if cmd := h.Update(tea.KeyPressMsg{Code: 'j', Text: "j"}); cmd != nil || h.Top() != 1 || h.Done() {
		t.Fatalf("j: top %d done %v", h.Top(), h.Done())
	}
	for range 100 {
		h.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	}
	last := h.Top()
	if h.Update(tea.KeyPressMsg{Code: 'j', Text: "j"}); last <= 1 || h.Top() != last {
		t.Errorf("scrolling: stopped at %d, then %d: want it to stop at the end", last, h.Top())
	}
	h.Update(tea.KeyPressMsg{Code: 'q', Text: "q"})
	if !h.Done() {
		t.Error("another key did not close the help")
	}
	quit := New(c, nil).Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	if quit == nil {
		t.Fatal("ctrl+c in the help did not quit")
	}
	if _, ok := quit().(tea.QuitMsg); !ok {
		t.Error("ctrl+c in the help did not quit")
	}
}

// G goes to the end of a help that scrolls (it used to close it), g and
// home back to the top, and the head line says which rows are shown.
func TestHelpEndAndPosition(t *testing.T) {
	c := &pane.Common{Keys: keymap.Default(), Styles: ui.NewStyles(true, true)}
	var secs []ui.HelpSection
	for i := range 8 {
		var col []key.Binding
		for j := range 10 {
			k := fmt.Sprintf("f%d", i*10+j)
			col = append(col, key.NewBinding(key.WithKeys(k), key.WithHelp(k, "a key")))
		}
		secs = append(secs, ui.HelpSection{Title: fmt.Sprintf("Section %d", i), Bindings: [][]key.Binding{col}})
	}
	h := New(c, secs)
	h.SetSize(60, 8)
	end := c.Styles.HelpScrollMax(secs, nil, 60, 8)
	if end == 0 {
		t.Fatal("the help does not scroll at 60x8: the test shows nothing")
	}
	head := func() string { return strings.SplitN(ansi.Strip(h.View(60, 8, true)), "\n", 2)[0] }
	if got := head(); !strings.Contains(got, fmt.Sprintf("1-7 of %d", end+7)) {
		t.Errorf("head at the top %q: no position", got)
	}
	for _, k := range []tea.KeyPressMsg{{Code: 'G', Text: "G"}, {Code: tea.KeyEnd}} {
		h.Update(tea.KeyPressMsg{Code: 'g', Text: "g"})
		if h.Update(k); h.Done() || h.Top() != end {
			t.Fatalf("%s: top %d done %v, want the end (%d), still open", k, h.Top(), h.Done(), end)
		}
	}
	if got, want := head(), fmt.Sprintf("%d-%d of %d", end+1, end+7, end+7); !strings.Contains(got, want) {
		t.Errorf("head at the end %q: want %q", got, want)
	}
	if h.Update(tea.KeyPressMsg{Code: 'g', Text: "g"}); h.Top() != 0 || h.Done() {
		t.Errorf("g: top %d done %v", h.Top(), h.Done())
	}
	small := New(c, secs[:1])
	small.SetSize(60, 40)
	if got := strings.SplitN(ansi.Strip(small.View(60, 40, true)), "\n", 2)[0]; strings.Contains(got, " of ") {
		t.Errorf("a help that does not scroll shows a position: %q", got)
	}
}
