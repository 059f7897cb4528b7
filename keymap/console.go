package keymap

import "charm.land/bubbles/v2/key"

// Console bindings apply in the tool console; every other key is typed.
type Console struct {
	Run      key.Binding
	Complete key.Binding
	Older    key.Binding // history
	Newer    key.Binding
	OutUp    key.Binding // scroll the result
	OutDown  key.Binding
	Copy     key.Binding // copy the call and its text
}

// NewConsole returns the tool console bindings.
func NewConsole() Console {
	return Console{
		Run:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "run")),
		Complete: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete")),
		Older:    key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "older call")),
		Newer:    key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "newer call")),
		OutUp:    key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "result up")),
		OutDown:  key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "result down")),
		Copy:     key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "copy call and text")),
	}
}

// ShortHelp implements help.KeyMap.
func (c Console) ShortHelp() []key.Binding {
	return []key.Binding{c.Run, c.Complete, c.Older, c.OutDown}
}

// FullHelp implements help.KeyMap.
func (c Console) FullHelp() [][]key.Binding {
	return [][]key.Binding{{c.Run, c.Complete, c.Older, c.Newer}, {c.OutUp, c.OutDown, c.Copy}}
}
