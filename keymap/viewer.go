package keymap

import "charm.land/bubbles/v2/key"

// Viewer bindings apply while the file viewer has focus.
type Viewer struct {
	Nav
	Left   key.Binding // horizontal scroll: long lines are cut, never wrapped, so line numbers stay the model's
	Right  key.Binding
	Search key.Binding
	Next   key.Binding
	Prev   key.Binding
	Cancel key.Binding
	Select key.Binding // mark a range of lines (for the edit preview)
}

// NewViewer returns the viewer bindings.
func NewViewer() Viewer {
	return Viewer{
		Nav:    NewNav(),
		Left:   key.NewBinding(key.WithKeys("h", "left"), key.WithHelp("←/h", "scroll left")),
		Right:  key.NewBinding(key.WithKeys("l", "right"), key.WithHelp("→/l", "scroll right")),
		Search: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search in file")),
		Next:   key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next match")),
		Prev:   key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous match")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear search and selection")),
		Select: key.NewBinding(key.WithKeys("v", "V"), key.WithHelp("v/V", "select lines (for e)")),
	}
}

// ShortHelp implements help.KeyMap.
func (v Viewer) ShortHelp() []key.Binding {
	return []key.Binding{v.Down, v.Up, v.Search, v.Next}
}

// FullHelp implements help.KeyMap.
func (v Viewer) FullHelp() [][]key.Binding {
	return [][]key.Binding{{v.Search, v.Next, v.Prev, v.Cancel, v.Select, v.Left, v.Right}, v.Nav.bindings()}
}
