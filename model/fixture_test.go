package model

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

// The fixture builders are repotest's; these are the names the tests call.
var writeFiles = repotest.WriteFiles

// numbered is n lines "line 1" … "line n".
func numbered(n int) string { return repotest.Numbered(n, "line") }

// fixtureRepo builds the standard fixture: a git repository (when git is
// installed) with folders, an ignored folder and file, an empty folder, a
// file deeper than repo_tree's default depth, a 1,400-line file and a
// binary file. Names are fixed so goldens hold no temporary paths.
func fixtureRepo(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "fixture")
	files := map[string]string{
		".gitignore":          "*.log\nvendor/\n",
		"README.md":           "# fixture\n\nA small repository for repox tests.\n",
		"app.log":             "ignored\n",
		"vendor/dep/dep.go":   "package dep\n",
		"src/main.go":         "package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, needle\")\n}\n",
		"src/util/strings.go": "package util\n\n// Needle is found by search.\nconst Needle = \"needle\"\n",
		"docs/long.txt":       numbered(1400),
		"deep/a/b/c/leaf.txt": "far down\n",
		"data.bin":            "\x00\x01\x02binary",
	}
	if repotest.HaveGit() {
		repotest.GitRepoAt(t, dir, files)
	} else {
		repotest.WriteFiles(t, dir, files)
	}
	if err := os.MkdirAll(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

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

// run executes cmd and everything it leads to, feeding each message to
// Update, the way the program would but in order and on this goroutine.
func run(m *Model, cmd tea.Cmd) { runHeld(m, cmd, nil) }

// runHeld is run, except that the messages hold says to keep back are
// returned instead of delivered.
func runHeld(m *Model, cmd tea.Cmd, hold func(tea.Msg) bool) []tea.Msg {
	var held []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if batch, ok := msg.(tea.BatchMsg); ok {
			queue = append(queue, batch...)
			continue
		}
		if msg == nil {
			continue
		}
		if hold != nil && hold(msg) {
			held = append(held, msg)
			continue
		}
		_, next := m.Update(msg)
		queue = append(queue, next)
	}
	return held
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
		_, cmd := m.Update(keyMsg(k))
		run(m, cmd)
	}
}

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "ctrl+d":
		return tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl}
	case "ctrl+u":
		return tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)
	return tea.KeyPressMsg{Code: r[0], Text: k}
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
	dir := fixtureRepo(t)
	writeFiles(t, dir, files)
	m := start(t, dir, w, h)
	run(m, m.openFile(path, 1))
	m.focus = paneViewer
	return m
}
