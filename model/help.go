package model

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/ui"
)

// helpPane is the full help, an overlay over the whole body, built from the
// bindings in force when it opened. Movement scrolls it on a small
// terminal; any other key closes it.
type helpPane struct {
	overlayBase
	c        *common
	sections []ui.HelpSection
	legend   []string
	top      int
	width    int
	height   int
	done     bool
}

func newHelpPane(c *common, sections []ui.HelpSection) *helpPane {
	return &helpPane{c: c, sections: sections}
}

func (h *helpPane) ID() paneID        { return paneHelp }
func (h *helpPane) Title() string     { return "Help" }
func (h *helpPane) SetSize(w, ht int) { h.width, h.height = w, ht }
func (h *helpPane) Size() (int, int)  { return h.width, h.height }
func (h *helpPane) Area() overlayArea { return areaBody }
func (h *helpPane) Done() bool        { return h.done }

func (h *helpPane) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	switch d, top, _ := navStep(h.c.Keys.Tree.Nav, k, h.height); {
	case d != 0:
		limit := h.c.Styles.HelpScrollMax(h.sections, h.legend, h.width, h.height)
		h.top = min(max(h.top+d, 0), limit)
		return nil
	case top:
		h.top = 0
		return nil
	}
	h.done = true
	if k.String() == "ctrl+c" {
		return tea.Quit
	}
	return nil
}

func (h *helpPane) View(w, ht int, _ bool) string {
	return h.c.Styles.RenderHelp(h.sections, h.legend, h.top, w, ht)
}
