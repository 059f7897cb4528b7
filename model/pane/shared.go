package pane

import (
	"charm.land/bubbles/v2/key"
	"github.com/repoxhq/repox/repoops"
)

// CopyCallMsg asks the root to copy a call run for Y: its text and its
// answer, as y copies (the root owns the clipboard and its read-back).
type CopyCallMsg struct {
	Call string
	Res  repoops.Result
}

// NoPaste switches off the text fields' own ctrl+v, which reads the
// clipboard by running programs (xclip, wl-paste); the terminal's paste
// (bracketed, tea.PasteMsg) still arrives.
var NoPaste = key.NewBinding(key.WithDisabled())

// CopyCallText is what Y and alt+y copy for a call: the call's line, then
// the tool's exact text.
func CopyCallText(call, text string) string { return call + "\n" + text }
