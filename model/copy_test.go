package model

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/model/panetest"
)

func TestCopySaysCopiedOnlyWhenTheTerminalConfirms(t *testing.T) {
	t.Setenv("TERM", "xterm-256color")
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	press(m, "y") // the root row
	if m.copying.text != "." {
		t.Errorf("y on the root: copying %q, want .", m.copying.text)
	}
	selectPath(t, m, "README.md")
	press(m, "y")
	if m.copying.text != "README.md" {
		t.Fatalf("copying %q, want the path", m.copying.text)
	}
	if strings.Contains(m.message, "copied") {
		t.Fatalf("claims success before the terminal answered: %q", m.message)
	}
	m.Update(tea.ClipboardMsg{Content: "README.md", Selection: 'c'})
	if m.message != "copied README.md" {
		t.Errorf("after the read-back: %q", m.message)
	}

	// No answer: sent, not confirmed, and how to fix it.
	press(m, "y")
	m.Update(copyTimeoutMsg{seq: m.copying.seq})
	if !strings.HasPrefix(m.message, "sent README.md to the clipboard (OSC 52); the terminal did not confirm it") {
		t.Errorf("no answer: %q", m.message)
	}
	// A late answer to an old copy changes nothing.
	m.message = ""
	m.Update(tea.ClipboardMsg{Content: "README.md"})
	if m.message != "" {
		t.Errorf("an answer with no copy waiting: %q", m.message)
	}

	// An empty answer (tmux gives one): not confirmed, never "could not".
	press(m, "y")
	m.Update(tea.ClipboardMsg{Content: ""})
	if !strings.Contains(m.message, "did not confirm") {
		t.Errorf("empty read-back: %q", m.message)
	}
	// Another text on the clipboard: the copy did not take.
	press(m, "y")
	m.Update(tea.ClipboardMsg{Content: "something else"})
	if !strings.HasPrefix(m.message, "could not copy README.md") {
		t.Errorf("other clipboard text: %q", m.message)
	}
}

func TestCopyCouldNotWhenUnavailable(t *testing.T) {
	for _, c := range []struct{ term, text, want string }{
		{"dumb", "x", "has no OSC 52 clipboard"},
		{"linux", "x", "has no OSC 52 clipboard"},
		{"xterm", "", "nothing to copy"},
		{"xterm", strings.Repeat("a", osc52Max+1), "reliably takes"},
		{"xterm", "\xff", "not valid UTF-8"},
		{"xterm", "fine", ""},
	} {
		if got := osc52Unavailable(c.term, c.text); (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("TERM=%s %d bytes: %q, want %q", c.term, len(c.text), got, c.want)
		}
	}
	t.Setenv("TERM", "dumb")
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	press(m, "y")
	if !strings.HasPrefix(m.message, "could not copy") || m.copying.text != "" {
		t.Errorf("TERM=dumb: %q, copying %q", m.message, m.copying.text)
	}
}

func TestCopyViewerLineAndSelection(t *testing.T) {
	t.Setenv("TERM", "xterm")
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	run(m, m.openFile("src/main.go", 6))
	m.focus = paneViewer
	press(m, "y")
	if m.copying.text != "src/main.go:6" {
		t.Errorf("viewer y: %q", m.copying.text)
	}
	press(m, "v", "j", "y")
	if m.copying.text != "src/main.go:6-7" {
		t.Errorf("viewer y on a selection: %q", m.copying.text)
	}
}

func TestCopyCallIsTheCallAndItsExactText(t *testing.T) {
	t.Setenv("TERM", "xterm")
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	press(m, "a")        // the tree's agent view: repo_tree
	a := *m.tree.Agent() // the view as it was
	press(m, "Y")
	if want := a.Call + "\n" + a.Text; m.copying.text != want || a.Text == "" {
		t.Errorf("Y with the agent view on:\n%q\nwant\n%q", m.copying.text, want)
	}
	press(m, "a") // off: Y makes the call itself
	press(m, "Y")
	if want := a.Call + "\n" + a.Text; m.copying.text != want {
		t.Errorf("Y with the agent view off:\n%q\nwant\n%q", m.copying.text, want)
	}
}

// TestFlowCopyWritesOSC52: the real program writes the OSC 52 sequence,
// and says "copied" only on the terminal's read-back.
func TestFlowCopyWritesOSC52(t *testing.T) {
	t.Setenv("TERM", "xterm-256color")
	dir := panetest.FixtureRepo(t)
	tm, waitFor := program(t, dir, "", 0)
	// "+2 ignored" comes with the root's exact listing (README.md is on
	// it too): keys sent before it could move over the early rows
	waitFor("+2 ignored")
	tm.Type("jj") // past the root and .gitignore: README.md
	tm.Type("y")
	out := tm.Output()
	seq := []byte(ansi.SetSystemClipboard("README.md"))
	teatest.WaitFor(t, out, func(b []byte) bool { return bytes.Contains(b, seq) },
		teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	waitFor("did not confirm") // no terminal here answers the read-back
	tm.Type("y")
	tm.Send(tea.ClipboardMsg{Content: "README.md", Selection: 'c'})
	waitFor("copied README.md")
	tm.Type("q")
	tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second))
}
