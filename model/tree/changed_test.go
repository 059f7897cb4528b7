package tree

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops/repotest"
)

func shownPaths(t *Pane) (out []string) {
	for _, n := range t.shown() {
		out = append(out, n.path)
	}
	return out
}

// TestTreeChangedOnly: C shows only the files repo_git status reports,
// each with its folders (deep ones too, never opened in the tree); enter
// opens one; a new status relists; C again is the whole tree, opened down
// to the file the cursor was on.
func TestTreeChangedOnly(t *testing.T) {
	repotest.NeedGit(t)
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{"src/util/strings.go": "package util\n// changed\n", "deep/a/b/c/new.txt": "new\n"})
	m := start(t, dir, 100, 30)
	if m.tree.git == nil {
		t.Fatal("no git marks")
	}
	press(m, "C")
	got := strings.Join(shownPaths(m.tree), " ")
	want := "deep deep/a deep/a/b deep/a/b/c deep/a/b/c/new.txt src src/util src/util/strings.go"
	if got != want {
		t.Fatalf("changed rows %q, want %q", got, want)
	}
	frame := ansi.Strip(m.Render())
	if !strings.Contains(frame, "tree  1/8  changed") || !strings.Contains(frame, "2 changed files · C: all files") {
		t.Errorf("frame:\n%s", frame)
	}
	press(m, "G", "enter")
	if m.viewerPath != "src/util/strings.go" {
		t.Fatalf("enter opened %q", m.viewerPath)
	}
	// A new status (README changed on disk) relists; the cursor stays.
	writeFiles(t, dir, map[string]string{"README.md": "changed\n"})
	run(m, m.tree.refreshGit())
	if got := shownPaths(m.tree); len(got) != 9 || got[0] != "README.md" {
		t.Fatalf("after a change: %v", got)
	}
	if n := m.tree.selected(); n == nil || n.path != "src/util/strings.go" {
		t.Fatalf("cursor moved to %+v", n)
	}
	press(m, "C")
	if m.tree.changed != nil || !m.tree.nodes["src/util"].expanded {
		t.Fatalf("C did not go back to the tree opened down to the file")
	}
	if n := m.tree.selected(); n == nil || n.path != "src/util/strings.go" {
		t.Fatalf("back in the tree on %+v", n)
	}
}

// TestTreeChangedOnlyOutsideGit: without git status there is nothing to
// show, and it says so.
func TestTreeChangedOnlyOutsideGit(t *testing.T) {
	m := start(t, repotest.PlainDir(t, map[string]string{"a.txt": "a\n"}), 100, 30)
	press(m, "C")
	if m.tree.changed != nil || !strings.Contains(m.message, "not a git repository") {
		t.Fatalf("changed %v, message %q", m.tree.changed, m.message)
	}
}
