package model

import (
	tea "charm.land/bubbletea/v2"
)

// promptPane is the viewer's search prompt, an inline overlay: while it is
// open every key goes to it, and the viewer draws what is typed in its
// footer. enter searches; esc (or ctrl+c) closes it.
type promptPane struct {
	overlayBase
	v    *viewerPane
	done bool
}

func (p *promptPane) ID() paneID                 { return panePrompt }
func (p *promptPane) Title() string              { return "Search prompt" }
func (p *promptPane) SetSize(int, int)           {}
func (p *promptPane) Size() (int, int)           { return 0, 0 }
func (p *promptPane) Area() overlayArea          { return areaInline }
func (p *promptPane) Done() bool                 { return p.done }
func (p *promptPane) View(int, int, bool) string { return "" }

// Close shuts the prompt without searching.
func (p *promptPane) Close() tea.Cmd {
	s := &p.v.search
	s.typing, s.input = false, ""
	p.v.styled = nil
	return p.v.ensureLoaded()
}

func (p *promptPane) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	s := &p.v.search
	switch k.String() {
	case "esc", "ctrl+c":
		p.done = true
		return nil
	case "enter":
		p.done = true
		s.typing = false
		q := s.input
		cmd := p.v.startSearch(q, true)
		p.v.styled = nil
		return tea.Batch(cmd, p.v.ensureLoaded())
	}
	p.v.typeSearch(k)
	p.v.styled = nil
	return p.v.ensureLoaded()
}
