package model

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

// writeFiles is repotest's; the other fixtures are panetest's.
var writeFiles = repotest.WriteFiles

// run executes cmd and everything it leads to, feeding each message to
// Update, the way the program would but in order and on this goroutine.
func run(m *Model, cmd tea.Cmd) { runHeld(m, cmd, nil) }

// runHeld is run, except that the messages hold says to keep back are
// returned instead of delivered.
func runHeld(m *Model, cmd tea.Cmd, hold func(tea.Msg) bool) []tea.Msg {
	return panetest.Run(cmd, func(msg tea.Msg) tea.Cmd { _, c := m.Update(msg); return c }, hold)
}

// numbered is n lines "line 1" … "line n".
func numbered(n int) string { return repotest.Numbered(n, "line") }

// newTestModel opens dir and builds a model with timers switched off, at
// the given size.
func newTestModel(t testing.TB, dir string, w, h int) *Model {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	m := New(context.Background(), repo, Config{Name: "fixture"})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// start runs Init to completion.
func start(t testing.TB, dir string, w, h int) *Model {
	m := newTestModel(t, dir, w, h)
	run(m, m.Init())
	return m
}

// press sends keys (as the terminal would: one KeyPressMsg per key) and
// runs what they lead to.
func press(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(panetest.Key(k))
		run(m, cmd)
	}
}

// selectPath moves the tree cursor to the row for path.
func selectPath(t testing.TB, m *Model, path string) {
	t.Helper()
	if !m.tree.Select(path) {
		t.Fatalf("no row %q in the tree", path)
	}
}

// treeHeight is the tree's rows, title included, as laid out.
func (m *Model) treeHeight() int {
	_, h := m.tree.Size()
	return h
}

// viewerHeight is the viewer's rows, title included, as laid out.
func (m *Model) viewerHeight() int {
	_, h := m.viewer.Size()
	return h
}

// viewerOn starts the fixture (plus files) with path open and the viewer focused.
func viewerOn(t *testing.T, files map[string]string, path string, w, h int) *Model {
	t.Helper()
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, files)
	m := start(t, dir, w, h)
	run(m, m.openFile(path, 1))
	m.focus = paneViewer
	return m
}
