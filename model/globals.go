package model

import (
	"runtime"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/help"
)

// globalKey is one row of the global bindings' table: the keys, and what
// they do. onKey goes through the table; it names no pane.
type globalKey struct {
	keys []key.Binding
	run  func(msg tea.KeyPressMsg) tea.Cmd
}

// globalKeys is the table of keymap.Global: every binding of
// Global.Bindings() has its row (TestEveryGlobalBindingDoesSomething).
func (m *Model) globalKeys() []globalKey {
	g := m.Keys.Global
	do := func(f func() tea.Cmd) func(tea.KeyPressMsg) tea.Cmd {
		return func(tea.KeyPressMsg) tea.Cmd { return f() }
	}
	return []globalKey{
		{[]key.Binding{g.Quit}, do(m.quit)},
		{[]key.Binding{g.Suspend}, do(m.suspend)},
		{[]key.Binding{g.Help}, do(func() tea.Cmd {
			m.pushOverlay(help.NewShort(m.common, m.helpSections(), m.helpFirst()))
			return nil
		})},
		{[]key.Binding{g.Focus}, do(func() tea.Cmd { m.focus = m.ring.step(m.focus, 1); return nil })},
		{[]key.Binding{g.FocusBack}, do(func() tea.Cmd { m.focus = m.ring.step(m.focus, -1); return nil })},
		{[]key.Binding{g.Agent}, do(m.toggleAgent)},
		{[]key.Binding{g.Editor}, do(m.openEditor)},
		{[]key.Binding{g.Copy}, do(m.copyNatural)},
		{[]key.Binding{g.CopyAll}, do(m.copyCall)},
		{[]key.Binding{g.Edit}, do(m.openPreview)},
		{[]key.Binding{g.Console}, do(m.openConsole)},
		{[]key.Binding{g.Reload}, do(m.reload)},
		{[]key.Binding{g.Find}, do(m.openFind)},
		{[]key.Binding{g.Search}, do(m.openSearch)},
		{[]key.Binding{g.Sessions}, do(m.openSessions)},
		{[]key.Binding{g.Undo}, do(m.undo)},
		{[]key.Binding{g.Writes}, do(m.openWrites)},
		{[]key.Binding{g.Back}, do(func() tea.Cmd { return m.jump(-1) })},
		{[]key.Binding{g.Forward}, do(func() tea.Cmd { return m.jump(1) })},
		{[]key.Binding{g.SplitNarrow}, do(func() tea.Cmd { return m.stepSplit(-1) })},
		{[]key.Binding{g.SplitWiden}, do(func() tea.Cmd { return m.stepSplit(1) })},
		{[]key.Binding{g.SplitReset}, do(m.resetSplit)},
		{g.Reserved(), func(msg tea.KeyPressMsg) tea.Cmd {
			return m.flash(msg.String() + ": " + bindingDesc(msg, g.Reserved()))
		}},
	}
}

// suspend gives the terminal back to the shell, as ctrl+z does in a
// program that does not take the keys itself (fg resumes; the program
// then redraws at the terminal's size and sends tea.ResumeMsg). Bubble
// Tea cannot suspend on Windows, which has no job control: that is said.
func (m *Model) suspend() tea.Cmd {
	if runtime.GOOS == "windows" {
		return m.flash("ctrl+z: Windows has no job control to suspend to; q quits")
	}
	return tea.Suspend
}

// quit stops the viewer's read and the watcher, and ends the program.
func (m *Model) quit() tea.Cmd {
	m.viewer.CancelRead()
	m.closeWatch()
	return tea.Quit
}
