package tree

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
)

// startKinds counts, among the tree's envelopes in msgs, the root listing,
// the horizon and the git marks.
func startKinds(msgs []tea.Msg) (root, horizon, marks int) {
	for _, msg := range msgs {
		env, ok := msg.(pane.Msg)
		if !ok || env.To != pane.Tree {
			continue
		}
		switch in := env.Msg.(type) {
		case dirLoadedMsg:
			if in.path == "" {
				root++
			}
		case horizonMsg:
			horizon++
		case gitMarksMsg:
			marks++
		}
	}
	return
}

// The root's rows are what a person waits for at start: the horizon's
// repo_tree and the git marks' repo_git status (a whole-tree walk) are
// asked for only once the root listing has landed, so they do not compete
// with it for the cores; until they answer the tree is not settled.
func TestRootRowsAreListedBeforeTheHorizonAndGitMarks(t *testing.T) {
	for _, how := range []string{"start", "reload"} {
		t.Run(how, func(t *testing.T) {
			m := newTestModel(t, panetest.FixtureRepo(t), 80, 24)
			cmd := m.Init()
			if how == "reload" {
				run(m, cmd)
				cmd = m.tree.reload()
			}
			first := drain(cmd)
			if how == "start" {
				// the early root listing (TestRootRowsDoNotWaitForTheIndex)
				// lands first and asks for the exact one
				if root, horizon, marks := startKinds(first); root != 1 || horizon != 0 || marks != 0 {
					t.Fatalf("early wave: root listings %d, horizons %d, git marks %d; want 1, 0, 0", root, horizon, marks)
				}
				var next []tea.Msg
				for _, msg := range first {
					_, c := m.Update(msg)
					next = append(next, drain(c)...)
				}
				first = next
			}
			if root, horizon, marks := startKinds(first); root != 1 || horizon != 0 || marks != 0 {
				t.Fatalf("first wave: root listings %d, horizons %d, git marks %d; want 1, 0, 0", root, horizon, marks)
			}
			if m.tree.settled() {
				t.Fatal("the tree says it is settled before the horizon and the git marks were asked for")
			}
			var second []tea.Msg
			for _, msg := range first {
				_, c := m.Update(msg)
				second = append(second, drain(c)...)
			}
			if len(m.tree.rows) < 2 {
				t.Fatalf("the root's rows are not installed: %d rows", len(m.tree.rows))
			}
			if root, horizon, marks := startKinds(second); root != 0 || horizon != 1 || marks != 1 {
				t.Fatalf("after the root landed: root listings %d, horizons %d, git marks %d; want 0, 1, 1", root, horizon, marks)
			}
			if m.tree.settled() {
				t.Fatal("settled before the horizon and the git marks answered")
			}
			for _, msg := range second {
				m.Update(msg)
			}
			if !m.tree.settled() || m.tree.horizon == nil {
				t.Fatalf("not settled after every answer (horizon %v)", m.tree.horizon != nil)
			}
		})
	}
}

// The root's rows must not wait for the whole-repository pass (the index
// read, ~0.3 s at a million files): Start lists the root folder alone and
// shows those rows, the root still loading, while the exact listing runs.
// The seam stands for that pass: it is the exact listing, and records being
// run before the root's rows were on screen. The early rows leave out what
// only the index decides (an ignored-but-tracked file, an ignored one) and
// the exact listing brings them.
func TestRootRowsDoNotWaitForTheIndex(t *testing.T) {
	repotest.NeedGit(t)
	dir := repotest.GitRepo(t, map[string]string{".gitignore": "*.log\n", "a.txt": "a\n", "src/main.go": "package main\n"})
	repotest.WriteFiles(t, dir, map[string]string{"kept.log": "tracked\n", "junk.log": "ignored\n"})
	repotest.Git(t, dir, "add", "-f", "kept.log")
	m := newTestModel(t, dir, 80, 24)
	rowsOnScreen, passRan := false, 0
	m.tree.list = func(path string) (*repoops.DirListing, error) {
		if path == "" {
			passRan++
			if !rowsOnScreen {
				t.Error("the root's rows waited for the exact listing (the whole-repository pass)")
			}
		}
		return m.Repo.ListDir(path)
	}
	first := drain(m.Init())
	var next []tea.Cmd // not run yet: the exact listing is among them
	for _, msg := range first {
		_, c := m.Update(msg)
		next = append(next, c)
	}
	view := m.tree.View(80, 24, true)
	if !strings.Contains(view, "a.txt") || !strings.Contains(view, "src/") {
		t.Fatalf("no root rows before the whole-repository pass:\n%s", view)
	}
	if strings.Contains(view, "kept.log") || !strings.Contains(view, "loading…") || m.tree.settled() {
		t.Fatalf("the early rows claim to be the whole listing (settled %v):\n%s", m.tree.settled(), view)
	}
	rowsOnScreen = true
	for _, c := range next {
		run(m, c)
	}
	view = m.tree.View(80, 24, true)
	if passRan != 1 || !strings.Contains(view, "kept.log") || strings.Contains(view, "loading…") || !m.tree.settled() {
		t.Fatalf("after the exact listing (pass ran %d times, settled %v):\n%s", passRan, m.tree.settled(), view)
	}
}

// A person may move through the early rows before the exact listing
// lands: the cursor stays on the entry it is on, though the exact listing
// brings a row (a tracked file an ignore rule matches) above it.
func TestCursorStaysOnItsEntryWhenTheExactListingLands(t *testing.T) {
	repotest.NeedGit(t)
	dir := repotest.GitRepo(t, map[string]string{".gitignore": "*.log\n", "a.txt": "a\n", "b.txt": "b\n"})
	repotest.WriteFiles(t, dir, map[string]string{"0kept.log": "tracked\n"})
	repotest.Git(t, dir, "add", "-f", "0kept.log")
	m := newTestModel(t, dir, 80, 24)
	var next []tea.Cmd
	for _, msg := range drain(m.Init()) {
		_, c := m.Update(msg)
		next = append(next, c)
	}
	for range len(m.tree.rows) {
		if s := m.tree.selected(); s != nil && s.path == "b.txt" {
			break
		}
		m.Update(panetest.Key("down"))
	}
	if s := m.tree.selected(); s == nil || s.path != "b.txt" {
		t.Fatalf("could not reach b.txt among the early rows:\n%s", m.tree.View(80, 24, true))
	}
	before := m.tree.cursor
	for _, c := range next {
		run(m, c)
	}
	view := m.tree.View(80, 24, true)
	if !strings.Contains(view, "0kept.log") || !m.tree.settled() {
		t.Fatalf("the exact listing did not land:\n%s", view)
	}
	if s := m.tree.selected(); s == nil || s.path != "b.txt" {
		t.Errorf("the cursor moved to %v when the exact listing landed (row %d, was %d):\n%s", s, m.tree.cursor, before, view)
	}
	if m.tree.cursor != before+1 {
		t.Errorf("cursor row %d; want %d, one below where it was, under the new row", m.tree.cursor, before+1)
	}
}
