package tree

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/model/panetest"
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
