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
// then everything else in force.
func (m *Model) helpOver(o overlay) []ui.HelpSection {
	return append([]ui.HelpSection{{Title: o.Title(), Bindings: o.FullHelp()}}, m.helpSections()...)
}
