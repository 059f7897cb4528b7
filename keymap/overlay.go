package keymap

import "charm.land/bubbles/v2/key"

// Overlay bindings apply while an overlay (help, the search prompt; find,
// search, preview and the console next) is on top: the root tries them
// before the overlay sees the key.
type Overlay struct {
	Close key.Binding
}

// NewOverlay returns the overlay bindings.
func NewOverlay() Overlay {
	return Overlay{
		Close: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
	}
}
