// Package model is repox's explorer: one root Bubble Tea model that owns
// layout, focus and routing, and plain pane structs for the tree and the
// viewer. Every read, listing and tool call runs in a tea.Cmd through
// repoops; results carry a generation and stale ones are dropped, so
// Update never waits on the disk.
package model

import (
	"context"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// Config is what New needs besides the repository.
type Config struct {
	Name    string // shown for the root; defaults to the folder's name
	File    string // repo-relative file to open at start
	Line    int    // line to put the cursor on in File
	NoColor bool   // NO_COLOR: draw without colour
	Editor  string // command for `o`; from $VISUAL or $EDITOR
}

// Model is the explorer's root model.
type Model struct {
	ctx     context.Context
	repo    *repoops.Repo
	session *repoops.Session
	cfg     Config
	name    string
	branch  string

	keys   keymap.KeyMap
	styles *ui.Styles

	width, height int
	focus         paneID
	tree          treePane
	viewer        viewerPane
	help          bool
	helpTop       int
	pendingG      bool // the first g of "g g"

	message string
	msgGen  int

	spinning bool
	spinIdx  int

	// tick schedules timers (spinner, message expiry); tests swap it so
	// that running a command never sleeps.
	tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
}

// New builds the explorer on an open repository. It does no I/O beyond
// reading the branch name from .git/HEAD.
func New(ctx context.Context, repo *repoops.Repo, cfg Config) *Model {
	name := cfg.Name
	if name == "" {
		name = repo.Name()
	}
	m := &Model{
		ctx:     ctx,
		repo:    repo,
		session: repo.NewSession(),
		cfg:     cfg,
		name:    name,
		branch:  repo.Branch(),
		keys:    keymap.Default(),
		styles:  ui.NewStyles(true, cfg.NoColor),
		tree:    newTreePane(name),
		viewer:  viewerPane{total: -1},
		tick:    tea.Tick,
	}
	if cfg.File != "" {
		// Opened on a file: read it first, and show where it sits in the tree.
		m.focus = paneViewer
		m.tree.reveal = cfg.File
	}
	return m
}

// Session is the TUI's session: its reads are what the gate decides on.
func (m *Model) Session() *repoops.Session { return m.session }

// Init asks for the background colour and the root listing, and computes
// the agent's horizon; nothing blocks the first frame.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{
		tea.RequestBackgroundColor,
		loadDir(m.ctx, m.repo, m.tree.gen, ""),
		computeHorizon(m.ctx, m.session, m.tree.gen),
		m.startSpinner(),
	}
	if m.cfg.File != "" {
		cmds = append(cmds, m.openFile(m.cfg.File, m.cfg.Line))
	}
	return tea.Batch(cmds...)
}

// spinMsg advances the loading spinner.
type spinMsg struct{}

var spinFrames = spinner.MiniDot.Frames

// startSpinner starts the spinner's ticks unless they are running; they
// stop by themselves once nothing is loading.
func (m *Model) startSpinner() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.tick(100*time.Millisecond, func(time.Time) tea.Msg { return spinMsg{} })
}

func (m *Model) onSpin() tea.Cmd {
	m.spinIdx = (m.spinIdx + 1) % len(spinFrames)
	m.spinning = false
	if m.loading() {
		return m.startSpinner()
	}
	return nil
}

func (m *Model) loading() bool {
	return m.tree.anyLoading() || m.viewer.req != nil || m.tree.agent.loading || m.viewer.agent.loading
}

func (m *Model) spinFrame() string { return spinFrames[m.spinIdx%len(spinFrames)] }

// clearMsg ends a status message's life.
type clearMsg struct{ gen int }

// flash shows a short message in the status line for a few seconds.
func (m *Model) flash(s string) tea.Cmd {
	m.message = s
	m.msgGen++
	gen := m.msgGen
	return m.tick(4*time.Second, func(time.Time) tea.Msg { return clearMsg{gen: gen} })
}
