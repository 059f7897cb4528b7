package model

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

func findOf(t *testing.T, m *Model) *findPane {
	t.Helper()
	p, ok := m.Overlays.Top().(*findPane)
	if !ok {
		t.Fatalf("top overlay is %T, want find", m.Overlays.Top())
	}
	return p
}

func typeText(m *Model, s string) {
	for _, r := range s {
		press(m, string(r))
	}
}

func hitPaths(p *findPane) []string {
	var out []string
	for _, h := range p.res.hits {
		out = append(out, p.ix.shown[h.idx])
	}
	return out
}

// TestFindOpensAndReveals: f opens find over the viewer, typing narrows
// live, the best match is on top with its characters highlighted, enter
// opens it in the viewer with focus and selects it in the tree.
func TestFindOpensAndReveals(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 100, 30)
	press(m, "f")
	p := findOf(t, m)
	if p.ix == nil || p.ix.len() != 7 {
		t.Fatalf("file set not listed: %+v", p.ix)
	}
	typeText(m, "strgo")
	if got := hitPaths(p); len(got) != 1 || got[0] != "src/util/strings.go" {
		t.Fatalf("strgo matches %v", got)
	}
	frame := ansi.Strip(m.Render())
	if !strings.Contains(frame, "find: strgo") || !strings.Contains(frame, "1 of 7 files") {
		t.Fatalf("frame:\n%s", frame)
	}
	// q and ? are typed here: the hint line offers only find's own keys.
	if hint := frame[strings.LastIndex(frame, "\n"):]; strings.Contains(hint, "quit") || !strings.Contains(hint, "enter open") {
		t.Errorf("hint line %q", hint)
	}
	if !strings.Contains(m.Render(), m.Styles.MatchCurrent.Render("go")) {
		t.Errorf("matched characters are not highlighted")
	}
	press(m, "enter")
	if m.Overlays.Top() != nil {
		t.Fatalf("find still open after enter")
	}
	if m.viewer.path != "src/util/strings.go" || m.focus != paneViewer {
		t.Fatalf("viewer %q focus %v", m.viewer.path, m.focus)
	}
	if n := m.tree.selected(); n == nil || n.path != "src/util/strings.go" || !m.tree.nodes["src/util"].expanded {
		t.Fatalf("tree not revealed to the file: %+v", n)
	}
	// Reopening keeps the query; esc closes without opening anything.
	press(m, "f")
	if p := findOf(t, m); p.input != "strgo" {
		t.Errorf("query not kept: %q", p.input)
	}
	typeText(m, "x")
	press(m, "esc")
	if m.Overlays.Top() != nil || m.viewer.path != "src/util/strings.go" {
		t.Errorf("esc: overlay %v, viewer %q", m.Overlays.Top(), m.viewer.path)
	}
}

// TestFindKeysMove: ↑/↓ and ctrl+n/ctrl+p move; ctrl+p also opens find.
func TestFindKeysMove(t *testing.T) {
	m := start(t, fixtureRepo(t), 100, 30)
	press(m, "ctrl+p")
	p := findOf(t, m)
	typeText(m, ".")
	if len(p.res.hits) < 3 {
		t.Fatalf("hits %v", hitPaths(p))
	}
	press(m, "down", "ctrl+n")
	if p.Cursor != 2 {
		t.Errorf("down ctrl+n: cursor %d", p.Cursor)
	}
	press(m, "ctrl+p", "up", "up")
	if p.Cursor != 0 {
		t.Errorf("ctrl+p up up: cursor %d", p.Cursor)
	}
	press(m, "backspace")
	if p.input != "" || len(p.res.hits) != 7 {
		t.Errorf("backspace: %q, %d hits", p.input, len(p.res.hits))
	}
}

// TestFindMarksComeFromTheTool: with more matches than repo_find's
// limit, exactly the paths in the tool's typed result are marked seen,
// the others unseen, and the agent view holds the tool's text byte for
// byte.
func TestFindMarksComeFromTheTool(t *testing.T) {
	files := map[string]string{}
	for i := range 60 {
		files[fmt.Sprintf("pkg/file%02d.txt", i)] = "x\n"
	}
	files["other.md"] = "y\n"
	dir := t.TempDir()
	writeFiles(t, dir, files)
	m := start(t, dir, 120, 80)
	press(m, "f")
	p := findOf(t, m)
	typeText(m, "file")
	want := repoNewSessionCall(t, dir, "repo_find", `{"query":"file"}`)
	if p.AgentView.Text != want {
		t.Fatalf("agent text differs from repo_find's:\n%q\n%q", p.AgentView.Text, want)
	}
	if !strings.Contains(want, "showing 50 of 60") {
		t.Fatalf("fixture does not cut: %q", want)
	}
	seen := 0
	for _, h := range p.res.hits {
		if p.seen[p.ix.raw[h.idx]] {
			seen++
			if !strings.Contains(want, p.ix.shown[h.idx]+"\n") {
				t.Errorf("%s marked seen, not in the tool's text", p.ix.shown[h.idx])
			}
		}
	}
	if seen != 50 || len(p.res.hits) != 60 {
		t.Fatalf("%d of %d rows marked seen", seen, len(p.res.hits))
	}
	v := p.view(true)
	marks := map[ui.ResultMark]int{}
	for _, r := range v.Rows {
		marks[r.Mark]++
	}
	if marks[ui.MarkUnknown] != 0 || marks[ui.MarkSeen] == 0 {
		t.Errorf("row marks %v", marks)
	}
	if !strings.Contains(v.Footer, "50 returned of 60") {
		t.Errorf("footer %q", v.Footer)
	}
	// tab flips to the agent view: the call and the text.
	press(m, "tab")
	frame := ansi.Strip(m.Render())
	if !p.AgentView.On || !strings.Contains(frame, `repo_find {"query":"file"}`) || !strings.Contains(frame, "(showing 50 of 60 matches") {
		t.Fatalf("agent view:\n%s", frame)
	}
	if !m.status().Agent {
		t.Errorf("the status line says agent view off while find shows it")
	}
	press(m, "tab")
	// A glob goes to repo_find as a glob; the list still fuzzy-matches.
	press(m, "ctrl+u")
	typeText(m, "*.md")
	if p.tool == nil || !p.tool.Glob || len(p.tool.Matches) != 1 || hitPaths(p)[0] != "other.md" {
		t.Fatalf("glob: tool %+v hits %v", p.tool, hitPaths(p))
	}
}

func repoNewSessionCall(t *testing.T, dir, tool, args string) string {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	return repo.NewSession().Call(context.Background(), tool, []byte(args)).Text
}

// TestFindStalePassDropped: a pass started before the latest keystroke is
// dropped by the root even when it lands last.
func TestFindStalePassDropped(t *testing.T) {
	m := start(t, fixtureRepo(t), 100, 30)
	press(m, "f")
	p := findOf(t, m)
	p.input = "main"
	old := envelopes(p.rematch(), paneFind, jobMatch)
	p.input = "strings"
	run(m, p.rematch())
	if got := hitPaths(p); len(got) != 1 || got[0] != "src/util/strings.go" {
		t.Fatalf("hits %v", got)
	}
	for _, env := range old {
		m.Update(env)
	}
	if got := hitPaths(p); len(got) != 1 || got[0] != "src/util/strings.go" {
		t.Fatalf("a stale pass replaced the results: %v", got)
	}
}
