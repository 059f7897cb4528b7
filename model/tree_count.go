package model

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// A count before a move in the tree, as in the viewer and vim: 490j moves
// 490 rows, 3ctrl+d three half pages, 20G (or 20gg) goes to row 20. The
// count is shown in the hint line until the move comes; esc drops it, and
// any other key uses or forgets it.

// pendingPane is a pane that holds keys typed before a motion (a count,
// a z): the hint line says so.
type pendingPane interface {
	Pending() string
	pendingHint() string
}

// countKey takes a digit of a count; done reports that msg was one (or an
// esc that dropped one).
func (t *treePane) countKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := msg.String()
	switch {
	case key.Matches(msg, t.c.Keys.Tree.Count), s == "0" && t.count > 0:
		t.count = min(t.count*10+int(s[0]-'0'), maxCount)
		return nil, true
	case s == "esc" && t.count > 0:
		t.count = 0
		return nil, true
	}
	return nil, false
}

// Pending is the count typed so far, for the hint line; "" for none.
func (t *treePane) Pending() string {
	if t.count == 0 {
		return ""
	}
	return strconv.Itoa(t.count)
}

func (t *treePane) pendingHint() string {
	return "count: then a move (j k G g g ctrl+d …), esc drops it"
}

func (t *treePane) clearPending() { t.count = 0 }
