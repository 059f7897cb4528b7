// Package pane is the explorer's pane contract: the Pane and Overlay
// interfaces every pane follows, the ids and job kinds (one block each, so
// none collide), the envelope every asynchronous result travels in
// (Envelop, Msg), the status fields, the overlay stack, and Common, the
// state every pane shares with the root (the core, the bindings, the
// styles, the file set, the chosen session's marks). ARCHITECTURE.md, "The
// pane contract", says how the root uses it.
package pane

import (
	"context"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Pane is the contract every pane and overlay follows (ARCHITECTURE.md,
// "The pane contract"). The root model owns layout, focus and routing; a
// pane owns its state and how it answers messages. A pane does no I/O in
// Update: its work runs in the tea.Cmds it returns, whose results come back
// to it in a Msg envelope.
type Pane interface {
	// ID names the pane in envelopes and in the focus ring.
	ID() ID
	// Title heads the pane's section in the full help.
	Title() string
	// SetSize gives the pane its cells, title row included; Size returns them.
	SetSize(w, h int)
	Size() (w, h int)
	// Update answers a key or mouse message (mouse coordinates are relative
	// to the pane), a broadcast (tea.BackgroundColorMsg, ReloadMsg) or the
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
	Status() Status
	// Generation is the pane's current generation for one kind of Job; an
	// envelope stamped with another one is stale and dropped by the root.
	Generation(j Job) int
	// Loading reports work in flight, for the spinner.
	Loading() bool
	// Agent is the pane's agent view state (nil: it has none), and AgentCall
	// the tool call whose exact text that view shows. why, when set, says
	// why there is no call to make now.
	Agent() *AgentState
	AgentCall() (tool string, args any, why string)
}

// ID names a pane in messages routed back to it. Every id is here, in
// one block, so no two panes share one.
type ID int

const (
	Tree       ID = iota // the file tree (model/tree)
	Viewer               // the file viewer (model/viewer)
	Help                 // the full help (model/help)
	Prompt               // the viewer's search prompt (model/viewer)
	Preview              // the edit preview (model/preview)
	Console              // the tool console (model/console)
	Find                 // find a file (model/find)
	Search               // search contents (model/grep)
	Sessions             // the sessions pane (model/sessions)
	TreeFilter           // the tree's filter prompt (model/tree)
	Writes               // the log of this explorer's writes (model/preview)
	TourSteps            // the tour's step list (model/tour/list.go)
	Files                // no pane: the file set's listing batches (fileset.go)
)

// Job is a kind of asynchronous work a pane runs. Each kind has its own
// generation, so that, say, a new gate check does not make a window read
// stale. Every kind is here, in one block, so no two share a number.
type Job int

const (
	JobLoad        Job = iota // listings and reads that fill the pane
	JobGate                   // the read-before-edit gate's verdict
	JobAgent                  // the agent view's tool call
	JobTool                   // a tool call a person asked for (edit preview, console, find's repo_find)
	JobMatch                  // find's fuzzy pass; search's scan
	JobScan                   // the viewer's in-file search, in steps of windows
	JobRest                   // the tree cursor's rest timer
	JobReach                  // the calls that reach a tree row beyond the horizon
	JobFilterList             // the tree filter's file set
	JobFilter                 // one tree filter pass
	JobHidden                 // the viewer's check of a file the tools never list
	JobFindPreview            // find's preview column
)

// Msg is the one envelope every asynchronous result travels in: the
// pane it is for, the kind of Job and the generation it was started in,
// and the pane's own message. The root's Update drops it, in one place,
// when the pane has moved on to another generation.
type Msg struct {
	To  ID
	Job Job
	Gen int
	Msg tea.Msg
}

// Envelop runs work as a command whose result is addressed to pane to.
func Envelop(to ID, j Job, gen int, work func() tea.Msg) tea.Cmd {
	return func() tea.Msg {
		return Msg{To: to, Job: j, Gen: gen, Msg: work()}
	}
}

// Status are a pane's part of the status line. The root takes each
// group from the first pane that has it: the top overlay, then the focused
// pane, then the panes in ring order.
type Status struct {
	Path   string // the selected path ("" when the pane has none)
	Beyond bool   // Path is beyond the agent's default repo_tree
	Reach  string // for a Beyond (or ignored) path: what an agent calls to see it listed

	Gate               ui.GateState // ui.GateNone when the pane holds no file
	GateText, GateTiny string
	// GateFile is the file the gate is about (display form); the status line
	// names it when the path shown is another pane's.
	GateFile string
}

// Common is what every pane shares with the root: the core, the bindings,
// the styles and the spinner. The root owns it; panes hold a pointer.
type Common struct {
	Ctx     context.Context
	Repo    *repoops.Repo
	Session *repoops.Session
	// Look reads for showing: the viewer's windows and the agent views go
	// through it, so looking records no read and never moves session's gate.
	Look    *repoops.Session
	Keys    keymap.KeyMap
	Styles  *ui.Styles
	SpinIdx int

	// Overlays is the overlay stack; a pane pushes one (the viewer its
	// search prompt) in its Update, so the very next key goes to it.
	Overlays Stack
	// Open shows a file in the viewer (line 0: keep the place when it is
	// already open), for panes that lead to files: the tree; find, search
	// and sessions next.
	Open func(path string, line int) tea.Cmd
	// GoTo opens a file from a result list (find, search): at line, the
	// pattern highlighted, the viewer focused and the tree opened to it.
	GoTo func(path string, line int, highlight string) tea.Cmd
	// Copy puts text on the clipboard the way y does (Model.copyText),
	// for overlays where y is typed.
	Copy func(text, label string) tea.Cmd

	// Marks is what the agent of the session chosen in the sessions pane
	// saw (nil: none chosen), for the tree's and the viewer's marks; Jump
	// shows a path in the tree and the viewer at line, reading it again
	// when reread (model/sessions_open.go).
	Marks *AgentMarks
	Jump  func(path string, line int, reread bool) tea.Cmd

	// Files is the file set find and the tree filter share (fileset.go).
	Files *FileSet

	// ChangeSettings applies a change to the settings remembered between
	// runs and returns the command that saves them (model/settings_live.go).
	ChangeSettings func(func(*Settings)) tea.Cmd
	// Split narrows (-1) or widens (1) the tree, as < and > do, for
	// overlays where they are typed (the sessions pane).
	Split func(d int) tea.Cmd
	// Blame answers who wrote each line of path (the viewer's b): a
	// BlameMsg enveloped to the viewer at generation gen, in the
	// background (model/blame_open.go). OpenCall opens the sessions pane
	// on a recorded session at one of its calls (enter on a blamed line).
	Blame    func(path string, gen int) tea.Cmd
	OpenCall func(ref CallRef) tea.Cmd
}

// SpinFrames are the loading spinner's frames.
var SpinFrames = spinner.MiniDot.Frames

// SpinFrame is the spinner's current frame.
func (c *Common) SpinFrame() string { return SpinFrames[c.SpinIdx%len(SpinFrames)] }

// ReloadMsg is broadcast to every pane when the core has forgotten its
// caches: list and read again what it shows.
type ReloadMsg struct{}
