package viewer

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
)

// Vim motions in the viewer: a count before a motion, the z pair, and the
// screen and line-end jumps. The count and the pending z are shown in the
// hint line (Pending) until the motion comes.

// zBindings are the z motions (z z, z t, …), which may be rebound.
func (v *Pane) zBindings() []key.Binding {
	k := v.c.Keys.Viewer
	return []key.Binding{k.Center, k.ToTop, k.ToBottom, k.HalfLeft, k.HalfRight}
}

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
	if v.pending != "" {
		var then []string
		for _, b := range v.zBindings() {
			for _, s := range b.Keys() {
				if first, second, ok := strings.Cut(s, " "); ok && first == v.pending {
					then = append(then, second+" "+strings.TrimPrefix(b.Help().Desc, "cursor line "))
					break
				}
			}
		}
		return "then " + strings.Join(then, ", ")
	}
	k := v.c.Keys.Viewer
	return "count: then a motion (" + keymap.FirstKeys(k.Down, k.Up, k.Bottom, k.Top, k.HalfDown, k.Next) + " …), " + keymap.FirstKeys(k.Cancel) + " drops it"
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
	if v.pending != "" {
		seq := keymap.Seq(v.pending).Then(msg.String())
		v.pending = ""
		return v.zKey(seq), true
	}
	if d, ok := keymap.CountDigit(k.Count, msg.String(), v.count > 0); ok {
		v.count = min(v.count*10+d, pane.MaxCount)
		return nil, true
	}
	switch {
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
	case keymap.Starts(msg.String(), v.zBindings()...):
		v.pending = msg.String() // z: the viewer waits for the second key
		return nil, true
	case key.Matches(msg, v.zBindings()...):
		return v.zKey(keymap.Seq(msg.String())), true // a z motion bound to one key
	}
	return nil, false
}

// zKey runs the motion a z pair names.
func (v *Pane) zKey(seq keymap.Seq) tea.Cmd {
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
		var are []string
		for _, b := range v.zBindings() {
			if b.Enabled() {
				are = append(are, b.Help().Key)
			}
		}
		return pane.Notice(string(seq) + " is not a viewer motion — " + strings.Join(are, ", ") + " are (? lists the keys)")
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
