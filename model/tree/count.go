package tree

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
)

// A count before a move in the tree, as in the viewer and vim: 490j moves
// 490 rows, 3ctrl+d three half pages, 20G (or 20gg) goes to row 20. The
// count is shown in the hint line until the move comes; esc drops it, and
// any other key uses or forgets it.

// countKey takes a digit of a count; done reports that msg was one (or an
// esc that dropped one).
func (t *Pane) countKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	s := msg.String()
	switch {
	case key.Matches(msg, t.c.Keys.Tree.Count), s == "0" && t.count > 0:
		t.count = min(t.count*10+int(s[0]-'0'), pane.MaxCount)
		return nil, true
	case s == "esc" && t.count > 0:
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
	return "count: then a move (j k G g g ctrl+d …), esc drops it"
}

func (t *Pane) clearPending() { t.count = 0 }
