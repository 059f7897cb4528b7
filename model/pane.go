package model

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// pane is the contract every pane and overlay follows (ARCHITECTURE.md,
// "The pane contract"). The root model owns layout, focus and routing; a
// pane owns its state and how it answers messages. A pane does no I/O in
// Update: its work runs in the tea.Cmds it returns, whose results come back
// to it in a paneMsg envelope.
type pane interface {
	// ID names the pane in envelopes and in the focus ring.
	ID() paneID
	// Title heads the pane's section in the full help.
	Title() string
	// SetSize gives the pane its cells, title row included; Size returns them.
	SetSize(w, h int)
	Size() (w, h int)
	// Update answers a key or mouse message (mouse coordinates are relative
	// to the pane), a broadcast (tea.BackgroundColorMsg, reloadMsg) or the
	// inner message of an envelope addressed to it that the root found
	// current.
	Update(msg tea.Msg) tea.Cmd
	// View draws the pane, exactly w×h cells.
	View(w, h int, focused bool) string
	// ShortHelp and FullHelp are the pane's bindings for the hint line and
	// the full help (help.KeyMap).
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
	// Status is what the pane puts on the status line.
	Status() statusFields
	// Generation is the pane's current generation for one kind of job; an
	// envelope stamped with another one is stale and dropped by the root.
	Generation(j job) int
	// Loading reports work in flight, for the spinner.
	Loading() bool
	// Agent is the pane's agent view state (nil: it has none), and AgentCall
	// the tool call whose exact text that view shows. why, when set, says
	// why there is no call to make now.
	Agent() *agentState
	AgentCall() (tool string, args any, why string)
}

// paneID names a pane in messages routed back to it.
type paneID int

const (
	paneTree paneID = iota
	paneViewer
	paneHelp
	panePrompt
	// The next faces take the next ids: find, search, sessions.
	panePreview paneID = 20 + iota // the edit preview (model/preview.go)
	paneConsole                    // the tool console (model/console.go)
)

// job is a kind of asynchronous work a pane runs. Each kind has its own
// generation, so that, say, a new gate check does not make a window read
// stale.
type job int

const (
	jobLoad  job = iota // listings and reads that fill the pane
	jobGate             // the read-before-edit gate's verdict
	jobAgent            // the agent view's tool call
	jobTool             // a tool call a person asked for (edit preview, console)
)

// paneMsg is the one envelope every asynchronous result travels in: the
// pane it is for, the kind of job and the generation it was started in,
// and the pane's own message. The root's Update drops it, in one place,
// when the pane has moved on to another generation.
type paneMsg struct {
	to  paneID
	job job
	gen int
	msg tea.Msg
}

// envelop runs work as a command whose result is addressed to pane to.
func envelop(to paneID, j job, gen int, work func() tea.Msg) tea.Cmd {
	return func() tea.Msg {
		return paneMsg{to: to, job: j, gen: gen, msg: work()}
	}
}

// statusFields are a pane's part of the status line. The root takes each
// group from the first pane that has it: the top overlay, then the focused
// pane, then the panes in ring order.
type statusFields struct {
	Path   string // the selected path ("" when the pane has none)
	Beyond bool   // Path is beyond the agent's default repo_tree
	Reach  string // for a Beyond (or ignored) path: what an agent calls to see it listed

	Gate               ui.GateState // ui.GateNone when the pane holds no file
	GateText, GateTiny string
	// GateFile is the file the gate is about (display form); the status line
	// names it when the path shown is another pane's.
	GateFile string
}

// common is what every pane shares with the root: the core, the bindings,
// the styles and the spinner. The root owns it; panes hold a pointer.
type common struct {
	ctx     context.Context
	repo    *repoops.Repo
	session *repoops.Session
	// look reads for showing: the viewer's windows and the agent views go
	// through it, so looking records no read and never moves session's gate.
	look    *repoops.Session
	keys    keymap.KeyMap
	styles  *ui.Styles
	spinIdx int

	// overlays is the overlay stack; a pane pushes one (the viewer its
	// search prompt) in its Update, so the very next key goes to it.
	overlays overlayStack
	// open shows a file in the viewer (line 0: keep the place when it is
	// already open), for panes that lead to files: the tree; find, search
	// and sessions next.
	open func(path string, line int) tea.Cmd
	// goTo opens a file from a result list (find, search): at line, the
	// pattern highlighted, the viewer focused and the tree opened to it.
	goTo func(path string, line int, highlight string) tea.Cmd
	// copy puts text on the clipboard the way y does (Model.copyText),
	// for overlays where y is typed.
	copy func(text, label string) tea.Cmd

	// agent is what the agent of the session chosen in the sessions pane
	// saw (nil: none chosen), for the tree's and the viewer's marks; jump
	// shows a path in the tree and the viewer at line, reading it again
	// when reread (sessions_marks.go).
	agent *agentMarks
	jump  func(path string, line int, reread bool) tea.Cmd

	// files is the file set find and the tree filter share (fileset.go).
	files *fileSet

	// changeSettings applies a change to the settings remembered between
	// runs and returns the command that saves them (settings_live.go).
	changeSettings func(func(*Settings)) tea.Cmd
	// split narrows (-1) or widens (1) the tree, as < and > do, for
	// overlays where they are typed (the sessions pane).
	split func(d int) tea.Cmd
}

func (c *common) spinFrame() string { return spinFrames[c.spinIdx%len(spinFrames)] }

// reloadMsg is broadcast to every pane when the core has forgotten its
// caches: list and read again what it shows.
type reloadMsg struct{}
