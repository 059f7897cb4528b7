package tree

import (
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
)

// filterPrompt is the filter's inline overlay: while it is open every key
// goes to it (letters are typed, not run), and the tree draws it.
type filterPrompt struct {
	pane.Base
	t        *Pane
	keys     keymap.TreeFilter
	done     bool
	accepted bool
}

func (p *filterPrompt) ID() pane.ID                { return pane.TreeFilter }
func (p *filterPrompt) Title() string              { return "Tree filter" }
func (p *filterPrompt) SetSize(int, int)           {}
func (p *filterPrompt) Size() (int, int)           { return 0, 0 }
func (p *filterPrompt) Area() pane.Area            { return pane.AreaInline }
func (p *filterPrompt) Done() bool                 { return p.done }
func (p *filterPrompt) View(int, int, bool) string { return "" }
func (p *filterPrompt) ShortHelp() []key.Binding   { return p.keys.ShortHelp() }
func (p *filterPrompt) FullHelp() [][]key.Binding  { return p.keys.FullHelp() }

// Close restores the tree unless the filter was accepted.
func (p *filterPrompt) Close() tea.Cmd {
	if p.accepted {
		return nil
	}
	p.t.closeFilter(true)
	return p.t.moved()
}

func (p *filterPrompt) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	t, f := p.t, p.t.filter
	if f == nil {
		p.done = true
		return nil
	}
	switch {
	case key.Matches(k, p.keys.Cancel):
		p.done = true
		return nil
	case key.Matches(k, p.keys.Accept):
		p.done, p.accepted = true, true
		return t.acceptFilter()
	case key.Matches(k, p.keys.Down):
		t.move(1)
		return t.moved()
	case key.Matches(k, p.keys.Up):
		t.move(-1)
		return t.moved()
	case key.Matches(k, t.c.Keys.Typing.Delete):
		if f.input == "" {
			return nil
		}
		_, size := utf8.DecodeLastRuneInString(f.input)
		f.input = f.input[:len(f.input)-size]
		return t.runFilter()
	case pane.Printable(k):
		f.input += k.Text
		return t.runFilter()
	}
	return nil
}
