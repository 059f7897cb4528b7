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
