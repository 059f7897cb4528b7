package tree

import (
	"context"
	"testing"
	"time"

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
func run(m *Model, cmd tea.Cmd) {
	panetest.Run(cmd, func(msg tea.Msg) tea.Cmd { _, c := m.Update(msg); return c }, nil)
}

// The tests drive the tree through Model, a stand-in for the explorer's
// root that does for the tree what the root does: it gives it the left
// share of the screen, hands keys to the top overlay (the filter prompt;
// esc pops it) or else to the tree, delivers envelopes when their
// generation is current (the file set's batches to the set, then the
// filter syncs), and keeps what the tree asked of the others: the files
// it opened in the viewer, its status-line notices, its settings. The
// tests of the tree beside the viewer and the status line are the root's.
type Model struct {
	Repo   *repoops.Repo
	Look   *repoops.Session
	common *pane.Common
	tree   *Pane

	width, height int
	opened        []string // the Open calls: path
	viewerPath    string   // the file the viewer shows: the last Open's
	message       string   // the last notice
	settings      pane.Settings
	// tick schedules the tree's timers; nil: timers are off.
	tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
}

// newTestModel opens dir and builds the tree at the root's left share of
// a w×h screen, nothing listed yet.
func newTestModel(t testing.TB, dir string, w, h int) *Model {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	ctx := context.Background()
	m := &Model{Repo: repo, width: w, height: h}
	c := &pane.Common{Ctx: ctx, Repo: repo, Session: repo.NewSession(), Look: repo.LookSession(),
		Keys: keymap.Default(), Styles: ui.NewStyles(true, true), Files: pane.NewFileSet(ctx, repo)}
	c.Open = func(path string, _ int) tea.Cmd {
		m.opened = append(m.opened, path)
		m.viewerPath = path
		return nil
	}
	m.common, m.Look = c, c.Look
	m.tree = New(c, "fixture", Options{
		After: func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
			if m.tick == nil {
				return nil
			}
			return m.tick(d, f)
		},
		Setting: func(f func(*pane.Settings)) tea.Cmd { f(&m.settings); return nil },
	})
	treeW, _ := ui.LayoutSplit(w, 0)
	m.tree.SetSize(treeW, max(h-2, 1))
	return m
}

// start lists the root and runs what that leads to.
func start(t testing.TB, dir string, w, h int) *Model {
	m := newTestModel(t, dir, w, h)
	run(m, m.tree.Start())
	return m
}

// Update is the root's routing for the tree.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	c := m.common
	switch msg := msg.(type) {
	case pane.Msg:
		switch {
		case msg.To == pane.Files:
			fm, ok := msg.Msg.(pane.FeedMsg)
			if !ok || msg.Gen != c.Files.Gen {
				return nil, nil
			}
			return nil, tea.Batch(c.Files.OnBatch(fm.Batch, fm.Feed), m.tree.SyncFilter())
		case msg.To == pane.Tree:
			if msg.Gen == m.tree.Generation(msg.Job) {
				return nil, m.tree.Update(msg.Msg)
			}
		default:
			if o := c.Overlays.Find(msg.To); o != nil && msg.Gen == o.Generation(msg.Job) {
				return nil, o.Update(msg.Msg)
			}
		}
	case tea.KeyPressMsg:
		if o := c.Overlays.Top(); o != nil {
			if msg.String() == "esc" {
				return nil, c.Overlays.Pop()
			}
			cmd := o.Update(msg)
			if o.Done() && c.Overlays.Top() == o {
				cmd = tea.Batch(cmd, c.Overlays.Pop())
			}
			return nil, cmd
		}
		return nil, m.tree.Update(msg)
	case pane.NoticeMsg:
		m.message = msg.Text
	}
	return nil, nil
}

// TreeView is the tree as the root draws it, focused.
func (m *Model) TreeView(w, h int) string { return m.tree.View(w, h, true) }

// status is the tree's part of the status line.
func (m *Model) status() pane.Status { return m.tree.Status() }

// press sends keys and runs what they lead to.
func press(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(panetest.Key(k))
		run(m, cmd)
	}
}

// selectPath moves the cursor to the row for path.
func selectPath(t testing.TB, m *Model, path string) {
	t.Helper()
	if !m.tree.Select(path) {
		t.Fatalf("no row %q in the tree", path)
	}
}

// Render is the tree's share of the frame.
func (m *Model) Render() string {
	w, h := m.tree.Size()
	return m.TreeView(w, h)
}

// typeText types s into the open prompt, one key per rune.
func typeText(m *Model, s string) {
	for _, r := range s {
		press(m, string(r))
	}
}

// Init is the root's start, for the tree: its root listing.
func (m *Model) Init() tea.Cmd { return m.tree.Start() }

// drain runs cmd and the commands it batches, and returns their messages
// undelivered.
func drain(cmd tea.Cmd) []tea.Msg {
	var out []tea.Msg
	for queue := []tea.Cmd{cmd}; len(queue) > 0; {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case nil:
		default:
			out = append(out, msg)
		}
	}
	return out
}
