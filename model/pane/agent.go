package pane

import (
	"strings"

	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// AgentState is a pane flipped to agent view: the call that stands for
// what the pane shows, and the exact text the tool returned for it. The
// root runs it the same way for every pane, from the pane's AgentCall.
type AgentState struct {
	On      bool
	Gen     int
	Tool    string // the tool called
	Call    string // repoops.CallText of the call
	Text    string // Result.Text, byte for byte
	Lines   []string
	IsError bool
	Loading bool
	Top     int // first row on screen
	HScroll int // columns scrolled right, when not wrapped

	// Rows is the text as drawn (wrapped at RowsW, or one row per line),
	// computed once per text, width and wrap setting.
	Rows     []string
	RowsW    int
	RowsWrap bool
	RowsOK   bool
}

// Apply takes the answer of the view's current call.
func (a *AgentState) Apply(res repoops.Result) {
	a.Loading = false
	a.Text = res.Text
	a.IsError = res.IsError
	a.Lines = strings.Split(a.Text, "\n")
	a.Top = 0
	a.RowsOK = false
}

// Display is the text's rows for a pane w wide: wrapped, or one per line
// (then scrolled sideways).
func (a *AgentState) Display(w int, wrap bool) []string {
	if !a.RowsOK || a.RowsW != w || a.RowsWrap != wrap {
		if wrap {
			a.Rows = ui.AgentRows(a.Lines, w)
		} else {
			a.Rows = a.Lines
		}
		a.RowsW, a.RowsWrap, a.RowsOK = w, wrap, true
	}
	return a.Rows
}

// Size is the response's size beside the call: bytes and lines.
func (a *AgentState) Size() string {
	if a.Loading {
		return ""
	}
	return repoops.Commas(len(a.Text)) + " bytes, " + repoops.Plural(len(a.Lines), "line", "lines")
}

// Scroll moves an agent view's text by d rows.
func (a *AgentState) Scroll(d, body int) {
	n := len(a.Lines)
	if a.RowsOK {
		n = len(a.Rows)
	}
	a.Top = max(min(a.Top+d, n-body), 0)
}

// AgentRanMsg tells a pane that a call for its agent view has run, whether
// or not the view still wants the answer: the call may have recorded a read
// in the session (the viewer re-checks the gate on it). It travels stamped
// with the pane's load generation, so it is dropped once the pane shows
// something else.
type AgentRanMsg struct{}
