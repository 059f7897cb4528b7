package find

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// TestFindPreviewColumn: alt+p (or ctrl+/) shows the chosen file's start
// beside the list, following the cursor, through the look session — no
// read is recorded; alt+p again hides it.
func TestFindPreviewColumn(t *testing.T) {
	h := newHarness(t, fixtureRepo(t), 120, 30)
	h.run(h.open())
	p := h.p
	h.typeText("go")
	h.run(h.p.Update(tea.KeyPressMsg{Code: 'p', Mod: tea.ModAlt}))
	first, _ := p.selected()
	frame := ansi.Strip(p.View(120, 30, true))
	if !p.preview.on || !strings.Contains(frame, "preview · "+first.shown) || !strings.Contains(frame, "package ") {
		t.Fatalf("no preview of %s:\n%s", first.shown, frame)
	}
	h.press("down")
	second, _ := p.selected()
	if second.raw == first.raw || p.preview.path != second.raw || p.preview.res == nil {
		t.Fatalf("the preview did not follow the cursor: %q for row %q", p.preview.path, second.raw)
	}
	for _, r := range []string{first.raw, second.raw} {
		if _, read := h.c.Session.Seen(r); read {
			t.Errorf("the preview recorded a read of %s", r)
		}
	}
	h.run(h.p.Update(tea.KeyPressMsg{Code: 'p', Mod: tea.ModAlt}))
	if strings.Contains(ansi.Strip(p.View(120, 30, true)), "preview · ") {
		t.Errorf("alt+p again did not hide the column")
	}
}
