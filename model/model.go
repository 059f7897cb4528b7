// Package model is repox's explorer: one root Bubble Tea model that owns
// layout, the focus ring, the overlay stack and routing, and panes that
// follow one contract (model/pane), each a package of its own: the tree,
// the viewer, find, search, the edit preview, the console, the sessions
// pane, the help. Every read, listing and tool call runs in a tea.Cmd
// through repoops; results come back in one envelope with a generation and
// stale ones are dropped in one place, so Update never waits on the disk.
package model

import (
	"context"
	"time"

	"github.com/repoxhq/repox/model/find"
	"github.com/repoxhq/repox/model/grep"
	"github.com/repoxhq/repox/model/preview"
	"github.com/repoxhq/repox/model/sessions"
	"github.com/repoxhq/repox/model/tree"
	"github.com/repoxhq/repox/model/viewer"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/console"
	"github.com/repoxhq/repox/model/tour"
	"github.com/repoxhq/repox/replay/discover"
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
	// Settings remembered between runs (settings.go); Run loads them.
	// SettingsPath is where a change is saved ("": nowhere, as in tests
	// that do not ask for it).
	Settings     Settings
	SettingsPath string
	// Watch follows the disk (the open file, the open folders): on in the
	// program, off in tests that drive Update by hand.
	Watch bool

	// Transcript opens the sessions pane following that agent transcript
	// (repox replay FILE); TranscriptSession keeps one session of a repox
	// call log.
	Transcript, TranscriptSession string

	// Tour runs `repox demo`'s tour over the demo repository (tour.go).
	Tour *tour.Setup

	// Keys are the key bindings in effect (config.toml's [keys]; nil: the
	// built-in ones); Theme the colours it sets by role, and Background
	// "dark" or "light" to use that palette whatever the terminal says
	// ("" or "auto": ask it).
	Keys       *keymap.KeyMap
	Theme      ui.Theme
	Background string
}

// Model is the explorer's root model: it owns layout, the focus ring, the
// overlay stack and routing; the panes own their state (model/pane).
type Model struct {
	*common
	cfg    Config
	name   string
	branch string

	width, height int
	focus         paneID // the focused pane: one of ring's
	ring          focusRing
	// held are the panes the root keeps beside the overlays (the tree, the
	// viewer, the sessions pane once made); pane(id) finds them here.
	held []pane
	// globals is the table of the global bindings (globals.go).
	globals     []globalKey
	tree        *tree.Pane
	viewer      *viewer.Pane
	seq         sequence       // the first key of a sequence ("g g")
	jumps       jumpList       // where the viewer was before each jump (jumps.go)
	writes      preview.Writes // the writes this explorer made, for u and U (preview_open.go)
	lastPreview *preview.Pane  // the last edit preview, whose typing e brings back
	sessions    *sessions.Pane // the sessions pane, once opened (shown or hidden)

	// find and search keep their query and results between openings.
	find   *find.Pane
	search *grep.Pane

	message string
	msgGen  int

	agentNoWrap bool // the person turned the agent views' wrapping off (w)
	agentSeq    int  // debounce of the tree agent view following the cursor

	// typed holds letters typed where no input is open (unbound.go).
	typed       string
	typedWhere  string
	typedGen    int
	saidNothing map[string]bool // pane+key already told "does nothing"

	spinning bool

	saver    settingsSaver // writes changed settings off the loop (settings_live.go)
	dragging bool          // the separator is being dragged (split_drag.go)

	copying copyState     // a copy waiting for the terminal's read-back (copy.go)
	console *console.Pane // the tool console, kept between openings (console.go)

	tours tourState // repox demo's tour (tour.go)

	watch    *diskWatcher // nil until started (or when not following the disk)
	followed following    // what the watcher was last told

	// blameCancel ends the viewer's blame in flight (blame_open.go);
	// envFn, when set (tests), is where the agents keep their sessions
	blameCancel context.CancelFunc
	envFn       func() discover.Env

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
	c := &common{
		Ctx:     ctx,
		Repo:    repo,
		Session: repo.NewSession(),
		Look:    repo.LookSession(),
		Keys:    keymap.Default(),
		Styles:  ui.NewThemedStyles(cfg.Background != "light", cfg.NoColor, cfg.Theme),
	}
	if cfg.Keys != nil {
		c.Keys = *cfg.Keys
	}
	m := &Model{
		common: c,
		cfg:    cfg,
		name:   name,
		branch: repo.Branch(),
		tick:   tea.Tick,
	}
	c.Files = NewFileSet(ctx, repo)
	m.tree = tree.New(c, name, tree.Options{
		After:        func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd { return m.tick(d, f) },
		Setting:      m.changeSettings,
		FoldersFirst: cfg.Settings.FoldersFirst,
		NoPreview:    cfg.Settings.NoPreview,
	})
	m.viewer = viewer.New(c, cfg.Settings.Wrap)
	m.saver = settingsSaver{path: cfg.SettingsPath, latest: cfg.Settings}
	m.hold(m.tree)
	m.hold(m.viewer)
	m.ring.add(paneTree)
	m.ring.add(paneViewer)
	m.globals = m.globalKeys()
	c.Open = m.showFile
	c.GoTo = m.goTo
	c.Copy = m.copyText
	c.Jump = m.jumpTo
	c.Split = m.stepSplit
	c.Blame = m.blameFile
	c.OpenCall = m.openCall
	c.ChangeSettings = m.changeSettings
	if cfg.File != "" {
		// Opened on a file: read it first, and show where it sits in the tree.
		m.focus = paneViewer
		m.tree.RevealPath(cfg.File) // as the root's listing lands
	}
	return m
}

// Init asks for the background colour and the root listing; the agent's
// horizon and the git marks follow the root's rows; nothing blocks the
// first frame.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{
		tea.RequestBackgroundColor,
		m.tree.Start(),
		m.startSpinner(),
	}
	if m.cfg.File != "" {
		cmds = append(cmds, m.openFile(m.cfg.File, m.cfg.Line))
	}
	if m.cfg.Watch {
		cmds = append(cmds, startWatch(m.Repo.Dir()))
	}
	if m.cfg.Transcript != "" {
		cmds = append(cmds, m.openTranscript(m.cfg.Transcript, m.cfg.TranscriptSession))
	}
	return tea.Batch(append(cmds, m.startTour())...)
}

// spinMsg advances the loading spinner.
type spinMsg struct{}

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
	m.SpinIdx = (m.SpinIdx + 1) % len(spinFrames)
	m.spinning = false
	if m.loading() {
		return m.startSpinner()
	}
	return nil
}

func (m *Model) loading() bool {
	ps := m.panes()
	for _, o := range m.Overlays.Items {
		ps = append(ps, o)
	}
	for _, p := range ps {
		if p.Loading() {
			return true
		}
		if a := p.Agent(); a != nil && a.Loading {
			return true
		}
	}
	return false
}

// clearMsg ends a status message's life.
type clearMsg struct{ gen int }

// flash shows a short message in the status line for a few seconds.
func (m *Model) flash(s string) tea.Cmd {
	m.message = s
	m.msgGen++
	gen := m.msgGen
	return m.tick(4*time.Second, func(time.Time) tea.Msg { return clearMsg{gen: gen} })
}
