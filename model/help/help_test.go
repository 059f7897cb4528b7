package help

import (
	"fmt"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
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
