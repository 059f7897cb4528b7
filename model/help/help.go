// Package help is the explorer's full help: an overlay over the whole body,
// built from the bindings in force when it opened (the root gathers them).
package help

import (
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/ui"
)

// Pane is the full help, an overlay over the whole body, built from the
// bindings in force when it opened. Movement scrolls it on a small
// terminal (G to the end, g to the top); any other key closes it.
type Pane struct {
	pane.Base
	c        *pane.Common
	sections []ui.HelpSection
	legend   []string
	top      int
	width    int
	height   int
	done     bool
}

// New is the help showing sections.
func New(c *pane.Common, sections []ui.HelpSection) *Pane {
	return &Pane{c: c, sections: sections}
}

func (h *Pane) ID() pane.ID       { return pane.Help }
func (h *Pane) Title() string     { return "Help" }
func (h *Pane) SetSize(w, ht int) { h.width, h.height = w, ht }
func (h *Pane) Size() (int, int)  { return h.width, h.height }
func (h *Pane) Area() pane.Area   { return pane.AreaBody }
func (h *Pane) Done() bool        { return h.done }

func (h *Pane) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	switch d, top, bottom := pane.NavStep(h.c.Keys.Tree.Nav, k, h.height-1); {
	case d != 0:
		h.top = min(max(h.top+d, 0), h.end())
		return nil
	case top:
		h.top = 0
		return nil
	case bottom:
		h.top = h.end()
		return nil
	}
	h.done = true
	if k.String() == "ctrl+c" {
		return tea.Quit
	}
	return nil
}

// end is the top row of the last screen.
func (h *Pane) end() int {
	return h.c.Styles.HelpScrollMax(h.sections, h.legend, h.width, h.height)
}

func (h *Pane) View(w, ht int, _ bool) string {
	return h.c.Styles.RenderHelp(h.sections, h.legend, h.top, w, ht)
}

// Top is the first row shown (the help scrolls on a small terminal).
func (h *Pane) Top() int { return h.top }

// Sections are the sections shown, the first pane's keys first.
func (h *Pane) Sections() []ui.HelpSection { return h.sections }
