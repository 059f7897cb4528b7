package model

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
)

// Keys that do nothing where they are pressed say so, once per pane and
// key; and a printable one starts a "typing" guard: the letters that
// follow it (someone typing "/main" into a tree that has no input open)
// are held and shown, not run as commands, until a non-printable key or a
// pause of typingPause.
const typingPause = time.Second

// typingEndMsg ends a typing guard after a pause.
type typingEndMsg struct{ gen int }

// paneBindings are the keys p answers now: its own, or its agent view's.
func (m *Model) paneBindings(p pane) []key.Binding {
	if a := p.Agent(); a != nil && a.On {
		n := m.Keys.Tree.Nav
		bs := []key.Binding{n.Up, n.Down, n.Top, n.Bottom}
		for _, row := range m.Keys.Agent.FullHelp() {
			bs = append(bs, row...)
		}
		return bs
	}
	var bs []key.Binding
	for _, row := range p.FullHelp() {
		bs = append(bs, row...)
	}
	return bs
}

// guardTyping runs before the global keys: while a typing guard is on, a
// printable key is held; any other key ends the guard (esc does only that).
func (m *Model) guardTyping(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.typed == "" {
		return nil, false
	}
	if printable(msg) {
		m.typed += msg.Text
		return tea.Batch(m.typedMessage(), m.typingTimer()), true
	}
	m.typed = ""
	if key.Matches(msg, m.Keys.Overlay.Close) {
		m.message = ""
		return nil, true
	}
	return nil, false
}

// unboundKey answers a key p does not bind: said once per pane and key,
// and a printable one starts the typing guard.
func (m *Model) unboundKey(p pane, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	bs := m.paneBindings(p)
	if key.Matches(msg, bs...) || keymap.Starts(msg.String(), bs...) {
		return nil, false // a key of p, or the first of one of its sequences (z)
	}
	where := strings.ToLower(p.Title())
	if a := p.Agent(); a != nil && a.On {
		where += "'s agent view"
	}
	var cmds []tea.Cmd
	if printable(msg) {
		m.typed = msg.Text
		m.typedWhere = where
		cmds = append(cmds, m.typingTimer())
	}
	said := where + " " + msg.String()
	if m.saidNothing == nil {
		m.saidNothing = map[string]bool{}
	}
	if !m.saidNothing[said] {
		m.saidNothing[said] = true
		cmds = append(cmds, m.flash(msg.String()+" does nothing in the "+where+" — ? lists the keys"))
	}
	return tea.Batch(cmds...), true
}

func (m *Model) typedMessage() tea.Cmd {
	return m.flash("typed \"" + m.typed + "\": no input is open in the " + m.typedWhere + ", so nothing ran (esc)")
}

func (m *Model) typingTimer() tea.Cmd {
	m.typedGen++
	gen := m.typedGen
	return m.tick(typingPause, func(time.Time) tea.Msg { return typingEndMsg{gen: gen} })
}
