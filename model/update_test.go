package model

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/find"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

func rowPaths(m *Model) []string {
	var out []string
	for _, n := range m.tree.rows {
		out = append(out, n.path)
	}
	return out
}

func TestStartListsRootOnly(t *testing.T) {
	m := start(t, fixtureRepo(t), 80, 24)
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
	m := start(t, fixtureRepo(t), 80, 24)
	selectPath(t, m, "src")
	_, cmd := m.Update(keyMsg("l"))
	n := m.tree.nodes["src"]
	if !n.loading || !n.expanded || n.loaded {
		t.Fatalf("after l: loading=%v expanded=%v loaded=%v; want a pending load", n.loading, n.expanded, n.loaded)
	}
	if !strings.Contains(m.Render(), m.SpinFrame()) {
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
	m := start(t, fixtureRepo(t), 80, 24)
	selectPath(t, m, "src")
	_, cmd := m.Update(keyMsg("l"))
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

func TestEmptyAndIgnoredNotes(t *testing.T) {
	m := start(t, fixtureRepo(t), 80, 24)
	selectPath(t, m, "empty")
	press(m, "l")
	out := m.Render()
	if !strings.Contains(out, "empty/ (empty)") && !strings.Contains(out, "(empty)") {
		t.Errorf("empty folder does not say so:\n%s", out)
	}
	if !strings.Contains(out, "+2 ignored") {
		t.Errorf("root does not count its ignored entries:\n%s", out)
	}
}

func TestHorizonMarksDeepRows(t *testing.T) {
	m := start(t, fixtureRepo(t), 80, 24)
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

func TestMovementKeys(t *testing.T) {
	m := start(t, fixtureRepo(t), 80, 24)
	press(m, "j", "j")
	if m.tree.cursor != 2 {
		t.Fatalf("cursor = %d after j j", m.tree.cursor)
	}
	press(m, "G")
	if m.tree.cursor != len(m.tree.rows)-1 {
		t.Errorf("G: cursor = %d", m.tree.cursor)
	}
	press(m, "g")
	if m.tree.cursor == 0 {
		t.Errorf("a single g moved to the top")
	}
	press(m, "g")
	if m.tree.cursor != 0 {
		t.Errorf("g g: cursor = %d", m.tree.cursor)
	}
	press(m, "tab")
	if m.focus != paneViewer {
		t.Errorf("tab did not move focus")
	}
	press(m, "f")
	if _, ok := m.Overlays.Top().(*find.Pane); !ok {
		t.Errorf("f: top overlay %T, want find", m.Overlays.Top())
	}
	press(m, "esc")
	_, cmd := m.Update(keyMsg("q"))
	if cmd == nil || cmd() != tea.Quit() {
		t.Errorf("q does not quit")
	}
}

func openFixtureFile(t *testing.T, m *Model, dir, path string) {
	t.Helper()
	parts := strings.Split(path, "/")
	for i := 1; i < len(parts); i++ {
		selectPath(t, m, strings.Join(parts[:i], "/"))
		press(m, "l")
	}
	selectPath(t, m, path)
	press(m, "l")
}

func TestViewerLongFileRuleAndGate(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 120, 40)
	openFixtureFile(t, m, dir, "docs/long.txt")
	v := &m.viewer
	if v.total != 1400 {
		t.Fatalf("total = %d", v.total)
	}
	press(m, "tab")
	for range 100 {
		press(m, "ctrl+d")
	}
	if v.cursor != 1400 {
		t.Errorf("cursor = %d after paging to the end", v.cursor)
	}
	v.centerOn(1000)
	out := m.Render()
	if !strings.Contains(out, "── a default repo_read_file stops here (limit 1,000 of 1,400) ──") {
		t.Errorf("no rule after line 1000:\n%s", out)
	}
	if v.lineAt(v.rowOf(1001)) != 1001 || v.lineAt(1000) != 0 {
		t.Errorf("row mapping around the rule is off")
	}
	// A partial read by the explorer session shuts the gate, in its words.
	res := m.Session.Call(context.Background(), "repo_read_file", []byte(`{"path":"docs/long.txt"}`))
	if res.IsError {
		t.Fatal(res.Text)
	}
	if g, text := gateOf(m.Session, "docs/long.txt"); g != ui.GatePartial || text != "edit gate (explorer session): shut — partly read: lines 1-1,000 of 1,400" {
		t.Errorf("gate after a limit-1000 read = %v (%s), want partial", g, text)
	}
}

func TestViewerRefusals(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 80, 24)
	selectPath(t, m, "data.bin")
	press(m, "l")
	if !strings.Contains(m.viewer.refusal, "binary file") {
		t.Errorf("binary: refusal %q", m.viewer.refusal)
	}
	run(m, m.openFile("src", 1))
	if !strings.Contains(m.viewer.refusal, "is a folder") {
		t.Errorf("folder: refusal %q", m.viewer.refusal)
	}
}

func TestSearchInFile(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 80, 24)
	openFixtureFile(t, m, dir, "docs/long.txt")
	press(m, "tab", "/", "l", "i", "n", "e", " ", "1", "3", "9", "9", "enter")
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

// TestAgentViewIsToolText checks the agent view shows the very bytes the
// tool returns for the call in its header, run on a fresh session as
// `repox call` does.
func TestAgentViewIsToolText(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 120, 40)
	openFixtureFile(t, m, dir, "docs/long.txt")
	check := func(a *agentState, name string) {
		t.Helper()
		if !a.On || a.Loading {
			t.Fatalf("agent view not ready")
		}
		gotName, argsJSON, ok := strings.Cut(a.Call, " ")
		if !ok || gotName != name {
			t.Fatalf("call header %q", a.Call)
		}
		repo, err := repoops.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer repo.Close()
		want := repo.NewSession().Call(context.Background(), name, []byte(argsJSON)).Text
		if a.Text != want {
			t.Errorf("agent text differs from the tool's text for %s\ngot:  %q\nwant: %q", a.Call, a.Text, want)
		}
	}
	press(m, "a") // tree: the selected file's folder
	check(&m.tree.agent, "repo_tree")
	if m.tree.agent.Call != `repo_tree {"path":"docs"}` {
		t.Errorf("tree call = %s", m.tree.agent.Call)
	}
	press(m, "a", "g", "g", "a") // back, root, agent view of the root
	check(&m.tree.agent, "repo_tree")
	if m.tree.agent.Call != `repo_tree {}` {
		t.Errorf("root call = %s", m.tree.agent.Call)
	}
	press(m, "tab", "a")
	check(&m.viewer.agent, "repo_read_file")
	if m.viewer.agent.Call != `repo_read_file {"path":"docs/long.txt","offset":1,"limit":1000}` {
		t.Errorf("viewer call = %s", m.viewer.agent.Call)
	}
	// The header's args are the args struct the call was made with.
	b, _ := json.Marshal(m.viewerCall())
	if !strings.HasSuffix(m.viewer.agent.Call, string(b)) {
		t.Errorf("header %s does not match args %s", m.viewer.agent.Call, b)
	}
	// Scrolled down, the call starts at the first visible line.
	press(m, "a", "G", "a")
	check(&m.viewer.agent, "repo_read_file")
	if !strings.Contains(m.viewer.agent.Call, `"offset":13`) {
		t.Errorf("call after G = %s", m.viewer.agent.Call)
	}
}

func TestResizeNeverGarbles(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 80, 24)
	openFixtureFile(t, m, dir, "src/main.go")
	for w := 1; w <= 130; w += 7 {
		for h := 1; h <= 45; h += 3 {
			m.Update(tea.WindowSizeMsg{Width: w, Height: h})
			out := m.Render()
			if w < ui.MinWidth || h < ui.MinHeight {
				if !strings.Contains(out, "terminal too small") && w >= len("terminal too small") {
					t.Fatalf("%dx%d: no too-small line", w, h)
				}
				continue
			}
			lines := strings.Split(out, "\n")
			if len(lines) != h {
				t.Fatalf("%dx%d: %d lines", w, h, len(lines))
			}
			for i, l := range lines {
				if lw := ui.StringWidth(l); lw != w {
					t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, lw, l)
				}
			}
		}
	}
}

func TestParseTarget(t *testing.T) {
	dir := fixtureRepo(t)
	o, err := ParseTarget(dir + "/src/util/strings.go:3")
	if err != nil || o.Line != 3 {
		t.Fatalf("ParseTarget: %+v %v", o, err)
	}
	root, file, err := o.resolve()
	if err != nil {
		t.Fatal(err)
	}
	if root != dir || file != "src/util/strings.go" {
		t.Errorf("resolve = %s %s; want the repository root and a relative file", root, file)
	}
	if _, err := ParseTarget(dir + "/nope.go:3"); err == nil {
		t.Errorf("a missing file was accepted")
	}
}

func TestOpenOnFileRevealsIt(t *testing.T) {
	dir := fixtureRepo(t)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	m := New(context.Background(), repo, Config{Name: "fixture", File: "src/util/strings.go", Line: 3})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	run(m, m.Init())
	if n := m.tree.selected(); n == nil || n.path != "src/util/strings.go" {
		t.Fatalf("selected %v, want the file revealed in the tree", n)
	}
	if m.viewer.cursor != 3 || m.focus != paneViewer {
		t.Errorf("viewer cursor %d focus %v", m.viewer.cursor, m.focus)
	}
}

func TestGateSeesChangesOnDisk(t *testing.T) {
	dir := fixtureRepo(t)
	m := start(t, dir, 120, 40)
	openFixtureFile(t, m, dir, "src/main.go")
	explicitRead(t, m, "src/main.go")
	run(m, m.checkGate())
	if g, text, _ := m.gateStatus(); g != ui.GateFull {
		t.Fatalf("after a full read: %v %q", g, text)
	}
	writeFiles(t, dir, map[string]string{"src/main.go": "package main\n// changed\n"})
	run(m, m.checkGate())
	if _, text, _ := m.gateStatus(); !strings.Contains(text, "changed on disk") {
		t.Errorf("after a change on disk: %q", text)
	}
	press(m, "r") // a reload is looking: the gate stays shut
	if _, text, _ := m.gateStatus(); !strings.Contains(text, "changed on disk since ") {
		t.Errorf("after reload: %q", text)
	}
}
