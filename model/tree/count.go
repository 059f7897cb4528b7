package tree

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
)

// A count before a move in the tree, as in the viewer and vim: 490j moves
// 490 rows, 3ctrl+d three half pages, 20G (or 20gg) goes to row 20. The
// count is shown in the hint line until the move comes; esc drops it, and
// any other key uses or forgets it.

// countKey takes a digit of a count; done reports that msg was one (or an
// esc that dropped one).
func (t *Pane) countKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if d, ok := keymap.CountDigit(t.c.Keys.Tree.Count, msg.String(), t.count > 0); ok {
		t.count = min(t.count*10+d, pane.MaxCount)
		return nil, true
	}
	switch {
	case key.Matches(msg, t.c.Keys.Tree.Cancel) && t.count > 0:
		t.count = 0
		return nil, true
	}
	return nil, false
}

// Pending is the count typed so far, for the hint line; "" for none.
func (t *Pane) Pending() string {
	if t.count == 0 {
		return ""
	}
	return strconv.Itoa(t.count)
}

func (t *Pane) PendingHint() string {
	k := t.c.Keys.Tree
	return "count: then a move (" + keymap.FirstKeys(k.Down, k.Up, k.Bottom, k.Top, k.HalfDown) + " …), " + keymap.FirstKeys(k.Cancel) + " drops it"
}

func (t *Pane) clearPending() { t.count = 0 }
