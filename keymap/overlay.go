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

// Writes bindings apply in the write log (U): movement scrolls it, the
// global undo takes back the newest write.
type Writes struct {
	Close key.Binding
}

// NewWrites returns the write log's bindings.
func NewWrites() Writes {
	return Writes{Close: key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "close the write log"))}
}
