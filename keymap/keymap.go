// Package keymap holds repox's key bindings, one KeyMap per pane, each built
// by a function so nothing here is a mutable global. Every KeyMap implements
// help.KeyMap, so the hint line and the full help are generated from the
// bindings in force rather than written by hand.
//
// A binding's key may be a sequence of two keys written with a space
// between them ("g g", "z t"): the pane holds the first key and matches the
// pair (Seq) when the second comes. Counts are the digits of a Count
// binding ("1" to "9"); a 0 after a digit continues the count.
package keymap

import (
	"strings"

	"charm.land/bubbles/v2/key"
)

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
	// TreeFilter: the tree's filter prompt.
	TreeFilter TreeFilter
	// Find and Search: the find and search overlays.
	Find   FindKeys
	Search SearchKeys
	// Preview: the edit preview; Writes: its write log (U).
	Preview Preview
	Writes  Writes
	// Console: the tool console.
	Console Console
	// Typing: editing a one-line text field (find, search, filters).
	Typing Typing
	// Help: the full help's own keys.
	Help Help
	// Tour: `repox demo`'s tour.
	Tour Tour
}

// Default returns the standard bindings.
func Default() KeyMap {
	k := KeyMap{Global: NewGlobal(), Tree: NewTree(), Viewer: NewViewer(), Overlay: NewOverlay(), Agent: NewAgent(),
		Sessions: NewSessions(), Prompt: NewPrompt(), TreeFilter: NewTreeFilter(), Find: NewFind(), Search: NewSearch(),
		Preview: NewPreview(), Writes: NewWrites(), Console: NewConsole(), Typing: NewTyping(), Help: NewHelp(), Tour: NewTour()}
	k.Sync()
	return k
}

// Sync copies into the bindings that only mirror another (the sessions
// pane's quit, the split and the agent key, which are the global ones
// there; its newest, which is bottom) that binding's keys and help key, so
// a rebound action is rebound wherever it is shown.
func (k *KeyMap) Sync() {
	mirror := func(to *key.Binding, from key.Binding) {
		to.SetKeys(from.Keys()...)
		to.SetHelp(from.Help().Key, to.Help().Desc)
	}
	s := &k.Sessions
	mirror(&s.Quit, k.Global.Quit)
	mirror(&s.Narrow, k.Global.SplitNarrow)
	mirror(&s.Widen, k.Global.SplitWiden)
	mirror(&s.Exact, k.Global.Agent)
	mirror(&s.Newest, s.Nav.Bottom)
	mirror(&s.FilterClear, k.Overlay.Close)
	s.DiffScroll.SetKeys(append(append([]string(nil), s.DiffDown.Keys()...), s.DiffUp.Keys()...)...)
	s.DiffScroll.SetHelp(s.DiffDown.Help().Key+"/"+s.DiffUp.Help().Key, s.DiffScroll.Help().Desc)
}

// Nav is the movement shared by every pane: both panes scroll the same way,
// so the same fingers work everywhere.
type Nav struct {
	Up       key.Binding
	Down     key.Binding
	Top      key.Binding // "g g": the pane waits for the second g
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
		Top:      key.NewBinding(key.WithKeys("g g", "home"), key.WithHelp("g g", "top")),
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

// Seq is a sequence of keys pressed one after another, as a key.Matches
// argument: Seq("g g") matches a binding with the key "g g".
type Seq string

func (s Seq) String() string { return string(s) }

// Then is the sequence s followed by the key k.
func (s Seq) Then(k string) Seq { return Seq(string(s) + " " + k) }

// Starts reports that k is the first key of a sequence bound in bs: the
// pane waits for the next key instead of acting on k.
func Starts(k string, bs ...key.Binding) bool {
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		for _, s := range b.Keys() {
			if first, _, ok := strings.Cut(s, " "); ok && first == k {
				return true
			}
		}
	}
	return false
}

// CountDigit is the digit k adds to a count: a key of the count binding
// starts one; while one is typed (counting), 0 continues it too.
func CountDigit(count key.Binding, k string, counting bool) (int, bool) {
	if !count.Enabled() || len(k) != 1 || k[0] < '0' || k[0] > '9' {
		return 0, false
	}
	if counting || (k != "0" && key.Matches(Seq(k), count)) {
		return int(k[0] - '0'), true
	}
	return 0, false
}

// FirstKeys names each binding by its first key, for a hint ("j k G").
func FirstKeys(bs ...key.Binding) string {
	var out []string
	for _, b := range bs {
		if ks := b.Keys(); b.Enabled() && len(ks) > 0 {
			out = append(out, ks[0])
		}
	}
	return strings.Join(out, " ")
}

// CountKeys are the keys of a count binding: the digits 1 to 9.
var CountKeys = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}

// Typing bindings edit a one-line text field: find's query, search's
// pattern and path, the tree's and the sessions pane's filters.
type Typing struct {
	Delete key.Binding // the last character
	Clear  key.Binding // the whole field
}

// NewTyping returns the text field bindings.
func NewTyping() Typing {
	return Typing{
		Delete: key.NewBinding(key.WithKeys("backspace", "ctrl+h"), key.WithHelp("backspace", "delete a character")),
		Clear:  key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "clear the field")),
	}
}

// FullHelp implements help.KeyMap.
func (t Typing) FullHelp() [][]key.Binding { return [][]key.Binding{{t.Delete, t.Clear}} }

// ShortHelp implements help.KeyMap.
func (t Typing) ShortHelp() []key.Binding { return []key.Binding{t.Delete, t.Clear} }

// Help bindings apply in the full help (?): movement scrolls it, the
// filter narrows it, ctrl+c quits, any other key closes it.
type Help struct {
	Filter key.Binding // type to narrow the help to the rows that match
	Keep   key.Binding // stop typing the filter, keep it (movement scrolls again)
	All    key.Binding // every pane's keys, the marks, the mouse, or the focused pane's only
	Quit   key.Binding
}

// NewHelp returns the help's bindings.
func NewHelp() Help {
	return Help{
		Filter: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter by key or meaning")),
		Keep:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter (esc clears)")),
		All:    key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "all keys / this pane")),
		Quit:   key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit repox")),
	}
}

// FullHelp implements help.KeyMap.
func (h Help) FullHelp() [][]key.Binding { return [][]key.Binding{{h.Filter, h.Keep, h.All, h.Quit}} }

// ShortHelp implements help.KeyMap.
func (h Help) ShortHelp() []key.Binding { return []key.Binding{h.Filter, h.All} }
