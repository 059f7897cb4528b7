package keymap

import "charm.land/bubbles/v2/key"

// Tree bindings apply while the tree pane has focus.
type Tree struct {
	Nav
	Expand   key.Binding // expand a folder or open a file
	Collapse key.Binding // collapse a folder or go to its parent
}

// NewTree returns the tree bindings.
func NewTree() Tree {
	return Tree{
		Nav:      NewNav(),
		Expand:   key.NewBinding(key.WithKeys("l", "right", "enter"), key.WithHelp("→/l/enter", "expand/open")),
		Collapse: key.NewBinding(key.WithKeys("h", "left"), key.WithHelp("←/h", "collapse/parent")),
	}
}

// ShortHelp implements help.KeyMap.
func (t Tree) ShortHelp() []key.Binding {
	return []key.Binding{t.Down, t.Up, t.Expand, t.Collapse}
}

// FullHelp implements help.KeyMap.
func (t Tree) FullHelp() [][]key.Binding {
	return [][]key.Binding{{t.Expand, t.Collapse}, t.Nav.bindings()}
}
