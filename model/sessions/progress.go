package sessions

// Settled reports that nothing the pane shows is on its way any more: no
// listing, count of findings or start in flight, every call that arrived
// replayed, and the chosen session's gate for the viewer's file in. The
// root's tests and the tour wait on it before they look.
func (p *Pane) Settled() bool {
	if p == nil {
		return true
	}
	return !p.loading && p.tallying == "" && !p.starting && !p.stepping && p.next == len(p.calls) &&
		(p.marks == nil || p.gatePath == "" || (p.gate != nil && p.gate.view == p.view()))
}

// Progress is what the calls view counts: the calls of the chosen session
// that arrived, how many of them are replayed, the selected one, and
// whether the pane follows a session (a transcript is open) and the cursor
// the newest call.
type Progress struct {
	Calls, Replayed, Cursor int
	Following, Newest       bool
}

// Progress says how far the chosen session is followed.
func (p *Pane) Progress() Progress {
	g := Progress{Calls: len(p.calls), Cursor: p.cur, Following: p.run != nil, Newest: p.follow}
	for _, c := range p.calls {
		if c.step != nil {
			g.Replayed++
		}
	}
	return g
}
