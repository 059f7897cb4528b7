package viewer

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
)

// promptPane is the viewer's search prompt, an inline overlay: while it is
// Open every key goes to it, and the viewer draws what is typed in its
// footer. What is typed is searched as it is typed; enter keeps it, esc
// (or ctrl+c) drops it and puts the cursor back.
type promptPane struct {
	pane.Base
	v    *Pane
	done bool
	kept bool // enter closed it: Close keeps the query
}

func (p *promptPane) ID() pane.ID                { return pane.Prompt }
func (p *promptPane) Title() string              { return "Search prompt" }
func (p *promptPane) SetSize(int, int)           {}
func (p *promptPane) Size() (int, int)           { return 0, 0 }
func (p *promptPane) Area() pane.Area            { return pane.AreaInline }
func (p *promptPane) Done() bool                 { return p.done }
func (p *promptPane) View(int, int, bool) string { return "" }
func (p *promptPane) ShortHelp() []key.Binding   { return p.v.c.Keys.Prompt.ShortHelp() }
func (p *promptPane) FullHelp() [][]key.Binding  { return p.v.c.Keys.Prompt.FullHelp() }

// Close shuts the prompt; unless enter closed it, without searching.
func (p *promptPane) Close() tea.Cmd {
	if p.kept {
		return p.v.EnsureLoaded()
	}
	return p.v.cancelPrompt()
}

func (p *promptPane) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	keys := p.v.c.Keys.Prompt
	switch {
	case key.Matches(k, keys.Drop):
		p.done = true
		return nil
	case key.Matches(k, keys.Keep):
		p.done, p.kept = true, true
		return p.v.confirmPrompt()
	}
	if !p.v.typeSearch(k) {
		return nil
	}
	return p.v.typed()
}
