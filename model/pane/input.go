package pane

import tea "charm.land/bubbletea/v2"

// WheelStep is how many rows one wheel notch scrolls.
const WheelStep = 3

// WheelDelta is the rows a wheel event scrolls (0 for other buttons).
func WheelDelta(b tea.MouseButton) int {
	switch b {
	case tea.MouseWheelUp:
		return -WheelStep
	case tea.MouseWheelDown:
		return WheelStep
	}
	return 0
}

// Printable reports a key that types one character (shift allowed, no
// other modifier).
func Printable(msg tea.KeyPressMsg) bool {
	return msg.Text != "" && msg.Mod&^tea.ModShift == 0 && len([]rune(msg.Text)) == 1
}

// NoticeMsg is a pane's short message for the status line.
type NoticeMsg struct{ Text string }

// Notice is the command that puts s on the status line for a while.
func Notice(s string) tea.Cmd { return func() tea.Msg { return NoticeMsg{Text: s} } }
