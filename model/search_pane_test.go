package model

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/ui"
)

func searchOf(t *testing.T, m *Model) *searchPane {
	t.Helper()
	p, ok := m.Overlays.Top().(*searchPane)
	if !ok {
		t.Fatalf("top overlay is %T, want search", m.Overlays.Top())
	}
	return p
}

func altC() tea.KeyPressMsg { return tea.KeyPressMsg{Code: 'c', Mod: tea.ModAlt} }

// TestSearchFindsAndOpensAtLine: s, a pattern, enter: every match grouped
// by file with counts; case-sensitive by default as repo_grep; alt+c folds
// case; enter on a line opens the file there with the pattern marked.
func TestSearchFindsAndOpensAtLine(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 100, 30)
	press(m, "s")
	p := searchOf(t, m)
	typeText(m, "needle")
	press(m, "enter")
	if p.running || p.res == nil {
		t.Fatalf("search did not finish: running %v", p.running)
	}
	if p.totalLines != 2 || len(p.files) != 2 || p.files[0].shown != "src/main.go" || p.files[1].shown != "src/util/strings.go" {
		t.Fatalf("files %+v, %d lines", p.files, p.totalLines)
	}
	frame := ansi.Strip(m.Render())
	for _, want := range []string{"[Aa] case-sensitive", "2 lines in 2 files", "src/main.go  1 line", `7:     fmt.Println("hello, needle")`} {
		if !strings.Contains(frame, want) {
			t.Errorf("frame lacks %q:\n%s", want, frame)
		}
	}
	m.Update(altC())
	press(m, "enter")
	if p.totalLines != 3 || p.res.CaseSensitive {
		t.Fatalf("ignoring case: %d lines, %+v", p.totalLines, p.res)
	}
	// Down to src/util/strings.go's line 3 ("// Needle is found by search.").
	for p.Cursor < len(p.rows) {
		if r, ok := p.selected(); ok && r.line >= 0 && r.file.shown == "src/util/strings.go" {
			break
		}
		press(m, "down")
	}
	r, _ := p.selected()
	line := r.file.lines[r.line].Line
	press(m, "enter")
	if m.Overlays.Top() != nil || m.viewer.path != "src/util/strings.go" || m.viewer.cursor != line || m.focus != paneViewer {
		t.Fatalf("open: overlay %v viewer %q:%d focus %v", m.Overlays.Top(), m.viewer.path, m.viewer.cursor, m.focus)
	}
	if m.viewer.search.query != "needle" || m.viewer.search.line != line {
		t.Errorf("match not highlighted: %+v", m.viewer.search)
	}
	if n := m.tree.selected(); n == nil || n.path != "src/util/strings.go" {
		t.Errorf("tree not revealed")
	}
}

// TestSearchMarksTheModelsCut: 70 matching lines in 10 files; the model is
// shown 50 (5 per file); exactly those are marked seen, the rest unseen,
// the rule sits after the 50th, and the agent view is the tool's text.
func TestSearchMarksTheModelsCut(t *testing.T) {
	files := map[string]string{}
	for i := range 10 {
		files[fmt.Sprintf("f%d.txt", i)] = strings.Repeat("TODO item\n", 7)
	}
	dir := t.TempDir()
	writeFiles(t, dir, files)
	m := start(t, dir, 100, 40)
	press(m, "s")
	p := searchOf(t, m)
	typeText(m, "TODO")
	press(m, "enter")
	want := repoNewSessionCall(t, dir, "repo_grep", `{"pattern":"TODO","case_sensitive":true}`)
	if p.AgentView.Text != want || !strings.Contains(want, "showing 50 of 70 matching lines in 10 files") {
		t.Fatalf("agent text:\n%s\nwant:\n%s", p.AgentView.Text, want)
	}
	seen, unseen, rules := 0, 0, 0
	for i, r := range p.rows {
		if r.rule {
			rules++
			if seen != 50 {
				t.Errorf("rule at row %d after %d seen lines", i, seen)
			}
			continue
		}
		if r.line < 0 {
			continue
		}
		n := r.file.lines[r.line].Line
		if p.seen[r.file.shown][n] {
			seen++
			if n > 5 {
				t.Errorf("%s:%d seen: beyond 5 in one file", r.file.shown, n)
			}
		} else {
			unseen++
		}
	}
	if seen != 50 || unseen != 20 || rules != 1 {
		t.Fatalf("seen %d unseen %d rules %d", seen, unseen, rules)
	}
	p.Top = 0
	var marks []ui.ResultMark
	for _, r := range p.rowsView(12) {
		marks = append(marks, r.Mark)
	}
	if marks[0] != ui.MarkSeen || marks[5] != ui.MarkSeen || marks[6] != ui.MarkUnseen || marks[8] != ui.MarkSeen {
		t.Errorf("marks of f0.txt's rows: %v", marks)
	}
}

// TestSearchCancel: esc while a search runs cancels it and keeps the
// overlay; a keystroke cancels too; the cancelled search's batches are
// dropped; enter searches again.
func TestSearchCancel(t *testing.T) {
	m := start(t, fixtureRepo(t), 100, 30)
	press(m, "s")
	p := searchOf(t, m)
	typeText(m, "needle")
	_, cmd := m.Update(keyMsg("enter"))
	if !p.running {
		t.Fatal("enter did not start a search")
	}
	press(m, "esc")
	if p.running || !p.cancelled || m.Overlays.Top() != p {
		t.Fatalf("esc: running %v cancelled %v top %T", p.running, p.cancelled, m.Overlays.Top())
	}
	run(m, cmd) // the cancelled search's batch: dropped
	if len(p.files) != 0 || p.res != nil {
		t.Fatalf("a cancelled search's results landed: %d files", len(p.files))
	}
	if !strings.Contains(ansi.Strip(m.Render()), "enter searches again") {
		t.Errorf("no word of the cancel:\n%s", ansi.Strip(m.Render()))
	}
	_, cmd = m.Update(keyMsg("enter"))
	m.Update(keyMsg("x")) // a keystroke cancels
	if p.running || p.pattern != "needlex" {
		t.Fatalf("keystroke: running %v pattern %q", p.running, p.pattern)
	}
	run(m, cmd)
	if p.res != nil {
		t.Fatal("a search cancelled by a keystroke landed")
	}
	press(m, "backspace", "enter")
	if p.res == nil || p.totalLines != 2 {
		t.Fatalf("search again: %+v", p.res)
	}
	press(m, "esc")
	if m.Overlays.Top() != nil {
		t.Errorf("esc when idle does not close")
	}
}

// TestSearchScope: ctrl+t edits the path; the search stays under it.
func TestSearchScope(t *testing.T) {
	m := start(t, fixtureRepo(t), 100, 30)
	press(m, "s")
	p := searchOf(t, m)
	typeText(m, "needle")
	m.Update(tea.KeyPressMsg{Code: 't', Mod: tea.ModCtrl})
	typeText(m, "src/util")
	press(m, "enter")
	if p.scope != "src/util" || len(p.files) != 1 || p.files[0].shown != "src/util/strings.go" || p.res.Path != "src/util" {
		t.Fatalf("scope %q files %+v", p.scope, p.files)
	}
}

// TestFindSearchCopy: ctrl+y copies the row (a path; path:line), alt+y the
// call and its exact model text, through the explorer's one copy path.
func TestFindSearchCopy(t *testing.T) {
	t.Setenv("TERM", "xterm-256color")
	m := start(t, fixtureRepo(t), 100, 30)
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
	if !strings.HasPrefix(m.copying.text, `repo_grep {"pattern":"needle","case_sensitive":true}`+"\n") || !strings.HasSuffix(m.copying.text, s.res.Render()) {
		t.Fatalf("search alt+y copies %q", m.copying.text)
	}
}

// TestSearchNoMatchSaysItOnce: a search with no match shows repo_grep's
// own sentence ("no match for …"), not "no match: no match for …".
func TestSearchNoMatchSaysItOnce(t *testing.T) {
	m := start(t, fixtureRepo(t), 100, 30)
	press(m, "s")
	p := searchOf(t, m)
	typeText(m, "absent-zz")
	press(m, "enter")
	msg := p.frame(true).Message
	if !strings.HasPrefix(msg, `no match for "absent-zz"`) || strings.Count(msg, "no match") != 1 {
		t.Fatalf("message %q", msg)
	}
}
