package viewer

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// TestRuleWhereTheOutputCapEndsADefaultRead: 900 lines of 400 characters
// are over 256 KiB: a default read stops after line 630 and the rule is
// drawn there, with the tool's own numbers.
func TestRuleWhereTheOutputCapEndsADefaultRead(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	var b strings.Builder
	for i := 1; i <= 900; i++ {
		fmt.Fprintf(&b, "%03d %s\n", i, strings.Repeat("w", 396))
	}
	writeFiles(t, dir, map[string]string{"wide.txt": b.String()})
	m := newTestModel(t, dir, 120, 40)
	res, err := m.common.Session.Repo().NewSession().ReadFile(context.Background(), repoops.ReadArgs{Path: "wide.txt"})
	if err != nil || !res.ByteCut {
		t.Fatalf("fixture: %v %+v", err, res)
	}
	stop := res.Lines[len(res.Lines)-1].N
	run(m, m.openFile("wide.txt", 1))
	v := m.viewer
	v.CenterOn(stop)
	out := m.Render()
	long := fmt.Sprintf("── a default repo_read_file stops here (output cap 256 KiB, after line %d of 900)", stop)
	short := fmt.Sprintf("── default read stops (256 KiB cap, %d of 900)", stop)
	if !strings.Contains(out, long) && !strings.Contains(out, short) {
		t.Fatalf("no rule after line %d:\n%s", stop, out)
	}
	if v.lineAt(v.rowOf(stop)+1) != 0 || v.lineAt(v.rowOf(stop)+2) != stop+1 {
		t.Errorf("the rule is not right under line %d", stop)
	}
	if strings.Contains(out, "limit 1,000 of 900") {
		t.Errorf("a limit rule in a 900-line file")
	}
}

// TestRuleFoundWhenOpenedDeep: FILE:1300 reads a window that does not start
// at line 1; the rule still lands under line 1000, from a read that does.
func TestRuleFoundWhenOpenedDeep(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := newTestModel(t, dir, 120, 40)
	run(m, m.openFile("docs/long.txt", 1300))
	v := m.viewer
	v.CenterOn(1000)
	if out := m.Render(); !strings.Contains(out, "── a default repo_read_file stops here (limit 1,000 of 1,400)") {
		t.Fatalf("no rule:\n%s", out)
	}
}

// TestNoScrollPastTheLongestLine: right never scrolls the visible lines
// out of the pane.
func TestNoScrollPastTheLongestLine(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{"w.txt": "short\n" + strings.Repeat("x", 90) + "END\n"})
	m := newTestModel(t, dir, 80, 24)
	run(m, m.openFile("w.txt", 1))
	for range 40 {
		press(m, "right")
	}
	textW := m.viewer.width - ui.GutterWidth(m.viewer.total) - 1
	if m.viewer.hscroll > 93-textW {
		t.Errorf("hscroll %d: past the end of the longest line (93 cells, %d shown)", m.viewer.hscroll, textW)
	}
	if out := m.Render(); !strings.Contains(out, "END") {
		t.Errorf("the longest line's end is not on screen:\n%s", out)
	}
}

func TestViewerLongFileRuleAndGate(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := newTestModel(t, dir, 120, 40)
	run(m, m.openFile("docs/long.txt", 1))
	v := m.viewer
	if v.total != 1400 {
		t.Fatalf("total = %d", v.total)
	}
	for range 100 {
		press(m, "ctrl+d")
	}
	if v.cursor != 1400 {
		t.Errorf("cursor = %d after paging to the end", v.cursor)
	}
	v.CenterOn(1000)
	out := m.Render()
	if !strings.Contains(out, "── a default repo_read_file stops here (limit 1,000 of 1,400) ──") {
		t.Errorf("no rule after line 1000:\n%s", out)
	}
	if v.lineAt(v.rowOf(1001)) != 1001 || v.lineAt(1000) != 0 {
		t.Errorf("row mapping around the rule is off")
	}
	// A partial read by the explorer session opens the gate for the lines it
	// showed, in its words.
	res := m.common.Session.Call(context.Background(), "repo_read_file", []byte(`{"path":"docs/long.txt"}`))
	if res.IsError {
		t.Fatal(res.Text)
	}
	if g, text := gateOf(m.common.Session, "docs/long.txt"); g != ui.GatePartial || text != "edit gate (explorer session): lines 1-1,000 of 1,400 seen — edits of those allowed" {
		t.Errorf("gate after a limit-1000 read = %v (%s), want partial", g, text)
	}
}

func TestSearchInFile(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := newTestModel(t, dir, 80, 24)
	run(m, m.openFile("docs/long.txt", 1))
	press(m, "/", "l", "i", "n", "e", " ", "1", "3", "9", "9", "enter")
	if m.viewer.cursor != 1399 {
		t.Fatalf("search moved the cursor to %d, want 1399", m.viewer.cursor)
	}
	press(m, "n")
	if m.viewer.cursor != 1399 || m.viewer.search.status == "" {
		// only one match: n wraps around to it
		t.Logf("after n: cursor %d status %q", m.viewer.cursor, m.viewer.search.status)
	}
	press(m, "/", "l", "i", "n", "e", " ", "1", "0", "enter")
	first := m.viewer.cursor
	press(m, "n")
	if m.viewer.cursor <= first {
		t.Errorf("n did not move forward: %d -> %d", first, m.viewer.cursor)
	}
	press(m, "N")
	if m.viewer.cursor != first {
		t.Errorf("N did not come back: %d, want %d", m.viewer.cursor, first)
	}
	press(m, "/", "z", "z", "z", "enter")
	if !strings.HasPrefix(m.viewer.search.status, "no match") {
		t.Errorf("status %q", m.viewer.search.status)
	}
}

func TestSearchPromptIsAnInlineOverlay(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := newTestModel(t, dir, 80, 24)
	run(m, m.openFile("src/main.go", 1))
	press(m, "/")
	if _, ok := m.common.Overlays.Top().(*promptPane); !ok || !m.viewer.search.typing {
		t.Fatalf("/ did not open the prompt")
	}
	_, cmd := m.Update(panetest.Key("q"))
	run(m, cmd)
	if m.viewer.search.input != "q" {
		t.Errorf("q while typing: input %q, want it typed", m.viewer.search.input)
	}
	if !strings.Contains(m.Render(), "/q▏") {
		t.Errorf("the prompt is not in the viewer's footer")
	}
	press(m, "esc")
	if m.common.Overlays.Top() != nil || m.viewer.search.typing || m.viewer.search.input != "" {
		t.Errorf("esc left the prompt open")
	}
	press(m, "/", "n", "e", "e", "d", "l", "e", "enter")
	if m.common.Overlays.Top() != nil || m.viewer.search.query != "needle" || m.viewer.cursor != 7 {
		t.Errorf("enter: query %q cursor %d open %v", m.viewer.search.query, m.viewer.cursor, m.common.Overlays.Top() != nil)
	}
}
