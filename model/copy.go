package model

import (
	"os"
	"strings"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

// Copying goes to the terminal's clipboard through OSC 52, the only way a
// program in a terminal (over ssh, inside tmux) can reach it. The terminal
// never says whether it took the text, so the explorer never says "copied"
// on faith: it sends the text, asks the terminal to read the clipboard
// back (OSC 52 query), and says "copied" only when the answer holds the
// same text. When no answer comes it says the text was sent and not
// confirmed, and how to let the terminal take it; when the text cannot go
// at all it says "could not copy" and why.

// copyConfirmWait is how long the explorer waits for the terminal to read
// the clipboard back before it says the copy is unconfirmed.
const copyConfirmWait = 700 * time.Millisecond

// osc52Max is the most text the explorer sends in one OSC 52 sequence.
// Terminals cap what they accept (xterm by its resources, tmux by its
// buffer limits, hterm at about 100 KB of base64); beyond this the copy is
// refused rather than risked silently.
const osc52Max = 74_000

// copyState is the copy waiting for the terminal's answer.
type copyState struct {
	seq   int
	text  string
	label string // what was copied, for the message
}

// copyTimeoutMsg ends the wait for a copy's confirmation.
type copyTimeoutMsg struct{ seq int }

// copyText sends text to the clipboard, or says why it cannot.
func (m *Model) copyText(text, label string) tea.Cmd {
	if why := osc52Unavailable(os.Getenv("TERM"), text); why != "" {
		m.copying = copyState{seq: m.copying.seq + 1}
		return m.flash("could not copy " + label + ": " + why)
	}
	m.copying = copyState{seq: m.copying.seq + 1, text: text, label: label}
	seq := m.copying.seq
	wait := m.tick(copyConfirmWait, func(time.Time) tea.Msg { return copyTimeoutMsg{seq: seq} })
	return tea.Sequence(tea.SetClipboard(text), tea.ReadClipboard, wait)
}

// osc52Unavailable says why text cannot be copied through OSC 52 here, ""
// when it can be sent.
func osc52Unavailable(term, text string) string {
	switch {
	case text == "":
		return "there is nothing to copy here"
	case !utf8.ValidString(text):
		return "the text is not valid UTF-8"
	case len(text) > osc52Max:
		return repoops.SizeText(len(text)) + " is more than the " + repoops.SizeText(osc52Max) + " a terminal clipboard (OSC 52) reliably takes"
	case term == "dumb", term == "linux":
		return "this terminal (TERM=" + term + ") has no OSC 52 clipboard"
	}
	return ""
}

// onClipboard takes the terminal's answer to the read-back.
func (m *Model) onClipboard(msg tea.ClipboardMsg) tea.Cmd {
	c := m.copying
	if c.text == "" {
		return nil
	}
	if msg.Content == "" {
		// An empty answer: the terminal (tmux does so) does not let a
		// program read the clipboard back. Nothing is known either way.
		return m.onCopyTimeout(copyTimeoutMsg{seq: c.seq})
	}
	m.copying.text = ""
	if msg.Content == c.text {
		return m.flash("copied " + c.label)
	}
	return m.flash("could not copy " + c.label + ": the terminal's clipboard holds other text after the copy")
}

// onCopyTimeout says a copy went unconfirmed.
func (m *Model) onCopyTimeout(msg copyTimeoutMsg) tea.Cmd {
	c := m.copying
	if msg.seq != c.seq || c.text == "" {
		return nil
	}
	m.copying.text = ""
	hint := "if it did not arrive, the terminal does not accept OSC 52"
	if os.Getenv("TMUX") != "" {
		hint = "if it did not arrive, tmux needs `set -g set-clipboard on`"
	}
	return m.flash("sent " + c.label + " to the clipboard (OSC 52); the terminal did not confirm it — " + hint)
}

// copyPath copies the focused pane's natural thing: the path in the tree,
// path:line (or path:first-last for a selection) in the viewer.
func (m *Model) copyNatural() tea.Cmd {
	path, line, isDir := m.target()
	if path == "" && (m.focus == paneViewer || !m.treeSelects()) {
		return m.flash("could not copy: nothing is selected")
	}
	shown := repoops.DisplayPath(path)
	if m.focus == paneViewer && !isDir {
		if first, last, ok := m.viewer.Selection(); ok && m.viewer.Selecting() {
			shown += ":" + itoaComma(first) + "-" + itoaComma(last)
		} else {
			shown += ":" + itoaComma(line)
		}
	}
	return m.copyText(shown, shown)
}

func itoaComma(n int) string { return strings.ReplaceAll(repoops.Commas(n), ",", "") }

// copyCall copies the focused pane's tool call and its exact model text:
// the agent view's when it is on, else the call is made now, as `a` makes
// it: through the look session, so copying records no read (looking never
// changes the gate).
func (m *Model) copyCall() tea.Cmd {
	p := m.focused()
	a := p.Agent()
	if a == nil {
		return m.flash("could not copy: this pane has no tool call")
	}
	if a.On && !a.Loading {
		return m.copyText(copyCallText(a.Call, a.Text), "the call and its "+repoops.SizeText(len(a.Text))+" of model text")
	}
	name, args, why := p.AgentCall()
	if why != "" {
		return m.flash("could not copy: " + why)
	}
	ctx, s, id, gen := m.Ctx, m.Look, p.ID(), p.Generation(jobLoad)
	return func() tea.Msg {
		res := callJSON(ctx, s, name, args)
		ran := paneMsg{To: id, Job: jobLoad, Gen: gen, Msg: agentRanMsg{}}
		return tea.BatchMsg{
			func() tea.Msg { return copyCallMsg{Call: repoops.CallText(name, args), Res: res} },
			func() tea.Msg { return ran },
		}
	}
}
