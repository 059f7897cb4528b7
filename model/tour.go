package model

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/tour"
	"github.com/repoxhq/repox/repoops"
)

// The root's side of `repox demo`'s tour (model/tour): the tour's keys
// come first, and each step sets its panes up through the root's own
// openers — the tool console running repox's call of the step (after the
// read it needs, in the explorer's session, as an agent would), the
// sessions pane on the bundled transcript — while the tour's panel takes
// the tree's place and its step bar the hint line's.

// tourSplit is the width the tour's panel takes at least, in percent (a
// wider split the presenter set stays): its silent answers need the room.
const tourSplit = 45

// tourState is the tour on screen (nil: none, or ended).
type tourState struct {
	tour *tour.Tour
	keys keymap.Tour
}

// startTour is Init's part: the first step's panes.
func (m *Model) startTour() tea.Cmd {
	if m.cfg.Tour == nil {
		return nil
	}
	m.tours = tourState{tour: tour.New(*m.cfg.Tour), keys: m.Keys.Tour}
	return m.setUpStep()
}

// tourKey handles the tour's keys (n, p, ?, y on the last step, x) while
// nothing on top takes typed text (tourKeysFree), `:` over the console a
// step opened, which makes it take a call, and the explorer's global keys
// over that console, which close it first; ok is false for any other key.
func (m *Model) tourKey(msg tea.KeyPressMsg) (cmd tea.Cmd, ok bool) {
	t, k := m.tours.tour, m.tours.keys
	if t == nil || !m.tourKeysFree() {
		return nil, false
	}
	if m.showingConsole() && key.Matches(msg, m.Keys.Global.Console) {
		return m.console.Open(), true
	}
	switch {
	case key.Matches(msg, k.Next):
		if t.At() == t.Len()-1 {
			return m.flash("this is the last step: p goes back, x ends the tour and keeps exploring"), true
		}
		return m.goStep(t.At() + 1), true
	case key.Matches(msg, k.Back):
		if t.At() == 0 {
			return m.flash("this is the first step: n goes on"), true
		}
		return m.goStep(t.At() - 1), true
	case key.Matches(msg, k.Steps):
		m.pushOverlay(tour.NewList(m.common, k, t))
		return nil, true
	case key.Matches(msg, k.Copy) && t.Step().Kind == tour.KindServe:
		return m.copyText(t.Snippet(), "the repox mcp config"), true
	case key.Matches(msg, k.End):
		m.tours.tour = nil
		m.focus = paneTree // the tree has its place back, and the keys
		return tea.Batch(m.closeOverlays(), m.flash("tour ended: the demo repository stays open to explore")), true
	}
	if m.showingConsole() && key.Matches(msg, m.Keys.Global.Bindings()...) {
		// the console only shows the step's answer: the explorer's own
		// keys (f, s, e, q, tab, …) work as if it were not there
		return tea.Batch(m.popOverlay(), m.onKey(msg)), true
	}
	return nil, false
}

// tourKeysFree reports whether the tour's letters are the tour's: no
// overlay on top, or one without a text field now (the sessions pane when
// its filter is not typed, the console a step opened to show an answer).
// Over any other overlay — the console after `:`, find, search, the edit
// preview, a prompt, or one that does not say — letters are typed into it,
// and the tour's step list has keys of its own.
func (m *Model) tourKeysFree() bool {
	o := m.Overlays.Top()
	switch {
	case o == nil:
		return true
	case o.ID() == paneTourSteps:
		return false
	case m.console != nil && o == overlay(m.console):
		return m.console.Showing()
	}
	return opensHelp(o)
}

// showingConsole: the console a step opened is on top, not taking keys.
func (m *Model) showingConsole() bool {
	return m.console != nil && m.Overlays.Top() == overlay(m.console) && m.console.Showing()
}

// goStep shows step i and sets its panes up.
func (m *Model) goStep(i int) tea.Cmd {
	if m.tours.tour == nil || !m.tours.tour.Go(i) {
		return nil
	}
	return m.setUpStep()
}

// closeOverlays pops every overlay, the last step's panes.
func (m *Model) closeOverlays() tea.Cmd {
	var cmds []tea.Cmd
	for m.Overlays.Top() != nil {
		cmds = append(cmds, m.popOverlay())
	}
	return tea.Batch(cmds...)
}

// setUpStep opens the panes of the step on screen.
func (m *Model) setUpStep() tea.Cmd {
	t := m.tours.tour
	cmds := []tea.Cmd{m.closeOverlays()}
	m.focus = paneViewer // the tour's panel has the tree's place
	switch t.Step().Kind {
	case tour.KindContrast:
		c := t.Contrast()
		if c == nil {
			return tea.Batch(append(cmds, m.flash("this step's silent side was not computed"))...)
		}
		if p := tour.CallPath(c.Prepare); p != "" {
			cmds = append(cmds, m.openFile(p, 0)) // its gate on the status line
		}
		cmds = append(cmds, m.openConsole())
		m.console.Show() // its answer shown; the tour's keys stay the tour's
		run := m.console.RunCall(c.Call)
		if c.Prepare != "" {
			// the read the call needs, in the same session and first
			run = prepared(m.Ctx, m.Session, c.Prepare, run)
		}
		cmds = append(cmds, run)
	case tour.KindSession:
		cmds = append(cmds, m.openTranscriptAtFinding(t.Transcript()))
	}
	if p := t.Step().Open; p != "" {
		cmds = append(cmds, m.openFile(p, 1)) // not the file an earlier step left open
	}
	return tea.Batch(cmds...)
}

// prepared runs the call line first, then run, in one command: the
// console's call must see what the first one recorded.
func prepared(ctx context.Context, s *repoops.Session, line string, run tea.Cmd) tea.Cmd {
	tool, args := tour.SplitCall(line)
	return func() tea.Msg {
		s.Call(ctx, tool, args)
		if run == nil {
			return nil
		}
		return run()
	}
}

// tourPanel draws the tour's panel in the tree's place.
func (m *Model) tourPanel(w, h int) (string, bool) {
	if m.tours.tour == nil {
		return "", false
	}
	return m.tours.tour.Panel(m.Styles, w, h, false), true
}

// tourBar draws the step bar in the hint line's place.
func (m *Model) tourBar() (string, bool) {
	if m.tours.tour == nil {
		return "", false
	}
	return m.tours.tour.Bar(m.Styles, m.tours.keys, m.width), true
}
