package viewer

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// Vim motions in the viewer: a count before a motion, the z pair, and the
// screen and line-end jumps. The count and the pending z are shown in the
// hint line (Pending) until the motion comes.

// seqKey is a two-key sequence as a key.Matches argument ("zz").
type seqKey string

func (s seqKey) String() string { return string(s) }

// Pending is the count or prefix typed so far, for the hint line; "" for none.
func (v *Pane) Pending() string {
	s := v.pending
	if v.count > 0 {
		s = strconv.Itoa(v.count) + s
	}
	return s
}

// PendingHint says what may follow what is pending.
func (v *Pane) PendingHint() string {
	if v.pending == "z" {
		return "then z t b (cursor line to middle, top, bottom) or h l (half a pane)"
	}
	return "count: then a motion (j k G g g ctrl+d n …), esc drops it"
}

// PrefixPending: the next key completes a two-key motion, so the root
// gives it to the viewer whatever it is.
func (v *Pane) PrefixPending() bool { return v.pending != "" }

// ClearPending forgets a count or prefix (a key of another pane came).
func (v *Pane) ClearPending() { v.count, v.pending = 0, "" }

// takeCount returns the count typed before this motion (1 when none) and
// clears it.
func (v *Pane) takeCount() (n int, given bool) {
	n, given = max(v.count, 1), v.count > 0
	v.count = 0
	return n, given
}

// motionKey handles the keys of vim motions; done reports that msg was one.
func (v *Pane) motionKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := v.c.Keys.Viewer
	if key.Matches(msg, k.Cancel) && v.Pending() != "" {
		v.ClearPending() // esc drops a count or a z, and only that
		return nil, true
	}
	if v.pending == "z" {
		v.pending = ""
		return v.zKey(seqKey("z" + msg.String())), true
	}
	switch {
	case key.Matches(msg, k.Count), key.Matches(msg, k.LineStart) && v.count > 0:
		d := int(msg.String()[0] - '0')
		v.count = min(v.count*10+d, pane.MaxCount)
		return nil, true
	case key.Matches(msg, k.LineStart):
		v.count = 0
		v.hscroll = 0
		v.alongLine(0, -1)
		return nil, true
	case key.Matches(msg, k.LineEnd):
		v.count = 0
		if v.wrap {
			return v.alongOrSay(0, 1), true
		}
		if l, ok := v.find(v.cursor); ok {
			v.hscroll = max(l.width-v.textWidth(), 0)
			v.clampHScroll()
		}
		return nil, true
	case key.Matches(msg, k.ScreenTop), key.Matches(msg, k.ScreenMid), key.Matches(msg, k.ScreenBot):
		n, _ := v.takeCount()
		first, last := v.fullRange()
		switch {
		case key.Matches(msg, k.ScreenTop):
			v.cursor = min(first+n-1, last)
		case key.Matches(msg, k.ScreenBot):
			v.cursor = max(last-n+1, first)
		default:
			v.cursor = first + (last-first)/2
		}
		v.cursor = min(max(v.cursor, 1), max(v.total, 1))
		return v.EnsureLoaded(), true
	case key.Matches(msg, k.Wrap):
		v.count = 0
		return v.toggleWrap(), true
	case msg.String() == "z":
		v.pending = "z"
		return nil, true
	}
	return nil, false
}

// zKey runs the motion a z pair names.
func (v *Pane) zKey(seq seqKey) tea.Cmd {
	k := v.c.Keys.Viewer
	n, _ := v.takeCount()
	half := max(v.textWidth()/2, 1)
	switch {
	case key.Matches(seq, k.Center):
		v.top = v.rowOf(v.cursor) - v.body()/2
	case key.Matches(seq, k.ToTop):
		v.top = v.rowOf(v.cursor)
	case key.Matches(seq, k.ToBottom):
		v.top = v.rowOf(v.cursor) - v.body() + 1
	case key.Matches(seq, k.HalfLeft):
		if v.alongLine(-n*max(v.body()/2, 1), 0) {
			return nil
		}
		v.hscroll = max(v.hscroll-n*half, 0)
		return nil
	case key.Matches(seq, k.HalfRight):
		if v.wrap {
			return v.alongOrSay(n*max(v.body()/2, 1), 0)
		}
		v.hscroll += n * half
		v.clampHScroll()
		return nil
	default:
		return pane.Notice(string(seq) + " is not a viewer motion — zz, zt, zb, zh, zl are (? lists the keys)")
	}
	v.clampTop()
	v.showCursor()
	return v.EnsureLoaded()
}

// alongOrSay scrolls along a wrapped cursor line taller than the screen,
// or says there is nothing to scroll.
func (v *Pane) alongOrSay(d, to int) tea.Cmd {
	if v.alongLine(d, to) {
		return nil
	}
	return pane.Notice("wrap is on: the cursor line is shown whole (w turns wrapping off)")
}

// toggleWrap turns wrapping of long lines on or off, keeps the cursor
// line on screen, and remembers the choice.
func (v *Pane) toggleWrap() tea.Cmd {
	v.wrap = !v.wrap
	v.hscroll = 0
	v.clampTop()
	v.showCursor()
	var save tea.Cmd
	if v.c.ChangeSettings != nil {
		on := v.wrap
		save = v.c.ChangeSettings(func(s *pane.Settings) { s.Wrap = on })
	}
	say := "wrap off: long lines are cut at the pane's edge (h/l, zh/zl, $ scroll)"
	if v.wrap {
		say = "wrap on: long lines go on in the rows under them, numbered once"
	}
	return tea.Batch(save, pane.Notice(say), v.EnsureLoaded())
}

// goToLine puts the cursor on line n (clamped to the file), centring it
// when it was off screen; a line past the end says so.
func (v *Pane) goToLine(n int) tea.Cmd {
	if v.total <= 0 {
		return nil
	}
	var say tea.Cmd
	if n > v.total {
		say = pane.Notice("line " + repoops.Commas(n) + " is past the end: " + repoops.DisplayPath(v.path) + " has " + repoops.Plural(v.total, "line", "lines") + " — showing the last one")
		n = v.total
	}
	v.centerOnIfHidden(n)
	return tea.Batch(say, v.EnsureLoaded())
}
