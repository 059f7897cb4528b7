package tour

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/ui"
)

// GoMsg asks the root to show step Step (from 0) and set its panes up.
type GoMsg struct{ Step int }

// List is the step list, an overlay over the body (`?` in the tour):
// every step with its sentence, the one on screen marked; enter goes to
// the chosen one, esc (the root's) closes it.
type List struct {
	pane.Base
	c             *pane.Common
	keys          keymap.Tour
	tour          *Tour
	sel           int
	done          bool
	width, height int
}

// NewList is the step list of t, the step on screen chosen.
func NewList(c *pane.Common, keys keymap.Tour, t *Tour) *List {
	return &List{c: c, keys: keys, tour: t, sel: t.at}
}

func (l *List) ID() pane.ID      { return pane.TourSteps }
func (l *List) Title() string    { return "Tour steps" }
func (l *List) SetSize(w, h int) { l.width, l.height = w, h }
func (l *List) Size() (int, int) { return l.width, l.height }
func (l *List) Area() pane.Area  { return pane.AreaBody }
func (l *List) Done() bool       { return l.done }

// Selected is the step the list's cursor is on, from 0.
func (l *List) Selected() int { return l.sel }

func (l *List) ShortHelp() []key.Binding  { return []key.Binding{l.keys.Up, l.keys.Down, l.keys.Go} }
func (l *List) FullHelp() [][]key.Binding { return [][]key.Binding{l.ShortHelp()} }

// Update moves the cursor; enter (or the step's number) closes the list
// and asks for that step; ? closes it.
func (l *List) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	switch {
	case key.Matches(k, l.keys.Up):
		l.sel = max(l.sel-1, 0)
	case key.Matches(k, l.keys.Down):
		l.sel = min(l.sel+1, len(Steps)-1)
	case key.Matches(k, l.keys.Go):
		return l.choose(l.sel)
	case key.Matches(k, l.keys.Steps):
		l.done = true
	case len(k.Text) == 1 && k.Text[0] >= '1' && int(k.Text[0]-'0') <= len(Steps):
		return l.choose(int(k.Text[0] - '1'))
	}
	return nil
}

func (l *List) choose(i int) tea.Cmd {
	l.done = true
	return func() tea.Msg { return GoMsg{Step: i} }
}

func (l *List) View(w, h int, focused bool) string {
	st := l.c.Styles
	lines := []string{st.TitleFocused.Render(ui.Fit(" tour · steps", w)), ""}
	for i, s := range Steps {
		mark := "  "
		if i == l.tour.at {
			mark = "▸ "
		}
		row := ui.Fit(fmt.Sprintf(" %s%d. %s", mark, i+1, s.Title), w)
		if i == l.sel {
			row = st.Selected.Render(row)
		}
		lines = append(lines, row, st.Note.Render(ui.Fit("      "+s.Look, w)))
	}
	lines = append(lines, "", st.Note.Render(ui.Fit(fmt.Sprintf(" ↑/↓ choose · enter or 1-%d go · esc close", len(Steps)), w)))
	return ui.Block(lines, w, h)
}
