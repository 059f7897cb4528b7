package pane

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
)

// NavStep turns a movement key into a step for a pane of body rows: lines
// for up/down and pages, or a jump to an end (top/bottom set).
func NavStep(n keymap.Nav, msg tea.KeyPressMsg, body int) (d int, top, bottom bool) {
	switch {
	case key.Matches(msg, n.Up):
		return -1, false, false
	case key.Matches(msg, n.Down):
		return 1, false, false
	case key.Matches(msg, n.HalfDown):
		return max(body/2, 1), false, false
	case key.Matches(msg, n.HalfUp):
		return -max(body/2, 1), false, false
	case key.Matches(msg, n.PageDown):
		return max(body-1, 1), false, false
	case key.Matches(msg, n.PageUp):
		return -max(body-1, 1), false, false
	case key.Matches(msg, n.Top):
		return 0, true, false
	case key.Matches(msg, n.Bottom):
		return 0, false, true
	}
	return 0, false, false
}

// Sequence holds the first key of a two-key binding ("g g", "z t") until
// the next key comes.
type Sequence struct{ first string }

// Key takes a key press against the bindings bs. wait: msg is the first
// key of a sequence in bs, held, and nothing is to be done yet. done: msg
// completed a sequence bound in bs, and out is that sequence as one key
// press (out.String() is "g g"), which key.Matches matches against bs.
// Otherwise out is msg: a held first key that led nowhere is dropped and
// the key acts alone.
func (s *Sequence) Key(msg tea.KeyPressMsg, bs ...key.Binding) (out tea.KeyPressMsg, wait, done bool) {
	if s.first != "" {
		seq := keymap.Seq(s.first).Then(msg.String())
		s.first = ""
		if key.Matches(seq, bs...) {
			return SeqPress(seq), false, true
		}
		return msg, false, false
	}
	if keymap.Starts(msg.String(), bs...) {
		s.first = msg.String()
		return msg, true, false
	}
	return msg, false, false
}

// Pending is the first key held ("" for none).
func (s *Sequence) Pending() string { return s.first }

// Clear drops a held first key.
func (s *Sequence) Clear() { s.first = "" }

// SeqPress is a completed sequence as one key press: its String() is the
// sequence ("z t"), so key.Matches matches it against a binding's keys.
func SeqPress(seq keymap.Seq) tea.KeyPressMsg { return tea.KeyPressMsg{Text: string(seq)} }
