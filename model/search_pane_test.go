package model

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/grep"
	"github.com/repoxhq/repox/model/panetest"
)

// The search pane's own tests are model/grep's; these need the explorer.

func searchOf(t *testing.T, m *Model) *grep.Pane {
	t.Helper()
	p, ok := m.Overlays.Top().(*grep.Pane)
	if !ok {
		t.Fatalf("top overlay is %T, want search", m.Overlays.Top())
	}
	return p
}

// TestSearchOpensAtLine: enter on a matching line opens the file there
// with the pattern marked, the viewer focused and the tree revealed.
func TestSearchOpensAtLine(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 100, 30)
	press(m, "s")
	p := searchOf(t, m)
	typeText(m, "needle")
	press(m, "enter")
	pressMsg(m, tea.KeyPressMsg{Code: 'c', Mod: tea.ModAlt})
	press(m, "enter")
	// Down to a line of src/util/strings.go: the status says path:line.
	const file = "src/util/strings.go:"
	for i := 0; i < 10 && !strings.HasPrefix(p.Status().Path, file); i++ {
		press(m, "down")
	}
	line, err := strconv.Atoi(strings.TrimPrefix(p.Status().Path, file))
	if err != nil {
		t.Fatalf("no line of %s chosen: status %q", file, p.Status().Path)
	}
	press(m, "enter")
	if m.Overlays.Top() != nil || m.viewer.Path() != "src/util/strings.go" || m.viewer.Cursor() != line || m.focus != paneViewer {
		t.Fatalf("open: overlay %v viewer %q:%d focus %v", m.Overlays.Top(), m.viewer.Path(), m.viewer.Cursor(), m.focus)
	}
	if q, at := m.viewer.Search(); q != "needle" || at != line {
		t.Errorf("match not highlighted: %q at line %d", q, at)
	}
	if path, _, _ := m.tree.Selected(); path != "src/util/strings.go" {
		t.Errorf("tree not revealed")
	}
}

// TestSearchEscCancelsFirst: esc while a search runs cancels it and keeps
// the overlay open; esc when idle closes it.
func TestSearchEscCancelsFirst(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 100, 30)
	press(m, "s")
	p := searchOf(t, m)
	typeText(m, "needle")
	m.Update(panetest.Key("enter"))
	if !p.Loading() {
		t.Fatal("enter did not start a search")
	}
	press(m, "esc")
	if p.Loading() || m.Overlays.Top() != p {
		t.Fatalf("esc: running %v, top %T", p.Loading(), m.Overlays.Top())
	}
	press(m, "esc")
	if m.Overlays.Top() != nil {
		t.Errorf("esc when idle does not close")
	}
}

// TestFindSearchCopy: ctrl+y copies the row (a path; path:line), alt+y the
// call and its exact model text, through the explorer's one copy path.
func TestFindSearchCopy(t *testing.T) {
	t.Setenv("TERM", "xterm-256color")
	m := start(t, panetest.FixtureRepo(t), 100, 30)
	press(m, "f")
	typeText(m, "strgo")
	m.Update(tea.KeyPressMsg{Code: 'y', Mod: tea.ModCtrl})
	if m.copying.text != "src/util/strings.go" {
		t.Fatalf("find ctrl+y copies %q", m.copying.text)
	}
	p := findOf(t, m)
	m.Update(tea.KeyPressMsg{Code: 'y', Mod: tea.ModAlt})
	if m.copying.text != `repo_find {"query":"strgo"}`+"\n"+p.AgentView.Text || p.AgentView.Text == "" {
		t.Fatalf("find alt+y copies %q", m.copying.text)
	}
	press(m, "esc", "s")
	typeText(m, "needle")
	press(m, "enter", "down")
	m.Update(tea.KeyPressMsg{Code: 'y', Mod: tea.ModCtrl})
	if m.copying.text != "src/main.go:7" {
		t.Fatalf("search ctrl+y copies %q", m.copying.text)
	}
	s := searchOf(t, m)
	m.Update(tea.KeyPressMsg{Code: 'y', Mod: tea.ModAlt})
	if !strings.HasPrefix(m.copying.text, `repo_grep {"pattern":"needle","case_sensitive":true}`+"\n") || !strings.HasSuffix(m.copying.text, s.AgentView.Text) || s.AgentView.Text == "" {
		t.Fatalf("search alt+y copies %q", m.copying.text)
	}
}
