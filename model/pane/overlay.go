package pane

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Overlay is a pane opened on top of the others (help, find, search, the
// edit preview, the tool console, the sessions pane). The top overlay gets
// every key first (before the global bindings and the panes), and esc pops
// it.
type Overlay interface {
	Pane
	// Area is where it is drawn.
	Area() Area
	// Done reports, after an Update, that it has finished and wants to be
	// popped.
	Done() bool
	// Close runs when it is popped, by esc or because it is done: cancel
	// its work, reset what it changed in the pane below.
	Close() tea.Cmd
}

// EscOwner is an overlay that takes esc for itself for now (a prompt of
// its own is open): the hint line shows its own esc instead of "esc close".
type EscOwner interface{ OwnsEsc() bool }

// Pending is a pane that holds keys typed before a motion (a count, a z):
// the hint line shows Pending and says, with PendingHint, what may follow;
// a global key drops them (ClearPending).
type Pending interface {
	Pending() string
	PendingHint() string
	ClearPending()
}

// KeyTaker is a pane that takes some keys before the global bindings see
// them: the second key of a pending z, a 0 or esc after a count.
type KeyTaker interface {
	TakesKey(msg tea.KeyPressMsg) bool
}

// Area is where an overlay is drawn.
type Area int

const (
	// AreaBody covers both panes (the status and hint lines stay): help.
	AreaBody Area = iota
	// AreaViewer covers the viewer: find, search, preview, console.
	AreaViewer
	// AreaInline draws nothing itself: the pane it serves shows it (the
	// viewer's search prompt in its footer). Mouse input passes through to
	// the panes.
	AreaInline
)

// Stack holds the open overlays, the top one last.
type Stack struct {
	Items []Overlay
}

func (s *Stack) Push(o Overlay) { s.Items = append(s.Items, o) }

// Pop removes the top overlay and returns its Close command.
func (s *Stack) Pop() tea.Cmd {
	if len(s.Items) == 0 {
		return nil
	}
	o := s.Items[len(s.Items)-1]
	s.Items = s.Items[:len(s.Items)-1]
	return o.Close()
}

// Top is the overlay that gets keys; nil when none is open.
func (s *Stack) Top() Overlay {
	if len(s.Items) == 0 {
		return nil
	}
	return s.Items[len(s.Items)-1]
}

// Find returns the open overlay with id, if any.
func (s *Stack) Find(id ID) Overlay {
	for _, o := range s.Items {
		if o.ID() == id {
			return o
		}
	}
	return nil
}

// TopIn is the highest overlay drawn in area a, nil if none.
func (s *Stack) TopIn(a Area) Overlay {
	for i := len(s.Items) - 1; i >= 0; i-- {
		if s.Items[i].Area() == a {
			return s.Items[i]
		}
	}
	return nil
}

// Base gives an overlay the parts of the contract most overlays do
// not need: no status fields, no jobs, no agent view, no bindings of its
// own, nothing to cancel. Embed it and override what applies.
type Base struct{}

func (Base) Status() Status            { return Status{} }
func (Base) Generation(Job) int        { return 0 }
func (Base) Loading() bool             { return false }
func (Base) Agent() *AgentState        { return nil }
func (Base) ShortHelp() []key.Binding  { return nil }
func (Base) FullHelp() [][]key.Binding { return nil }
func (Base) Close() tea.Cmd            { return nil }
func (Base) AgentCall() (string, any, string) {
	return "", nil, "this Overlay has no agent view"
}
