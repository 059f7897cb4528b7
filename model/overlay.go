package model

import tea "charm.land/bubbletea/v2"

// overlay is a pane opened on top of the others: help now; find, search,
// edit preview and the tool console next. The top overlay gets every key
// first (before the global bindings and the panes), and esc pops it.
type overlay interface {
	pane
	// Area is where it is drawn.
	Area() overlayArea
	// Done reports, after an Update, that it has finished and wants to be
	// popped.
	Done() bool
	// Close runs when it is popped, by esc or because it is done: cancel
	// its work, reset what it changed in the pane below.
	Close() tea.Cmd
}

// overlayArea is where an overlay is drawn.
type overlayArea int

const (
	// areaBody covers both panes (the status and hint lines stay): help.
	areaBody overlayArea = iota
	// areaViewer covers the viewer: find, search, preview, console.
	areaViewer
	// areaInline draws nothing itself: the pane it serves shows it (the
	// viewer's search prompt in its footer). Mouse input passes through to
	// the panes.
	areaInline
)

// overlayStack holds the open overlays, the top one last.
type overlayStack struct {
	items []overlay
}

func (s *overlayStack) push(o overlay) { s.items = append(s.items, o) }

// pop removes the top overlay and returns its Close command.
func (s *overlayStack) pop() tea.Cmd {
	if len(s.items) == 0 {
		return nil
	}
	o := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return o.Close()
}

// top is the overlay that gets keys; nil when none is open.
func (s *overlayStack) top() overlay {
	if len(s.items) == 0 {
		return nil
	}
	return s.items[len(s.items)-1]
}

// find returns the open overlay with id, if any.
func (s *overlayStack) find(id paneID) overlay {
	for _, o := range s.items {
		if o.ID() == id {
			return o
		}
	}
	return nil
}

// topIn is the highest overlay drawn in area a, nil if none.
func (s *overlayStack) topIn(a overlayArea) overlay {
	for i := len(s.items) - 1; i >= 0; i-- {
		if s.items[i].Area() == a {
			return s.items[i]
		}
	}
	return nil
}
