package model

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// overlayBase gives an overlay the parts of the contract most overlays do
// not need: no status fields, no jobs, no agent view, no bindings of its
// own, nothing to cancel. Embed it and override what applies.
type overlayBase struct{}

func (overlayBase) Status() statusFields      { return statusFields{} }
func (overlayBase) Generation(job) int        { return 0 }
func (overlayBase) Loading() bool             { return false }
func (overlayBase) Agent() *agentState        { return nil }
func (overlayBase) ShortHelp() []key.Binding  { return nil }
func (overlayBase) FullHelp() [][]key.Binding { return nil }
func (overlayBase) Close() tea.Cmd            { return nil }
func (overlayBase) AgentCall() (string, any, string) {
	return "", nil, "this overlay has no agent view"
}
