package keymap

import "charm.land/bubbles/v2/key"

// Global bindings work whichever pane has focus.
type Global struct {
	Focus  key.Binding
	Agent  key.Binding
	Help   key.Binding
	Editor key.Binding
	Copy   key.Binding
	Reload key.Binding
	Quit   key.Binding

	// Reserved for the next TUI issue; pressing one says "coming soon"
	// instead of silently doing nothing, so nobody mistakes it for a bug.
	Find    key.Binding
	Search  key.Binding
	Edit    key.Binding // the edit preview over the viewer
	Console key.Binding // the tool console over the viewer

	// CopyAll copies the focused pane's tool call and its exact model text.
	CopyAll key.Binding
}

// NewGlobal returns the global bindings.
func NewGlobal() Global {
	return Global{
		Focus:   key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "switch pane")),
		Agent:   key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "agent view")),
		Help:    key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Editor:  key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open in $EDITOR")),
		Copy:    key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy path (path:line in the viewer)")),
		CopyAll: key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "copy the call and its model text")),
		Reload:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")),
		Quit:    key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Find:    key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "find (coming soon)")),
		Search:  key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "search content (coming soon)")),
		Edit:    key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit preview")),
		Console: key.NewBinding(key.WithKeys(":"), key.WithHelp(":", "tool console")),
	}
}

// Reserved lists the bindings kept free for coming panes.
func (g Global) Reserved() []key.Binding {
	return []key.Binding{g.Find, g.Search}
}

// ShortHelp implements help.KeyMap.
func (g Global) ShortHelp() []key.Binding {
	return []key.Binding{g.Help, g.Focus, g.Agent, g.Quit}
}

// FullHelp implements help.KeyMap.
func (g Global) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{g.Focus, g.Agent, g.Help, g.Quit},
		{g.Editor, g.Copy, g.CopyAll, g.Reload},
		append([]key.Binding{g.Edit, g.Console}, g.Reserved()...),
	}
}
