// Package keymap holds repox's key bindings, one KeyMap per pane, each built
// by a function so nothing here is a mutable global. Every KeyMap implements
// help.KeyMap, so the hint line and the full help are generated from the
// bindings in force rather than written by hand.
package keymap

import "charm.land/bubbles/v2/key"

// KeyMap is every binding the explorer knows, grouped by where it applies.
type KeyMap struct {
	Global  Global
	Tree    Tree
	Viewer  Viewer
	Overlay Overlay
	Agent   Agent
	// Sessions: the sessions pane (keymap/sessions.go).
	Sessions Sessions
	// Prompt: the viewer's search prompt.
	Prompt Prompt
}

// Default returns the standard bindings.
func Default() KeyMap {
	return KeyMap{Global: NewGlobal(), Tree: NewTree(), Viewer: NewViewer(), Overlay: NewOverlay(), Agent: NewAgent(), Sessions: NewSessions(), Prompt: NewPrompt()}
}

// Nav is the movement shared by every pane: both panes scroll the same way,
// so the same fingers work everywhere.
type Nav struct {
	Up       key.Binding
	Down     key.Binding
	Top      key.Binding // "g g": the model waits for the second g
	Bottom   key.Binding
	HalfDown key.Binding
	HalfUp   key.Binding
	PageDown key.Binding
	PageUp   key.Binding
}

// NewNav returns the movement bindings.
func NewNav() Nav {
	return Nav{
		Up:       key.NewBinding(key.WithKeys("k", "up"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("j", "down"), key.WithHelp("↓/j", "down")),
		Top:      key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g g", "top")),
		Bottom:   key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "bottom")),
		HalfDown: key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "half page down")),
		HalfUp:   key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "half page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "space"), key.WithHelp("pgdn", "page down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
	}
}

func (n Nav) bindings() []key.Binding {
	return []key.Binding{n.Up, n.Down, n.Top, n.Bottom, n.HalfDown, n.HalfUp, n.PageDown, n.PageUp}
}
