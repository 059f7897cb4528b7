package viewer

import (
	"context"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

// writeFiles is repotest's; the other fixtures are panetest's.
var writeFiles = repotest.WriteFiles

// run executes cmd and everything it leads to, in order, on this goroutine.
func run(m *Model, cmd tea.Cmd) { runHeld(m, cmd, nil) }

// runHeld is run, except that the messages hold says to keep back are
// returned instead of delivered.
func runHeld(m *Model, cmd tea.Cmd, hold func(tea.Msg) bool) []tea.Msg {
	return panetest.Run(cmd, func(msg tea.Msg) tea.Cmd { _, c := m.Update(msg); return c }, hold)
}

// The tests drive the viewer through Model, a stand-in for the explorer's
// root that does for the viewer what the root does when it has focus: it
// gives it the right share of the screen, hands keys to the top overlay
// (the search prompt; esc pops it unless it takes esc itself) or else to
// the viewer (the first g of g g held, a count dropped before a global
// key), clicks right of the tree's share in the viewer's coordinates,
// envelopes when their generation is current, and keeps its notices. It
// is a tea.Model, so a flow can run it as a program. The tests of the
// viewer beside the tree, the overlays and the status line are the root's.
type Model struct {
	Repo   *repoops.Repo
	Look   *repoops.Session
	common *pane.Common
	viewer *Pane

	width, height int
	seq           pane.Sequence
	message       string // the last notice
	settings      pane.Settings
	opened        string // the file the model opens on Init
}

// numbered is n lines "line 1" … "line n".
func numbered(n int) string { return repotest.Numbered(n, "line") }

// newTestModel opens dir with the viewer at the right share of a w×h
// screen, no file open.
func newTestModel(t testing.TB, dir string, w, h int) *Model {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	ctx := context.Background()
	c := &pane.Common{Ctx: ctx, Repo: repo, Session: repo.NewSession(), Look: repo.LookSession(),
		Keys: keymap.Default(), Styles: ui.NewStyles(true, true)}
	m := &Model{Repo: repo, Look: c.Look, common: c, viewer: New(c, false)}
	c.ChangeSettings = func(f func(*pane.Settings)) tea.Cmd { f(&m.settings); return nil }
	m.resize(w, h)
	return m
}

func (m *Model) resize(w, h int) {
	m.width, m.height = w, h
	_, viewW := ui.LayoutSplit(w, 0)
	m.viewer.SetSize(viewW, max(h-2, 1))
}

// treeWidth is the tree's share of the width, left of the viewer.
func (m *Model) treeWidth() int {
	treeW, _ := ui.LayoutSplit(m.width, 0)
	return treeW
}

// viewerOn is the fixture (plus files) with path open in the viewer.
func viewerOn(t *testing.T, files map[string]string, path string, w, h int) *Model {
	t.Helper()
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, files)
	m := newTestModel(t, dir, w, h)
	run(m, m.openFile(path, 1))
	return m
}

// openFile is the root's: the file at line, and whether a listing tool
// shows it.
func (m *Model) openFile(path string, line int) tea.Cmd {
	return tea.Batch(m.viewer.Open(path, line), m.viewer.CheckHidden())
}

// Init opens the file the model was made for (a flow's start).
func (m *Model) Init() tea.Cmd {
	if m.opened == "" {
		return nil
	}
	return m.openFile(m.opened, 1)
}

// Update is the root's routing for the viewer.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	c := m.common
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		return m, m.viewer.EnsureLoaded()
	case pane.Msg:
		if msg.To == pane.Viewer {
			if msg.Gen == m.viewer.Generation(msg.Job) {
				return m, m.viewer.Update(msg.Msg)
			}
		} else if o := c.Overlays.Find(msg.To); o != nil && msg.Gen == o.Generation(msg.Job) {
			return m, o.Update(msg.Msg)
		}
	case pane.NoticeMsg:
		m.message = msg.Text
	case tea.MouseClickMsg:
		if msg.X > m.treeWidth() && msg.Y < m.height-2 {
			msg.X -= m.treeWidth() + 1
			return m, m.viewer.Update(msg)
		}
	case tea.KeyPressMsg:
		return m, m.key(msg)
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	c := m.common
	if o := c.Overlays.Top(); o != nil {
		if key.Matches(msg, c.Keys.Overlay.Close) {
			if e, ok := o.(interface{ Escape() bool }); ok && e.Escape() {
				return nil
			}
			return c.Overlays.Pop()
		}
		cmd := o.Update(msg)
		if o.Done() && c.Overlays.Top() == o {
			cmd = tea.Batch(cmd, c.Overlays.Pop())
		}
		return cmd
	}
	if m.viewer.PrefixPending() {
		return m.viewer.Update(msg) // the second key of zz, zh, …
	}
	g := c.Keys.Global
	if key.Matches(msg, g.Bindings()...) {
		m.viewer.ClearPending()
		if key.Matches(msg, g.Quit) {
			m.viewer.CancelRead()
			return tea.Quit
		}
		return nil
	}
	out, wait, _ := m.seq.Key(msg, c.Keys.Viewer.Top)
	if wait {
		return nil
	}
	return m.viewer.Update(out)
}

// View is the viewer's share of the screen, for a program.
func (m *Model) View() tea.View { return tea.NewView(m.Render()) }

// Render is the viewer as the root draws it, and the hint line's pending
// count or z.
func (m *Model) Render() string {
	w, h := m.viewer.Size()
	out := m.ViewerView(w, h)
	if p := m.viewer.Pending(); p != "" {
		out += "\n" + p + "… " + m.viewer.PendingHint()
	}
	return out
}

// ViewerView is the viewer drawn, focused.
func (m *Model) ViewerView(w, h int) string { return m.viewer.View(w, h, true) }

// press sends keys and runs what they lead to.
func press(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(panetest.Key(k))
		run(m, cmd)
	}
}
