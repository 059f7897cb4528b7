package keymap

import "charm.land/bubbles/v2/key"

// Finder bindings apply in the find and search overlays, where letters are
// typed into the query: movement uses the arrows and ctrl keys only.
type Finder struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Open     key.Binding
	Agent    key.Binding // the agent view of the same request
	Copy     key.Binding // the row: a path, path:line (y is typed here)
	CopyAll  key.Binding // the call and its exact model text
	Close    key.Binding
}

// NewFinder returns the bindings shared by find and search.
func NewFinder() Finder {
	return Finder{
		Up:       key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑/ctrl+p", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓/ctrl+n", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Agent:    key.NewBinding(key.WithKeys("tab", "alt+a"), key.WithHelp("tab", "agent view")),
		Copy:     key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "copy row")),
		CopyAll:  key.NewBinding(key.WithKeys("alt+y"), key.WithHelp("alt+y", "copy the call and its model text")),
		Close:    key.NewBinding(key.WithKeys("esc", "ctrl+c"), key.WithHelp("esc", "close")),
	}
}

// ShortHelp implements help.KeyMap.
func (f Finder) ShortHelp() []key.Binding {
	return []key.Binding{f.Down, f.Up, f.Open, f.Agent, f.Close}
}

// FullHelp implements help.KeyMap.
func (f Finder) FullHelp() [][]key.Binding {
	return [][]key.Binding{{f.Up, f.Down, f.PageUp, f.PageDown}, {f.Open, f.Agent, f.Copy, f.CopyAll, f.Close}}
}

// FindKeys are the find overlay's own bindings on top of Finder's.
type FindKeys struct {
	Finder
	Preview key.Binding // a column showing the start of the chosen file (fzf's preview)
}

// NewFind returns the find overlay's bindings.
func NewFind() FindKeys {
	return FindKeys{
		Finder:  NewFinder(),
		Preview: key.NewBinding(key.WithKeys("ctrl+/", "ctrl+_", "alt+p"), key.WithHelp("ctrl+//alt+p", "preview column")),
	}
}

// FullHelp implements help.KeyMap.
func (f FindKeys) FullHelp() [][]key.Binding {
	return append(f.Finder.FullHelp(), []key.Binding{f.Preview})
}

// SearchKeys are the search overlay's own bindings on top of Finder's.
type SearchKeys struct {
	Finder
	Case  key.Binding // case-sensitive or not, as repo_grep's case_sensitive
	Scope key.Binding // move between the pattern and the path fields
}

// NewSearch returns the search overlay's bindings.
func NewSearch() SearchKeys {
	f := NewFinder()
	f.Open = key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "search / open"))
	return SearchKeys{
		Finder: f,
		Case:   key.NewBinding(key.WithKeys("alt+c"), key.WithHelp("alt+c", "case")),
		Scope:  key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "path field")),
	}
}

// ShortHelp implements help.KeyMap.
func (s SearchKeys) ShortHelp() []key.Binding {
	return []key.Binding{s.Open, s.Down, s.Case, s.Scope, s.Agent, s.Close}
}

// FullHelp implements help.KeyMap.
func (s SearchKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{s.Up, s.Down, s.PageUp, s.PageDown}, {s.Open, s.Case, s.Scope, s.Agent, s.Copy, s.CopyAll, s.Close}}
}
