// Package results is what find (model/find) and search (model/grep) share:
// a list of result rows over the viewer with a cursor and a scroll, the
// text fields a query is typed into, the keys that move, flip to the agent
// view and copy its call, and how that agent view is drawn. Each pane
// keeps what is its own (its rows, its tool, its footer); this is the
// part that was the same in both.
package results

import (
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Base is the state a results overlay shares with the other one: the
// shared state, its size, whether it is done, the cursor and scroll, and
// its agent view. A pane embeds it and adds its rows.
type Base struct {
	C             *pane.Common
	Width, Height int
	Closed        bool // Done: the overlay wants to be popped
	List
	AgentView pane.AgentState
}

func (b *Base) Size() (int, int)              { return b.Width, b.Height }
func (b *Base) Area() pane.Area               { return pane.AreaViewer }
func (b *Base) Done() bool                    { return b.Closed }
func (b *Base) Agent() *pane.AgentState       { return &b.AgentView }
func (*Base) TakesText()                      {}
func (b *Base) ToggleAgent()                  { b.AgentView.On = !b.AgentView.On; b.AgentView.Top = 0 }
func (b *Base) CopyAgent(tool string) tea.Cmd { return CopyAgent(b.C, &b.AgentView, tool) }

// TextOverlay is an overlay that letters are typed into (find, search):
// the global keys do not apply while it is on top, so the hint line shows
// only its own.
type TextOverlay interface {
	pane.Overlay
	TakesText()
}

// List is a cursor over n rows of which body fit on screen, and the
// first row shown.
type List struct {
	Cursor, Top int
}

// Clamp keeps the cursor on a row and on screen, and the screen full as
// far as the rows go.
func (l *List) Clamp(n, body int) {
	l.Cursor = max(min(l.Cursor, n-1), 0)
	if l.Cursor < l.Top {
		l.Top = l.Cursor
	}
	if l.Cursor >= l.Top+body {
		l.Top = l.Cursor - body + 1
	}
	l.Top = max(min(l.Top, n-body), 0)
}

// Move moves the cursor by d rows, one row further when it lands on a row
// skip says cannot be chosen (nil: every row can), then clamps.
func (l *List) Move(d, n, body int, skip func(i int) bool) {
	l.Cursor += d
	if skip != nil && l.Cursor >= 0 && l.Cursor < n && skip(l.Cursor) {
		switch {
		case d > 0:
			l.Cursor++
		case d < 0:
			l.Cursor--
		}
	}
	l.Clamp(n, body)
}

// Shown is the range of rows on screen: [from, to).
func (l *List) Shown(n, body int) (from, to int) { return l.Top, min(l.Top+body, n) }

// Step is the move a key asks for in a list body rows high: ±1, ±a page,
// and whether the key is a move at all.
func Step(msg tea.KeyPressMsg, k keymap.Finder, body int) (int, bool) {
	page := max(body-1, 1)
	switch {
	case key.Matches(msg, k.Up):
		return -1, true
	case key.Matches(msg, k.Down):
		return 1, true
	case key.Matches(msg, k.PageUp):
		return -page, true
	case key.Matches(msg, k.PageDown):
		return page, true
	}
	return 0, false
}

// Edit applies a text key to field: Delete (backspace, ctrl+h) drops the
// last character, Clear (ctrl+u) clears, a key with text appends it.
// edited is false for a key that is not one of these; changed, whether the
// field changed.
func Edit(k keymap.Typing, field *string, msg tea.KeyPressMsg) (edited, changed bool) {
	switch {
	case key.Matches(msg, k.Delete):
		if *field == "" {
			return true, false
		}
		_, n := utf8.DecodeLastRuneInString(*field)
		*field = (*field)[:len(*field)-n]
		return true, true
	case key.Matches(msg, k.Clear):
		was := *field
		*field = ""
		return true, was != ""
	}
	if msg.Text == "" {
		return false, false
	}
	*field += msg.Text
	return true, true
}

// AgentBody is how many rows of the agent view's text fit in a pane h
// high under a title and prompts prompt rows (the view's own title and
// call take two).
func AgentBody(h, prompts int) int { return max(h-1-prompts-2, 1) }

// DrawAgent draws the overlay flipped to its agent view, exactly w×h: the
// frame's title and prompts on top, then the call of tool and its text as
// the model gets it, or empty while there is no call.
func DrawAgent(c *pane.Common, frame ui.ResultView, a *pane.AgentState, tool, empty string, w, h int, focused bool) string {
	head := ui.ResultView{Title: frame.Title, Prompt: frame.Prompt, Active: frame.Active, Focused: focused}
	top := c.Styles.RenderResults(head, w, 1+len(frame.Prompt))
	body := max(h-1-len(frame.Prompt), 1)
	if a.Call == "" {
		return top + "\n" + c.Styles.RenderResults(ui.ResultView{Message: empty}, w, body)
	}
	end := min(a.Top+max(body-2, 0), len(a.Lines))
	var lines []string
	if a.Top < end {
		lines = a.Lines[a.Top:end]
	}
	return top + "\n" + c.Styles.RenderAgent(ui.AgentView{Title: "agent view · " + tool + "  (tab: back to the list)", Call: a.Call, Lines: lines, Loading: a.Loading, IsError: a.IsError, Focused: focused, Spinner: c.SpinFrame(), Wrap: true}, w, body)
}

// CopyAgent copies an overlay's call and its exact model text (what Y
// copies in the panes), once the tool has answered.
func CopyAgent(c *pane.Common, a *pane.AgentState, tool string) tea.Cmd {
	if a.Call == "" || a.Loading {
		return c.Copy("", "the "+tool+" call (it has not answered yet)")
	}
	return c.Copy(pane.CopyCallText(a.Call, a.Text), "the call and its "+repoops.SizeText(len(a.Text))+" of model text")
}
