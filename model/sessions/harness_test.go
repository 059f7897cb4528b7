package sessions

import (
	"context"
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/replay/discover"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

// The tests drive the pane through Model, a stand-in for the explorer's
// root that does for the pane what the root does: it opens it over the
// viewer's share of the width (c shows it; tab hides it; esc closes it),
// delivers its envelopes when their generation is current, tells it the
// viewer's file after every message (the file the last Jump opened), and
// keeps what it was asked to copy. The tests of what the root does with
// the pane (the tree's and the viewer's marks, the status line, the
// frames) are the root's.
type Model struct {
	Repo     *repoops.Repo
	common   *pane.Common
	sessions *Pane
	cfg      struct{ Transcript, TranscriptSession string }
	copying  struct{ text string }
	notice   string // the last pane.Notice: what the status line would say

	width, height int
	shown         bool
	viewerPath    string // the file the viewer shows: the last Jump's
	viewerVersion int    // bumped by each Jump, as the viewer's reads
	driver        *panetest.Driver
}

// newTestModel opens dir with the pane not yet made (the tests make it
// with the environment they want).
func newTestModel(t testing.TB, dir string, w, h int) *Model {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	ctx := context.Background()
	m := &Model{Repo: repo, width: w, height: h}
	m.common = &pane.Common{Ctx: ctx, Repo: repo, Session: repo.NewSession(), Look: repo.LookSession(),
		Keys: keymap.Default(), Styles: ui.NewStyles(true, true)}
	m.common.Jump = func(path string, _ int, _ bool) tea.Cmd { m.viewerPath = path; m.viewerVersion++; return nil }
	m.common.Copy = func(text, _ string) tea.Cmd { m.copying.text = text; return nil }
	return m
}

// size is the pane's share of the screen, as the root lays it out.
func (m *Model) size() (int, int) {
	_, viewW := ui.LayoutSplit(m.width, 0)
	return viewW, max(m.height-2, 1)
}

// Init follows the transcript the configuration names, as the root's does.
func (m *Model) Init() tea.Cmd {
	if m.cfg.Transcript == "" {
		return nil
	}
	m.show()
	si := discover.SessionInfo{Path: m.cfg.Transcript, ID: m.cfg.TranscriptSession}
	if si.ID != "" {
		si.Agent = transcript.AgentRepox
	}
	return m.sessions.Choose(si)
}

func (m *Model) show() {
	if m.sessions == nil {
		m.sessions = New(m.common, discover.EnvFromOS)
	}
	m.shown = true
	m.sessions.SetSize(m.size())
}

// Update is the root's routing for the pane.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	p := m.sessions
	switch msg := msg.(type) {
	case pane.Msg:
		if p != nil && msg.To == pane.Sessions && msg.Gen == p.Generation(msg.Job) {
			cmd = p.Update(msg.Msg)
		}
	case pane.NoticeMsg:
		m.notice = msg.Text
	case tea.KeyPressMsg:
		switch {
		case !m.shown && msg.String() == "c":
			cmd = m.open()
		case !m.shown:
		case msg.String() == "esc":
			if !p.Escape() { // as the root: the pane's own esc first
				m.shown = false
				cmd = p.Close()
			}
		default:
			cmd = p.Update(msg)
			if p.Done() {
				m.shown = false
				cmd = tea.Batch(cmd, p.Close())
			}
		}
	}
	if p != nil {
		cmd = tea.Batch(cmd, p.SyncViewer(m.viewerPath, m.viewerVersion))
	}
	return nil, cmd
}

// open is c: the pane shown, the list read unless a session is chosen.
func (m *Model) open() tea.Cmd {
	m.show()
	return m.sessions.Show()
}

// Render is the pane as the root draws it over the viewer.
func (m *Model) Render() string {
	w, h := m.size()
	return m.sessions.View(w, h, true)
}

// status is the part of the root's status line the pane decides.
func (m *Model) status() struct{ Agent bool } {
	return struct{ Agent bool }{m.sessions.AgentViewOn()}
}

// Shutdown is the root's, when the program ends.
func (m *Model) Shutdown() {
	if m.sessions != nil {
		m.sessions.Shutdown()
	}
}

// run executes cmd and everything it leads to, in order, on this goroutine.
func run(m *Model, cmd tea.Cmd) {
	panetest.Run(cmd, func(msg tea.Msg) tea.Cmd { _, c := m.Update(msg); return c }, nil)
}

// press sends keys and runs what they lead to.
func press(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(panetest.Key(k))
		run(m, cmd)
	}
}

// writeFiles is repotest's; the other fixtures are panetest's.
var writeFiles = repotest.WriteFiles

// drive runs cmd and what it leads to the way the program does (one
// panetest.Driver a model), until done holds.
func drive(t testing.TB, m *Model, cmd tea.Cmd, done func() bool) {
	t.Helper()
	if m.driver == nil {
		m.driver = panetest.NewDriver(t, func(msg tea.Msg) tea.Cmd { _, c := m.Update(msg); return c }, m.Shutdown)
	}
	m.driver.Drive(t, cmd, done, func() string { return fmt.Sprintf("the sessions pane: %+v", m.sessions) })
}

// settled: every call arrived has been replayed and the agent's gate for
// the viewer's file is in.
func settled(m *Model, calls int) func() bool {
	return func() bool {
		p := m.sessions
		return p != nil && p.run != nil && len(p.calls) == calls && p.next == calls && !p.stepping &&
			(p.gatePath == "" || p.gate != nil)
	}
}

// sessionsModel is the pane on the fixture (README.md changed since the
// agent read it), to follow the log at logPath.
func sessionsModel(t testing.TB, w, h int, logPath, session string) *Model {
	t.Helper()
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{"README.md": "# fixture\n\nA small repository, changed since.\n"})
	m := newTestModel(t, dir, w, h)
	t.Cleanup(m.Shutdown)
	m.sessions = New(m.common, panetest.FakeEnv(t.TempDir()))
	m.cfg.Transcript, m.cfg.TranscriptSession = logPath, session
	return m
}
