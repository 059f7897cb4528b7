package keymap

import "charm.land/bubbles/v2/key"

// Tour bindings apply while `repox demo` runs its tour: they come before
// the panes and before an overlay without a text field (the console a step
// opens to show its answer among them); over a prompt they are letters
// typed into it, and the tour's own step list has keys of its own.
type Tour struct {
	Next  key.Binding
	Back  key.Binding
	Steps key.Binding // the step list
	Copy  key.Binding // the step's snippet (the MCP config)
	End   key.Binding // leave the tour, keep exploring
	// In the step list.
	Up, Down, Go key.Binding
}

// NewTour returns the tour's bindings.
func NewTour() Tour {
	return Tour{
		Next:  key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next")),
		Back:  key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "back")),
		Steps: key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "steps")),
		Copy:  key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy config")),
		End:   key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "end tour")),
		Up:    key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:  key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Go:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go to step")),
	}
}

// ShortHelp implements help.KeyMap.
func (t Tour) ShortHelp() []key.Binding { return []key.Binding{t.Next, t.Back, t.Steps, t.End} }

// FullHelp implements help.KeyMap.
func (t Tour) FullHelp() [][]key.Binding {
	return [][]key.Binding{{t.Next, t.Back, t.Steps, t.Copy, t.End}, {t.Up, t.Down, t.Go}}
}
