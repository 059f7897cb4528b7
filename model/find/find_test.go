package find

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

// TestFindKeysMove: ↑/↓ and ctrl+n/ctrl+p move (that ctrl+p also opens
// find is the root's: TestFindOpensWithCtrlP).
func TestFindKeysMove(t *testing.T) {
	h := newHarness(t, fixtureRepo(t), 100, 30)
	h.run(h.open())
	p := h.p
	h.typeText(".")
	if len(p.res.hits) < 3 {
		t.Fatalf("hits %v", hitPaths(p))
	}
	h.press("down", "ctrl+n")
	if p.Cursor != 2 {
		t.Errorf("down ctrl+n: cursor %d", p.Cursor)
	}
	h.press("ctrl+p", "up", "up")
	if p.Cursor != 0 {
		t.Errorf("ctrl+p up up: cursor %d", p.Cursor)
	}
	h.press("backspace")
	if p.input != "" || p.res.ranked() != 7 {
		t.Errorf("backspace: %q, %d hits", p.input, p.res.ranked())
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
	repotest.WriteFiles(t, dir, files)
	h := newHarness(t, dir, 120, 80)
	h.run(h.open())
	p := h.p
	h.typeText("file")
	want := repoNewSessionCall(t, dir, "repo_find", `{"query":"file"}`)
	if p.AgentView.Text != want {
		t.Fatalf("agent text differs from repo_find's:\n%q\n%q", p.AgentView.Text, want)
	}
	if !strings.Contains(want, "showing 50 of 60") {
		t.Fatalf("fixture does not cut: %q", want)
	}
	seen := 0
	for _, h := range p.res.hits {
		if p.seen[p.ix.raw(h.idx)] {
			seen++
			if !strings.Contains(want, p.ix.shown(h.idx)+"\n") {
				t.Errorf("%s marked seen, not in the tool's text", p.ix.shown(h.idx))
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
	h.press("tab")
	frame := ansi.Strip(p.View(120, 80, true))
	if !p.AgentView.On || !strings.Contains(frame, `repo_find {"query":"file"}`) || !strings.Contains(frame, "(showing 50 of 60 matches") {
		t.Fatalf("agent view:\n%s", frame)
	}
	h.press("tab")
	// A glob goes to repo_find as a glob; the list still fuzzy-matches.
	h.press("ctrl+u")
	h.typeText("*.md")
	if p.tool == nil || !p.tool.Glob || len(p.tool.Matches) != 1 || hitPaths(p)[0] != "other.md" {
		t.Fatalf("glob: tool %+v hits %v", p.tool, hitPaths(p))
	}
}

// TestFindStalePassDropped: a pass started before the latest keystroke
// carries a generation find no longer has, so the root's deliver (as the
// harness's) drops it even when it lands last.
func TestFindStalePassDropped(t *testing.T) {
	h := newHarness(t, fixtureRepo(t), 100, 30)
	h.run(h.open())
	p := h.p
	p.input = "main"
	old := envelopes(p.rematch(), pane.Find, pane.JobMatch)
	p.input = "strings"
	h.run(p.rematch())
	if got := hitPaths(p); len(got) != 1 || got[0] != "src/util/strings.go" {
		t.Fatalf("hits %v", got)
	}
	for _, env := range old {
		if env.Gen == p.Generation(env.Job) {
			t.Fatalf("the old pass's generation %d is still current", env.Gen)
		}
		h.run(h.deliver(env))
	}
	if got := hitPaths(p); len(got) != 1 || got[0] != "src/util/strings.go" {
		t.Fatalf("a stale pass replaced the results: %v", got)
	}
}

// TestReopenUsesTheSharedIndex: find builds its index once per version of
// the file set and leaves it in the set; reopened, it takes that one and
// matches at once, building nothing; a set forgotten since is indexed
// anew.
func TestReopenUsesTheSharedIndex(t *testing.T) {
	h := newHarness(t, fixtureRepo(t), 84, 28)
	h.run(h.open())
	h.typeText("strgo")
	ix := h.p.ix
	if ix == nil || h.c.Files.FindIx != any(ix) {
		t.Fatalf("the index is not the set's: %p, set has %v", ix, h.c.Files.FindIx)
	}
	h.run(h.p.Close())
	h.p.ix, h.p.res = nil, nil // as if this find had never matched
	cmd := h.p.Open()
	if h.p.ix != ix || h.p.building {
		t.Fatalf("reopening built another index (building %v)", h.p.building)
	}
	h.run(cmd)
	if got := hitPaths(h.p); len(got) != 1 || got[0] != "src/util/strings.go" {
		t.Fatalf("reopened with %v", got)
	}
	h.c.Files.Forget()
	h.run(h.open())
	if h.p.ix == ix || h.c.Files.FindIx != any(h.p.ix) {
		t.Fatalf("a forgotten set's index is still used")
	}
}

// TestBackspaceReusesPass: a backspace answers with the pass that landed
// for that shorter query, not a new one over every path; a stale pass
// that never landed is not kept; a new index drops the kept passes.
func TestBackspaceReusesPass(t *testing.T) {
	h := newHarness(t, fixtureRepo(t), 100, 30)
	h.run(h.open())
	p := h.p
	landed := map[string]*findMatches{}
	for _, r := range "src" {
		h.press(string(r))
		landed[p.input] = p.res
	}
	// A pass for "srcq" starts and goes stale before it lands.
	p.input = "srcq"
	stale := envelopes(p.rematch(), pane.Find, pane.JobMatch)
	for _, q := range []string{"src", "sr"} {
		h.press("backspace")
		if p.input != q || p.res != landed[q] {
			t.Fatalf("backspace to %q: a new pass, not the one that landed for it", p.input)
		}
	}
	for _, env := range stale {
		h.run(h.deliver(env))
	}
	if p.passes.recall("srcq") != nil {
		t.Fatalf("a pass that never landed is kept")
	}
	h.press("x", "backspace")
	if p.input != "sr" || p.res != landed["sr"] {
		t.Fatalf("typing on and back to %q: a new pass", p.input)
	}
	if got, want := hitPaths(p), shownOf(p.ix, matchFiles(p.ix, "sr", nil, -1, nil).hits); !slices.Equal(got[:min(len(got), len(want))], want[:min(len(got), len(want))]) {
		t.Fatalf("the kept pass lists %v, a new one %v", got, want)
	}
	h.c.Files.Forget()
	h.run(h.open())
	if len(p.passes) > 1 || p.passes.recall("s") != nil {
		t.Fatalf("passes over a forgotten index are kept: %d", len(p.passes))
	}
}
