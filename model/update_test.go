package model

import (
	"context"
	"encoding/json"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/console"
	"github.com/repoxhq/repox/model/find"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

func TestEmptyAndIgnoredNotes(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
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

func TestMovementKeys(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	press(m, "j", "j")
	if m.tree.Cursor() != 2 {
		t.Fatalf("cursor = %d after j j", m.tree.Cursor())
	}
	press(m, "G")
	if m.tree.Cursor() != len(m.tree.Rows())-1 {
		t.Errorf("G: cursor = %d", m.tree.Cursor())
	}
	press(m, "g")
	if m.tree.Cursor() == 0 {
		t.Errorf("a single g moved to the top")
	}
	press(m, "g")
	if m.tree.Cursor() != 0 {
		t.Errorf("g g: cursor = %d", m.tree.Cursor())
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
	_, cmd := m.Update(panetest.Key("q"))
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

func TestViewerRefusals(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	selectPath(t, m, "data.bin")
	press(m, "l")
	if !strings.Contains(m.viewer.Refusal(), "binary file") {
		t.Errorf("binary: refusal %q", m.viewer.Refusal())
	}
	run(m, m.openFile("src", 1))
	if !strings.Contains(m.viewer.Refusal(), "is a folder") {
		t.Errorf("folder: refusal %q", m.viewer.Refusal())
	}
}

// TestAgentViewIsToolText checks the agent view shows the very bytes the
// tool returns for the call in its header, run on a fresh session as
// `repox call` does.
func TestAgentViewIsToolText(t *testing.T) {
	dir := panetest.FixtureRepo(t)
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
	check(m.tree.Agent(), "repo_tree")
	if m.tree.Agent().Call != `repo_tree {"path":"docs"}` {
		t.Errorf("tree call = %s", m.tree.Agent().Call)
	}
	press(m, "a", "g", "g", "a") // back, root, agent view of the root
	check(m.tree.Agent(), "repo_tree")
	if m.tree.Agent().Call != `repo_tree {}` {
		t.Errorf("root call = %s", m.tree.Agent().Call)
	}
	press(m, "tab", "a")
	check(m.viewer.Agent(), "repo_read_file")
	if m.viewer.Agent().Call != `repo_read_file {"path":"docs/long.txt","offset":1,"limit":1000}` {
		t.Errorf("viewer call = %s", m.viewer.Agent().Call)
	}
	// The header's args are the args struct the call was made with.
	b, _ := json.Marshal(m.viewerCall())
	if !strings.HasSuffix(m.viewer.Agent().Call, string(b)) {
		t.Errorf("header %s does not match args %s", m.viewer.Agent().Call, b)
	}
	// Scrolled down, the call starts at the first visible line.
	press(m, "a", "G", "a")
	check(m.viewer.Agent(), "repo_read_file")
	if !strings.Contains(m.viewer.Agent().Call, `"offset":13`) {
		t.Errorf("call after G = %s", m.viewer.Agent().Call)
	}
}

func TestResizeNeverGarbles(t *testing.T) {
	dir := panetest.FixtureRepo(t)
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
	dir := panetest.FixtureRepo(t)
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
	dir := panetest.FixtureRepo(t)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	m := New(context.Background(), repo, Config{Name: "fixture", File: "src/util/strings.go", Line: 3})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	run(m, m.Init())
	if path, _, _ := m.tree.Selected(); path != "src/util/strings.go" {
		t.Fatalf("selected %q, want the file revealed in the tree", path)
	}
	if m.viewer.Cursor() != 3 || m.focus != paneViewer {
		t.Errorf("viewer cursor %d focus %v", m.viewer.Cursor(), m.focus)
	}
}

func TestGateSeesChangesOnDisk(t *testing.T) {
	dir := panetest.FixtureRepo(t)
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

// TestEveryGlobalBindingDoesSomething: the key switch is a table; a
// binding added to keymap.Global without a row would be a key that does
// nothing.
func TestEveryGlobalBindingDoesSomething(t *testing.T) {
	m := newTestModel(t, panetest.FixtureRepo(t), 80, 24)
	for _, b := range m.Keys.Global.Bindings() {
		found := false
		for _, gk := range m.globals {
			for _, k := range gk.keys {
				if slices.Equal(k.Keys(), b.Keys()) {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("global binding %v (%s) has no row in the table", b.Keys(), b.Help().Desc)
		}
	}
}

// Two Escapes typed quickly reach the program as one alt+esc (the
// terminal sends ESC ESC, which reads as Escape with Alt held); they close
// two layers, as two separate presses do.
func TestEscEscAsAltEscClosesTwoLayers(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	press(m, "c", "?")
	if n := len(m.Overlays.Items); n != 2 {
		t.Fatalf("c then ?: %d overlays, want the sessions pane and its help", n)
	}
	press(m, "alt+esc")
	if n := len(m.Overlays.Items); n != 0 {
		t.Errorf("alt+esc (Esc Esc typed quickly) left %d of 2 overlays open, top %T", n, m.Overlays.Top())
	}
	low := &fakeOverlay{id: 100, area: areaViewer}
	high := &fakeOverlay{id: 101, area: areaViewer}
	mid := &fakeOverlay{id: 102, area: areaViewer}
	m.pushOverlay(low)
	m.pushOverlay(mid)
	m.pushOverlay(high)
	press(m, "alt+esc")
	if m.Overlays.Top() != low || high.closed != 1 || mid.closed != 1 || low.closed != 0 || len(low.keys) != 0 {
		t.Errorf("alt+esc over three layers: top %T, closed %d %d %d, want the two above closed once each and nothing else",
			m.Overlays.Top(), high.closed, mid.closed, low.closed)
	}
}

// ctrl+z suspends the explorer to the shell, as in lazygit, vim and less
// (fg resumes it): also while an overlay with an input has the keys; the
// return says so.
func TestCtrlZSuspends(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Bubble Tea does not suspend on Windows")
	}
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	suspends := func(where string) {
		t.Helper()
		_, cmd := m.Update(panetest.Key("ctrl+z"))
		for _, msg := range drain(cmd) {
			if _, ok := msg.(tea.SuspendMsg); ok {
				return
			}
		}
		t.Errorf("ctrl+z %s: no tea.SuspendMsg (message %q)", where, m.message)
	}
	suspends("in the tree")
	press(m, ":")
	suspends("in the tool console")
	if _, ok := m.Overlays.Top().(*console.Pane); !ok {
		t.Errorf("ctrl+z closed the console: top %T", m.Overlays.Top())
	}
	m.Update(tea.ResumeMsg{})
	if !strings.Contains(m.message, "resumed") {
		t.Errorf("back from the shell, the status line says %q", m.message)
	}
}

// A resize keeps the viewer's cursor on its line: a smaller window scrolls
// to keep it on screen, a larger one leaves it where it is; with wrapping
// on too, and a narrower window.
func TestResizeKeepsTheViewerCursor(t *testing.T) {
	for _, wrap := range []bool{false, true} {
		m := viewerOn(t, map[string]string{"long.txt": numbered(300)}, "long.txt", 120, 40)
		if wrap {
			press(m, "w")
		}
		press(m, "3", "0", "j")
		want := m.viewer.Cursor()
		if want != 31 {
			t.Fatalf("30j from line 1: cursor %d", want)
		}
		for _, sz := range [][2]int{{80, 24}, {60, 12}, {120, 40}, {40, 10}, {160, 45}} {
			run(m, func() tea.Cmd { _, c := m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]}); return c }())
			if got := m.viewer.Cursor(); got != want {
				t.Errorf("wrap %v: resized to %dx%d, the cursor moved from line %d to %d", wrap, sz[0], sz[1], want, got)
			}
			if !strings.Contains(ansi.Strip(m.Render()), "line 31") {
				t.Errorf("wrap %v: resized to %dx%d, line 31 (the cursor's) is off screen", wrap, sz[0], sz[1])
			}
		}
	}
}

// A status-line message is about the key that made it: the next key
// clears it (so it never describes an earlier state), and a message too
// long for the status line is shown whole on the hint line too.
func TestStatusMessageLastsOneKey(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	press(m, "x")
	if !strings.Contains(m.message, "x does nothing") {
		t.Fatalf("x in the tree says %q", m.message)
	}
	press(m, "down")
	if m.message != "" {
		t.Errorf("after the next key the status line still says %q", m.message)
	}
	cmd := m.flash("sent the call and its 11,600 bytes of model text to the clipboard (OSC 52); the terminal did not confirm it")
	_ = cmd
	lines := strings.Split(ansi.Strip(m.Render()), "\n")
	tail := strings.Join(strings.Fields(lines[22]+" "+lines[23]), " ")
	if !strings.HasPrefix(lines[22], " fixture │ sent") || !strings.Contains(tail, "the terminal did not confirm it") {
		t.Errorf("a long message at 80x24:\n%s\n%s", lines[22], lines[23])
	}
}
