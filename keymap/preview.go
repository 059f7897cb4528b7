package keymap

import "charm.land/bubbles/v2/key"

// Preview bindings apply in the edit preview. Its text areas take every
// other key, so these are the ones the areas do not use for text.
type Preview struct {
	Next    key.Binding // next field
	Prev    key.Binding // previous field
	Toggle  key.Binding // edit form <-> insert form
	Read    key.Binding // read the file in full through the tool
	Apply   key.Binding // ask to apply through the tool
	Tab     key.Binding // type a tab character into a field
	DiffUp  key.Binding
	DiffDn  key.Binding
	Confirm key.Binding // in the confirmation: apply
}

// NewPreview returns the edit preview bindings.
func NewPreview() Preview {
	return Preview{
		Next:    key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next field")),
		Prev:    key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous field")),
		Toggle:  key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "edit/insert form")),
		Read:    key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "read the unseen lines (tool calls)")),
		Apply:   key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "apply (asks first)")),
		Tab:     key.NewBinding(key.WithKeys("alt+t"), key.WithHelp("alt+t", "type a tab (shown ␉)")),
		DiffUp:  key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "diff up")),
		DiffDn:  key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "diff down")),
		Confirm: key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "yes, apply")),
	}
}

// ShortHelp implements help.KeyMap.
func (p Preview) ShortHelp() []key.Binding {
	return []key.Binding{p.Next, p.Apply, p.Read, p.Toggle}
}

// FullHelp implements help.KeyMap.
func (p Preview) FullHelp() [][]key.Binding {
	return [][]key.Binding{{p.Next, p.Prev, p.Toggle, p.Tab}, {p.Read, p.Apply, p.Confirm, p.DiffUp, p.DiffDn}}
}
