package model

import tea "charm.land/bubbletea/v2"

// The jump list, as in vim: every jump to a file from find or search
// (common.goTo) leaves the viewer's place on it;
// ctrl+o goes back to it and ctrl+i (alt+i) forward again. Moving about in
// the viewer is no jump.

// jumpSpot is a place in the viewer.
type jumpSpot struct {
	path string // repo-relative raw path
	line int
}

// jumpList holds the places behind (back) and, after going back, ahead.
type jumpList struct {
	back, ahead []jumpSpot
}

// maxJumps bounds the list, as vim's 100.
const maxJumps = 100

// leave records the place a jump leaves, the viewer's Spot (none when
// nothing was open); a new jump forgets the places ahead.
func (j *jumpList) leave(path string, line int, ok bool) {
	if !ok {
		return
	}
	s := jumpSpot{path: path, line: line}
	if n := len(j.back); n > 0 && j.back[n-1] == s {
		return
	}
	j.back = append(j.back, s)
	if len(j.back) > maxJumps {
		j.back = j.back[len(j.back)-maxJumps:]
	}
	j.ahead = j.ahead[:0]
}

// jump goes back (d < 0) or forward along the list, the place it leaves
// going the other way; with nothing that way it says so.
func (m *Model) jump(d int) tea.Cmd {
	from, to := &m.jumps.back, &m.jumps.ahead
	word := "back"
	if d > 0 {
		from, to, word = to, from, "forward"
	}
	if len(*from) == 0 {
		return m.flash("no place to go " + word + " to: ctrl+o and ctrl+i walk the places find and search jumped from")
	}
	s := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	if path, line, ok := m.viewer.Spot(); ok {
		here := jumpSpot{path: path, line: line}
		*to = append(*to, here)
	}
	m.focus = paneViewer
	return tea.Batch(m.viewer.Open(s.path, s.line), m.tree.RevealPath(s.path))
}
