package keymap

import "charm.land/bubbles/v2/key"

// Tree bindings apply while the tree pane has focus.
type Tree struct {
	Nav
	Expand       key.Binding // expand a folder or open a file
	Collapse     key.Binding // collapse a folder or go to its parent
	Filter       key.Binding // filter the rows by name, over the whole file set
	ShowIgnored  key.Binding // show the entries an ignore rule hides
	FoldersFirst key.Binding // folders before files
	Preview      key.Binding // the viewer follows the cursor onto files
	Count        key.Binding // 1-9 (then 0-9): a count for the next move
	ChangedOnly  key.Binding // only the files git reports changed, with their folders
	Cancel       key.Binding // drop a count typed
}

// NewTree returns the tree bindings.
func NewTree() Tree {
	return Tree{
		Nav:          NewNav(),
		Expand:       key.NewBinding(key.WithKeys("l", "right", "enter"), key.WithHelp("→/l/enter", "expand/open")),
		Collapse:     key.NewBinding(key.WithKeys("h", "left"), key.WithHelp("←/h", "collapse/parent")),
		Filter:       key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter by name (path with a /)")),
		ShowIgnored:  key.NewBinding(key.WithKeys("."), key.WithHelp(".", "show ignored")),
		FoldersFirst: key.NewBinding(key.WithKeys("F"), key.WithHelp("F", "folders first")),
		Preview:      key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "preview on move")),
		ChangedOnly:  key.NewBinding(key.WithKeys("C"), key.WithHelp("C", "only changed files (git status)")),
		Count:        key.NewBinding(key.WithKeys(CountKeys...), key.WithHelp("1-9", "count: 5j, 3ctrl+d, 20G row 20")),
		Cancel:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "drop a count")),
	}
}

// ShortHelp implements help.KeyMap.
func (t Tree) ShortHelp() []key.Binding {
	return []key.Binding{t.Down, t.Up, t.Expand, t.Collapse, t.Filter}
}

// FullHelp implements help.KeyMap.
func (t Tree) FullHelp() [][]key.Binding {
	return [][]key.Binding{{t.Expand, t.Collapse, t.Filter}, {t.ShowIgnored, t.FoldersFirst, t.Preview, t.ChangedOnly}, append(t.Nav.bindings(), t.Count, t.Cancel)}
}

// TreeFilter bindings apply while the tree's filter prompt is open: every
// printable key is typed into it.
type TreeFilter struct {
	Down, Up, Accept, Cancel key.Binding
}

// NewTreeFilter returns the filter prompt's bindings.
func NewTreeFilter() TreeFilter {
	return TreeFilter{
		Down:   key.NewBinding(key.WithKeys("down", "ctrl+j", "ctrl+n"), key.WithHelp("↓/ctrl+n", "next")),
		Up:     key.NewBinding(key.WithKeys("up", "ctrl+k", "ctrl+p"), key.WithHelp("↑/ctrl+p", "previous")),
		Accept: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep the cursor there")),
		Cancel: key.NewBinding(key.WithKeys("esc", "ctrl+c"), key.WithHelp("esc", "restore the tree")),
	}
}

// ShortHelp implements help.KeyMap.
func (f TreeFilter) ShortHelp() []key.Binding { return []key.Binding{f.Down, f.Up, f.Accept, f.Cancel} }

// FullHelp implements help.KeyMap.
func (f TreeFilter) FullHelp() [][]key.Binding { return [][]key.Binding{f.ShortHelp()} }
