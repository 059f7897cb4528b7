package model

import "github.com/repoxhq/repox/ui"

// helpOpener is an overlay that takes no typed text, so the help key
// opens the help over it rather than reaching it as a character.
type helpOpener interface {
	OpensHelp() bool
}

// opensHelp: o lets the help key open the help over it.
func opensHelp(o overlay) bool {
	h, ok := o.(helpOpener)
	return ok && h.OpensHelp()
}

// helpOver is the full help opened over overlay o: o's own keys first,
// and the help's, then everything else in force.
func (m *Model) helpOver(o overlay) []ui.HelpSection {
	own := m.helpOwnSection()
	secs := []ui.HelpSection{{Title: o.Title(), Bindings: o.FullHelp()}, own}
	for _, s := range m.helpSections() {
		if s.Title != own.Title {
			secs = append(secs, s)
		}
	}
	return secs
}

// helpOverFirst is how many sections of helpOver the help shows first:
// the overlay's keys and the help's.
const helpOverFirst = 2
