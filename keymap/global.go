package keymap

import "charm.land/bubbles/v2/key"

// Global bindings work whichever pane has focus.
type Global struct {
	Focus     key.Binding
	FocusBack key.Binding
	Agent     key.Binding
	Help      key.Binding
	Editor    key.Binding
	Copy      key.Binding
	Reload    key.Binding
	Quit      key.Binding
	// Suspend stops the explorer and gives the terminal back to the shell
	// (fg resumes it), whatever has the keys.
	Suspend key.Binding
	// Sessions opens the sessions pane: agent sessions recorded for the
	// repository, followed live, then vs now.
	Sessions key.Binding

	// Find opens the file finder, Search the content search.
	Find   key.Binding
	Search key.Binding

	Edit    key.Binding // the edit preview over the viewer
	Console key.Binding // the tool console over the viewer

	// CopyAll copies the focused pane's tool call and its exact model text.
	CopyAll key.Binding

	// Back and Forward walk the jump list: the places the viewer was
	// before a jump from find, search or another list (vim's ctrl+o and
	// ctrl+i; a terminal that sends ctrl+i as tab has alt+i).
	Back    key.Binding
	Forward key.Binding

	// Undo takes back the newest write this explorer made; Writes lists them.
	Undo   key.Binding
	Writes key.Binding

	// The split between the tree and the viewer, remembered between runs.
	SplitNarrow key.Binding
	SplitWiden  key.Binding
	SplitReset  key.Binding
}

// NewGlobal returns the global bindings.
func NewGlobal() Global {
	return Global{
		Focus:     key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "switch pane")),
		FocusBack: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "switch pane back")),
		Agent:     key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "agent view")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Editor:    key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open in $EDITOR")),
		Copy:      key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy path (viewer: path:line)")),
		CopyAll:   key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "copy call and model text")),
		Reload:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")),
		Quit:      key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Suspend:   key.NewBinding(key.WithKeys("ctrl+z"), key.WithHelp("ctrl+z", "suspend (fg resumes)")),
		Sessions:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "agent sessions")),
		Find:      key.NewBinding(key.WithKeys("f", "ctrl+p"), key.WithHelp("f", "find file")),
		Search:    key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "search content")),
		Edit:      key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit preview")),
		Console:   key.NewBinding(key.WithKeys(":"), key.WithHelp(":", "tool console")),

		Back:    key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "back before the last jump")),
		Forward: key.NewBinding(key.WithKeys("ctrl+i", "alt+i"), key.WithHelp("ctrl+i", "forward again (alt+i too)")),
		Undo:    key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo the last write")),
		Writes:  key.NewBinding(key.WithKeys("U"), key.WithHelp("U", "write log")),

		SplitNarrow: key.NewBinding(key.WithKeys("<"), key.WithHelp("<", "narrow the tree")),
		SplitWiden:  key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "widen the tree")),
		SplitReset:  key.NewBinding(key.WithKeys("="), key.WithHelp("=", "split back to a third")),
	}
}

// Reserved lists the bindings kept free for coming panes: pressing one
// says "coming soon" instead of silently doing nothing. None now.
func (g Global) Reserved() []key.Binding {
	return nil
}

// Bindings are all the global bindings, flat.
func (g Global) Bindings() []key.Binding {
	var out []key.Binding
	for _, row := range g.FullHelp() {
		out = append(out, row...)
	}
	return out
}

// ShortHelp implements help.KeyMap.
func (g Global) ShortHelp() []key.Binding {
	return []key.Binding{g.Help, g.Focus, g.Agent, g.Quit}
}

// FullHelp implements help.KeyMap.
func (g Global) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{g.Focus, g.FocusBack, g.Agent, g.Help, g.Quit, g.Suspend},
		{g.Editor, g.Copy, g.CopyAll, g.Reload, g.Sessions},
		{g.Find, g.Search, g.Edit, g.Console},
		{g.Back, g.Forward, g.Undo, g.Writes},
		{g.SplitNarrow, g.SplitWiden, g.SplitReset},
	}
}
