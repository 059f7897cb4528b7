package sessions

import (
	"testing"

	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/ui"
)

func changedLines(ls []ui.DiffLine) []string {
	var out []string
	for _, l := range ls {
		if l.Changed {
			out = append(out, l.Gutter+" "+l.Text)
		}
	}
	return out
}

// Then and now compare content, not framing: an unchanged Claude Code
// read and a grep that differs only in its line format mark nothing, and
// a changed line is exactly one marked row on each side, on the same row.
func TestSessionsThenNowComparesContent(t *testing.T) {
	m := sessionsModel(t, 120, 40, "", "")
	m.cfg.Transcript = panetest.ClaudeThenNow(t, m.Repo.Dir())
	drive(t, m, m.Init(), settled(m, 3))
	p := m.sessions
	for i, want := range []int{0, 0, 1} {
		p.cur, p.follow = i, false
		drive(t, m, p.selectCall(), settled(m, 3))
		sc := p.calls[i]
		then, now := changedLines(sc.then), changedLines(sc.now)
		if len(then) != want || len(now) != want {
			t.Errorf("call %d (%s): marked then %q, now %q; want %d each", i+1, sc.call.AgentTool, then, now, want)
		}
		if len(sc.then) != len(sc.now) {
			t.Errorf("call %d: %d rows then, %d now: the columns are not aligned", i+1, len(sc.then), len(sc.now))
		}
		for r := range min(len(sc.then), len(sc.now)) {
			if a, b := sc.then[r], sc.now[r]; a.Gutter != "" && b.Gutter != "" && a.Gutter != b.Gutter && !a.Changed {
				t.Errorf("call %d row %d: line %s beside line %s", i+1, r, a.Gutter, b.Gutter)
			}
		}
	}
}
