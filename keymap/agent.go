package keymap

import "charm.land/bubbles/v2/key"

// Agent bindings apply while the focused pane shows its agent view. The
// tree's agent view keeps the tree's movement (the call follows the
// cursor); the text scrolls by half pages, pages and the wheel.
type Agent struct {
	Wrap     key.Binding
	HalfDown key.Binding
	HalfUp   key.Binding
	PageDown key.Binding
	PageUp   key.Binding
	Left     key.Binding
	Right    key.Binding
}

// NewAgent returns the agent view bindings.
func NewAgent() Agent {
	return Agent{
		Wrap:     key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "wrap on/off")),
		HalfDown: key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "text half page down")),
		HalfUp:   key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "text half page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "space"), key.WithHelp("pgdn", "text page down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "text page up")),
		Left:     key.NewBinding(key.WithKeys("h", "left"), key.WithHelp("←/h", "scroll left (wrap off)")),
		Right:    key.NewBinding(key.WithKeys("l", "right"), key.WithHelp("→/l", "scroll right (wrap off)")),
	}
}

// ShortHelp implements help.KeyMap.
func (a Agent) ShortHelp() []key.Binding {
	return []key.Binding{a.Wrap, a.HalfDown, a.HalfUp}
}

// FullHelp implements help.KeyMap.
func (a Agent) FullHelp() [][]key.Binding {
	return [][]key.Binding{{a.Wrap, a.HalfDown, a.HalfUp, a.PageDown, a.PageUp, a.Left, a.Right}}
}
