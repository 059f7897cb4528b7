package keymap

import "charm.land/bubbles/v2/key"

// Sessions bindings apply while the sessions pane is open: the list of
// recorded agent sessions, then the calls of the chosen one.
type Sessions struct {
	Nav
	Open   key.Binding // follow the selected session
	Search key.Binding // filter the list of sessions by text
	// SearchCalls: the same key in the calls view, which searches the
	// chosen session's calls
	SearchCalls key.Binding
	// FilterKeep and FilterClear: while the list's filter is typed (for
	// the hint line: enter and esc do it)
	FilterKeep  key.Binding
	FilterClear key.Binding // mirrors Overlay.Close (Sync)
	// FilterDown and FilterUp move while a filter or search is typed.
	FilterDown key.Binding
	FilterUp   key.Binding
	Back       key.Binding // from the calls back to the list of sessions
	Hide       key.Binding // back to the tree and viewer; the session stays chosen
	DiffDown   key.Binding // scroll then/now
	DiffUp     key.Binding
	DiffScroll key.Binding // for the hint line only: DiffDown and DiffUp as one (Sync)
	Newest     key.Binding // for the help only: Nav.Bottom, which follows the newest call again (Sync)
	Thinking   key.Binding // unfold or fold the agent's thinking
	Wrap       key.Binding // wrap the conversation and the findings, or cut them to one line
	Kind       key.Binding // filter the calls by finding kind
	// NextHit and PrevHit walk the calls that hold the search's words:
	// the calls' search, or the list's search that opened the session
	NextHit key.Binding
	PrevHit key.Binding
	Copy    key.Binding // copy the selected call's file:lines (or the call; the diff in the changes view)
	Changes key.Binding // what the session changed: one diff from its start state
	Exact   key.Binding // for the help only: the global agent key, which shows the call's exact texts here (Sync)
	Narrow  key.Binding // the split between the tree and this pane: the global keys (Sync)
	Widen   key.Binding
	Quit    key.Binding // the global quit (Sync)
}

// NewSessions returns the sessions pane bindings.
func NewSessions() Sessions {
	return Sessions{
		Nav:         NewNav(),
		Open:        key.NewBinding(key.WithKeys("enter", "l", "right"), key.WithHelp("enter", "follow session")),
		Search:      key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter sessions")),
		SearchCalls: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search calls")),
		FilterKeep:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
		FilterClear: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		FilterDown:  key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next (while typing)")),
		FilterUp:    key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous (while typing)")),
		Back:        key.NewBinding(key.WithKeys("backspace", "h", "left"), key.WithHelp("h", "sessions")),
		Hide:        key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "tree/viewer (marks stay)")),
		DiffDown:    key.NewBinding(key.WithKeys("J"), key.WithHelp("J", "scroll diff, then/now down")),
		DiffUp:      key.NewBinding(key.WithKeys("K"), key.WithHelp("K", "scroll diff, then/now up")),
		DiffScroll:  key.NewBinding(key.WithKeys("J", "K"), key.WithHelp("J/K", "scroll diff and then/now")),
		Newest:      key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "follow newest")),
		Thinking:    key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "unfold/fold thinking")),
		Wrap:        key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "wrap messages and findings")),
		Kind:        key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "filter calls by finding")),
		NextHit:     key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next search hit")),
		PrevHit:     key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous search hit")),
		Copy:        key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy file:lines of the call")),
		Changes:     key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "session's changes (diff)")),
		Exact:       key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "exact texts")),
		Narrow:      key.NewBinding(key.WithKeys("<"), key.WithHelp("<", "narrow the tree")),
		Widen:       key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "widen the tree")),
		Quit:        key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
	}
}

// ShortHelp implements help.KeyMap.
func (s Sessions) ShortHelp() []key.Binding {
	return []key.Binding{s.Open, s.Back, s.Hide, s.DiffScroll}
}

// ListHelp and CallsHelp are the hint line's bindings on the list of
// sessions and on the calls of the chosen one.
func (s Sessions) ListHelp() []key.Binding { return []key.Binding{s.Open, s.Search, s.Hide} }

func (s Sessions) CallsHelp() []key.Binding {
	return []key.Binding{s.Back, s.Hide, s.Newest, s.DiffScroll, s.Exact, s.SearchCalls, s.Changes, s.Kind, s.Thinking, s.Wrap}
}

// FullHelp implements help.KeyMap.
func (s Sessions) FullHelp() [][]key.Binding {
	return [][]key.Binding{{s.Open, s.Search, s.FilterKeep, s.FilterClear, s.FilterDown, s.FilterUp, s.Back, s.Hide, s.Newest, s.DiffDown, s.DiffUp}, {s.SearchCalls, s.NextHit, s.PrevHit, s.Kind, s.Thinking, s.Wrap, s.Copy, s.Exact, s.Changes, s.Narrow, s.Widen}, s.Nav.bindings()}
}
