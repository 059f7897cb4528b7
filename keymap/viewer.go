package keymap

import "charm.land/bubbles/v2/key"

// Viewer bindings apply while the file viewer has focus. A count typed
// first (50j, 10G, 3n) repeats a motion or names a line. Two-key motions
// (z z, z h) are bound to their pair (Seq), which a single key press never
// equals: the viewer waits for the second key after z.
type Viewer struct {
	Nav
	Left   key.Binding // horizontal scroll: long lines are cut (or wrapped with w); line numbers stay the model's
	Right  key.Binding
	Search key.Binding
	Next   key.Binding
	Prev   key.Binding
	Cancel key.Binding
	Select key.Binding // mark a range of lines (for the edit preview)
	// Replayed switches between the file on disk and the file as the
	// session chosen in the sessions pane left it (replayed)
	Replayed key.Binding
	// Blame shows or hides who wrote each line (agent blame); BlameOpen
	// opens the sessions pane at the call that wrote the cursor's line
	Blame     key.Binding
	BlameOpen key.Binding

	Count     key.Binding // 1-9 (then 0-9): a count for the next motion
	LineStart key.Binding // 0: scroll fully left
	LineEnd   key.Binding // $: scroll to the end of the cursor line
	ScreenTop key.Binding // H, M, L: cursor to the top / middle / bottom of the screen
	ScreenMid key.Binding
	ScreenBot key.Binding
	Wrap      key.Binding // long lines wrap onto more rows

	Center    key.Binding // z z (z waits for the second key)
	ToTop     key.Binding // z t
	ToBottom  key.Binding // z b
	HalfLeft  key.Binding // z h: half a pane left
	HalfRight key.Binding // z l: half a pane right
}

// NewViewer returns the viewer bindings.
func NewViewer() Viewer {
	nav := NewNav()
	nav.Top.SetHelp("g g", "top (count N: line N)")
	nav.Bottom.SetHelp("G", "bottom (count N: line N)")
	return Viewer{
		Nav:       nav,
		Left:      key.NewBinding(key.WithKeys("h", "left"), key.WithHelp("←/h", "scroll left")),
		Right:     key.NewBinding(key.WithKeys("l", "right"), key.WithHelp("→/l", "scroll right")),
		Search:    key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search in file")),
		Next:      key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next match")),
		Prev:      key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous match")),
		Cancel:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop, clear search; unselect")),
		Select:    key.NewBinding(key.WithKeys("v", "V"), key.WithHelp("v/V", "select lines (for e)")),
		Replayed:  key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "file on disk / as the session left it")),
		Blame:     key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "agent blame: who wrote it")),
		BlameOpen: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "blame: open that call")),

		Count:     key.NewBinding(key.WithKeys(CountKeys...), key.WithHelp("1-9", "count: 50j, 3ctrl+d, 10G")),
		LineStart: key.NewBinding(key.WithKeys("0"), key.WithHelp("0", "scroll fully left")),
		LineEnd:   key.NewBinding(key.WithKeys("$"), key.WithHelp("$", "scroll to the line's end")),
		ScreenTop: key.NewBinding(key.WithKeys("H"), key.WithHelp("H", "cursor to screen top")),
		ScreenMid: key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "cursor to screen middle")),
		ScreenBot: key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "cursor to screen bottom")),
		Wrap:      key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "wrap long lines on/off")),

		Center:    key.NewBinding(key.WithKeys("z z"), key.WithHelp("z z", "cursor line to the middle")),
		ToTop:     key.NewBinding(key.WithKeys("z t"), key.WithHelp("z t", "cursor line to the top")),
		ToBottom:  key.NewBinding(key.WithKeys("z b"), key.WithHelp("z b", "cursor line to the bottom")),
		HalfLeft:  key.NewBinding(key.WithKeys("z h", "z H"), key.WithHelp("z h", "half a pane left")),
		HalfRight: key.NewBinding(key.WithKeys("z l", "z L"), key.WithHelp("z l", "half a pane right")),
	}
}

// ShortHelp implements help.KeyMap.
func (v Viewer) ShortHelp() []key.Binding {
	return []key.Binding{v.Down, v.Up, v.Search, v.Next, v.Wrap}
}

// FullHelp implements help.KeyMap.
func (v Viewer) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{v.Search, v.Next, v.Prev, v.Cancel, v.Select, v.Replayed, v.Blame, v.BlameOpen},
		v.Nav.bindings(),
		{v.Count, v.ScreenTop, v.ScreenMid, v.ScreenBot, v.Center, v.ToTop, v.ToBottom},
		{v.Left, v.Right, v.HalfLeft, v.HalfRight, v.LineStart, v.LineEnd, v.Wrap},
	}
}

// Prompt bindings apply in the viewer's search prompt; every other key is
// typed into the query, which is searched as it is typed.
type Prompt struct {
	Keep   key.Binding
	Drop   key.Binding
	Delete key.Binding
}

// NewPrompt returns the search prompt bindings.
func NewPrompt() Prompt {
	return Prompt{
		Keep:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep the search (n/N move)")),
		Drop:   key.NewBinding(key.WithKeys("esc", "ctrl+c"), key.WithHelp("esc", "drop it: the cursor goes back")),
		Delete: key.NewBinding(key.WithKeys("backspace", "ctrl+h"), key.WithHelp("backspace", "delete a character")),
	}
}

// ShortHelp implements help.KeyMap.
func (p Prompt) ShortHelp() []key.Binding { return []key.Binding{p.Keep, p.Drop} }

// FullHelp implements help.KeyMap.
func (p Prompt) FullHelp() [][]key.Binding { return [][]key.Binding{{p.Keep, p.Drop, p.Delete}} }
