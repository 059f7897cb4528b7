package tree

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/panetest"
)

func rowPaths(m *Model) []string {
	var out []string
	for _, n := range m.tree.rows {
		out = append(out, n.path)
	}
	return out
}

func TestStartListsRootOnly(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	got := strings.Join(rowPaths(m), ",")
	want := ",.gitignore,README.md,data.bin,deep,docs,empty,src"
	if got != want {
		t.Fatalf("rows = %q, want %q", got, want)
	}
	if m.tree.root.ignored != 2 {
		t.Errorf("root ignored = %d, want 2 (app.log, vendor/)", m.tree.root.ignored)
	}
	// Nothing below the root was listed.
	if n := m.tree.nodes["src"]; n.loaded || n.loading {
		t.Errorf("src was listed before anyone expanded it")
	}
}

func TestExpandLoadsInACommand(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	selectPath(t, m, "src")
	_, cmd := m.Update(panetest.Key("l"))
	n := m.tree.nodes["src"]
	if !n.loading || !n.expanded || n.loaded {
		t.Fatalf("after l: loading=%v expanded=%v loaded=%v; want a pending load", n.loading, n.expanded, n.loaded)
	}
	if !strings.Contains(m.Render(), m.common.SpinFrame()) {
		t.Errorf("no spinner on the loading row")
	}
	run(m, cmd)
	if !n.loaded || n.loading {
		t.Fatalf("load did not land")
	}
	if got := strings.Join(rowPaths(m), ","); !strings.Contains(got, "src,src/main.go,src/util") {
		t.Errorf("rows = %s", got)
	}
	press(m, "h")
	if n.expanded {
		t.Errorf("h did not collapse src")
	}
	press(m, "h")
	if m.tree.selected() != m.tree.root {
		t.Errorf("h on a closed folder should go to the parent")
	}
}

func TestStaleLoadDropped(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	selectPath(t, m, "src")
	_, cmd := m.Update(panetest.Key("l"))
	msg := cmd() // the listing, produced before a reload
	if b, ok := msg.(tea.BatchMsg); ok {
		msg = b[0]()
	}
	m.tree.gen++ // a reload happened meanwhile
	m.Update(msg)
	if m.tree.nodes["src"].loaded {
		t.Fatalf("a listing from an older generation was installed")
	}
}

func TestHorizonMarksDeepRows(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	for _, p := range []string{"deep", "deep/a", "deep/a/b", "deep/a/b/c"} {
		selectPath(t, m, p)
		press(m, "l")
	}
	for path, want := range map[string][2]bool{
		"deep":                {false, false},
		"deep/a/b":            {false, true}, // listed at depth 3, contents not listed
		"deep/a/b/c":          {true, false},
		"deep/a/b/c/leaf.txt": {true, false},
	} {
		b, e := m.tree.horizon.mark(path)
		if [2]bool{b, e} != want {
			t.Errorf("%s: beyond=%v edge=%v, want %v", path, b, e, want)
		}
	}
}
