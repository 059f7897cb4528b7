package model

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/help"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

func TestFocusRingSteps(t *testing.T) {
	var r focusRing
	if got := r.step(paneViewer, 1); got != paneViewer {
		t.Errorf("empty ring: step = %v, want the current pane", got)
	}
	r.add(paneTree)
	r.add(paneViewer)
	r.add(paneTree) // once only
	r.add(paneID(7))
	if len(r.order) != 3 {
		t.Fatalf("order = %v, want 3 panes", r.order)
	}
	for _, c := range []struct {
		cur  paneID
		d    int
		want paneID
	}{
		{paneTree, 1, paneViewer},
		{paneViewer, 1, 7},
		{7, 1, paneTree},  // wraps forward
		{paneTree, -1, 7}, // wraps back
		{paneViewer, -1, paneTree},
		{paneHelp, 1, paneTree}, // not in the ring: the first pane
	} {
		if got := r.step(c.cur, c.d); got != c.want {
			t.Errorf("step(%v, %d) = %v, want %v", c.cur, c.d, got, c.want)
		}
	}
	r.remove(paneViewer)
	if got := r.step(paneTree, 1); got != 7 {
		t.Errorf("after remove: step = %v, want 7", got)
	}
}

func TestTabWalksTheRing(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	m.ring.add(paneID(42)) // a third pane in the ring, found by no lookup
	press(m, "tab")
	if m.focus != paneViewer {
		t.Fatalf("tab: focus %v, want the viewer", m.focus)
	}
	m.ring.remove(paneID(42))
	press(m, "tab")
	if m.focus != paneTree {
		t.Errorf("tab from the viewer: focus %v, want the tree", m.focus)
	}
	_, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	if m.focus != paneViewer {
		t.Errorf("shift+tab from the tree: focus %v, want the viewer (wrapping back)", m.focus)
	}
}

// fakeOverlay records what reaches it.
type fakeOverlay struct {
	overlayBase
	id     paneID
	area   overlayArea
	keys   []string
	closed int
	doneOn string // a key that finishes it
	done   bool
}

func (f *fakeOverlay) ID() paneID                   { return f.id }
func (f *fakeOverlay) Title() string                { return "fake" }
func (f *fakeOverlay) SetSize(int, int)             {}
func (f *fakeOverlay) Size() (int, int)             { return 0, 0 }
func (f *fakeOverlay) View(w, h int, _ bool) string { return strings.Repeat("F", w) }
func (f *fakeOverlay) Generation(job) int           { return 3 }
func (f *fakeOverlay) Area() overlayArea            { return f.area }
func (f *fakeOverlay) Done() bool                   { return f.done }
func (f *fakeOverlay) Close() tea.Cmd               { f.closed++; return nil }
func (f *fakeOverlay) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		f.keys = append(f.keys, msg.String())
		if msg.String() == f.doneOn {
			f.done = true
		}
	case string:
		f.keys = append(f.keys, "msg:"+msg)
	}
	return nil
}

func TestOverlayStackKeysGoToTheTopFirst(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 24)
	low := &fakeOverlay{id: 100, area: areaViewer, doneOn: "x"}
	high := &fakeOverlay{id: 101, area: areaViewer}
	m.pushOverlay(low)
	m.pushOverlay(high)
	cursor := m.tree.Cursor()
	press(m, "j", "q", "tab", "?")
	if got := strings.Join(high.keys, " "); got != "j q tab ?" {
		t.Errorf("top overlay got %q, want every key", got)
	}
	if len(low.keys) != 0 {
		t.Errorf("the overlay below got %v", low.keys)
	}
	if m.tree.Cursor() != cursor || m.focus != paneTree || m.Overlays.Find(paneHelp) != nil {
		t.Errorf("a key under an overlay reached the panes or the global bindings")
	}
	if out := m.Render(); !strings.Contains(out, strings.Repeat("F", m.viewerWidth())) {
		t.Errorf("the viewer-area overlay is not drawn over the viewer:\n%s", out)
	}

	press(m, "esc")
	if m.Overlays.Top() != low || high.closed != 1 {
		t.Fatalf("esc: top %v, closed %d; want the top popped and closed", m.Overlays.Top(), high.closed)
	}
	if len(high.keys) != 4 || len(low.keys) != 0 {
		t.Errorf("esc was passed on: high %v, low %v", high.keys, low.keys)
	}
	press(m, "j", "x") // x finishes it: popped without esc
	if got := strings.Join(low.keys, " "); got != "j x" {
		t.Errorf("the next overlay got %q", got)
	}
	if m.Overlays.Top() != nil || low.closed != 1 {
		t.Fatalf("a done overlay was not popped (closed %d)", low.closed)
	}
	press(m, "j")
	if m.tree.Cursor() != cursor+1 {
		t.Errorf("with the stack empty, j did not reach the tree")
	}
	press(m, "esc") // nothing to pop: the focused pane's own esc
	if m.Overlays.Top() != nil {
		t.Errorf("esc on an empty stack")
	}
}

func TestHelpIsAnOverlay(t *testing.T) {
	m := start(t, panetest.FixtureRepo(t), 80, 12)
	press(m, "?")
	h, ok := m.Overlays.Top().(*help.Pane)
	if !ok {
		t.Fatalf("? did not open the help overlay")
	}
	if !strings.Contains(m.Render(), "repox keys") {
		t.Errorf("help not drawn")
	}
	press(m, "j")
	if h.Top() != 1 || m.Overlays.Top() != h {
		t.Errorf("j in help: top %d, open %v; want it scrolled and still open", h.Top(), m.Overlays.Top() == h)
	}
	press(m, "tab")
	if m.Overlays.Top() != h || m.focus != paneTree {
		t.Errorf("tab in help: want every section shown, the help open and focus unchanged (focus %v)", m.focus)
	}
	press(m, "x")
	if m.Overlays.Top() != nil || m.focus != paneTree {
		t.Errorf("x in help: want help closed and focus unchanged (focus %v)", m.focus)
	}
	press(m, "?", "esc")
	if m.Overlays.Top() != nil {
		t.Errorf("esc did not close help")
	}
	press(m, "?")
	_, cmd := m.Update(panetest.Key("ctrl+c"))
	if cmd == nil || cmd() != tea.Quit() || m.Overlays.Top() != nil {
		t.Errorf("ctrl+c in help should close it and quit")
	}
}

// drain runs cmd and returns the messages it produces, unbatched, without
// feeding them to the model.
func drain(cmd tea.Cmd) []tea.Msg {
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case nil:
		default:
			out = append(out, msg)
		}
	}
	return out
}

func envelopes(cmd tea.Cmd, to paneID, j job) []paneMsg {
	var out []paneMsg
	for _, msg := range drain(cmd) {
		if env, ok := msg.(paneMsg); ok && env.To == to && env.Job == j {
			out = append(out, env)
		}
	}
	return out
}

func TestStaleEnvelopesAreDropped(t *testing.T) {
	dir := panetest.FixtureRepo(t)

	t.Run("window of a file no longer open", func(t *testing.T) {
		m := start(t, dir, 80, 24)
		old := envelopes(m.openFile("docs/long.txt", 1), paneViewer, jobLoad)
		if len(old) != 1 {
			t.Fatalf("%d window envelopes", len(old))
		}
		run(m, m.openFile("src/main.go", 1))
		m.Update(old[0])
		if m.viewer.Path() != "src/main.go" || m.viewer.Total() != 8 {
			t.Errorf("a window of the previous file was installed: total %d", m.viewer.Total())
		}
		// The same window, current, is installed: the check can tell.
		fresh := envelopes(m.openFile("docs/long.txt", 1), paneViewer, jobLoad)
		m.Update(fresh[0])
		if m.viewer.Total() != 1400 {
			t.Errorf("the current window was dropped: total %d", m.viewer.Total())
		}
	})

	t.Run("gate verdict superseded by a newer check", func(t *testing.T) {
		m := start(t, dir, 80, 24)
		run(m, m.openFile("src/main.go", 1))
		older := envelopes(m.checkGate(), paneViewer, jobGate) // worked out before the read: shut
		explicitRead(t, m, "src/main.go")
		newer := envelopes(m.checkGate(), paneViewer, jobGate) // after it: open
		if len(older) != 1 || len(newer) != 1 {
			t.Fatal("no gate envelopes")
		}
		m.Update(newer[0])
		m.Update(older[0])
		if g := m.viewer.Gate(); g == nil || g.Cause != repoops.GateAllowed {
			t.Errorf("the older verdict replaced the newer: %+v", g)
		}
	})

	t.Run("agent call of a view turned off or redone", func(t *testing.T) {
		m := start(t, dir, 80, 24)
		first := envelopes(m.toggleAgent(), paneTree, jobAgent)
		m.toggleAgent() // off
		m.Update(first[0])
		if a := m.tree.Agent(); a.On || a.Text != "" {
			t.Errorf("an answer for a view turned off was shown")
		}
		second := envelopes(m.toggleAgent(), paneTree, jobAgent)
		m.Update(first[0])
		if m.tree.Agent().Text != "" {
			t.Errorf("the answer of an earlier call was shown")
		}
		m.Update(second[0])
		if !strings.HasPrefix(m.tree.Agent().Text, ".") || m.tree.Agent().Loading {
			t.Errorf("the current answer was dropped: %q", m.tree.Agent().Text)
		}
	})

	t.Run("pane not open", func(t *testing.T) {
		m := start(t, dir, 80, 24)
		o := &fakeOverlay{id: 100, area: areaViewer}
		m.pushOverlay(o)
		m.Update(paneMsg{To: 100, Job: jobLoad, Gen: 2, Msg: "old"})
		m.Update(paneMsg{To: 100, Job: jobLoad, Gen: 3, Msg: "now"})
		press(m, "esc")
		m.Update(paneMsg{To: 100, Job: jobLoad, Gen: 3, Msg: "after"})
		if got := strings.Join(o.keys, " "); got != "msg:now" {
			t.Errorf("overlay got %q, want only the current message while it was open", got)
		}
	})
}

// TestAgentAnswerForAnotherFileDropped: opening a file resets the viewer's
// agent view; an answer still on its way for the file open before must not
// land in the new file's view, even when that view is turned on at once.
func TestAgentAnswerForAnotherFileDropped(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	run(m, m.openFile("docs/long.txt", 1))
	m.focus = paneViewer
	old := envelopes(m.toggleAgent(), paneViewer, jobAgent)
	run(m, m.openFile("src/main.go", 1))
	fresh := envelopes(m.toggleAgent(), paneViewer, jobAgent)
	m.Update(old[0])
	if a := m.viewer.Agent(); strings.Contains(a.Text, "docs/long.txt") {
		t.Fatalf("src/main.go's agent view shows the answer for docs/long.txt:\n%s", a.Text)
	}
	m.Update(fresh[0])
	if a := m.viewer.Agent(); !strings.HasPrefix(a.Text, "src/main.go") {
		t.Errorf("the current answer was dropped: %q", a.Text)
	}
}

// TestLookingNeverChangesTheGate: the viewer's windows (a whole 1,400-line
// file, a window around FILE:1200) and the agent view's default read
// record nothing in the explorer session; only an explicit tool call does.
func TestLookingNeverChangesTheGate(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 120, 40)
	openFixtureFile(t, m, dir, "docs/long.txt")
	if _, ok := m.Session.Seen("docs/long.txt"); ok {
		t.Fatal("the viewer's window recorded a read in the explorer session")
	}
	if g, text, _ := m.gateStatus(); g != ui.GateNotRead || !strings.Contains(text, "explorer session") || !strings.Contains(text, "not read") {
		t.Fatalf("after opening: gate %v %q, want not read, naming the explorer session", g, text)
	}
	press(m, "tab", "a") // the agent view's default read (limit 1000)
	if !strings.HasPrefix(m.viewer.Agent().Text, "docs/long.txt — lines 1-1000 of 1400") {
		t.Fatalf("agent view text %q", m.viewer.Agent().Text)
	}
	press(m, "a")
	run(m, m.openFile("docs/long.txt", 1200))
	if _, ok := m.Session.Seen("docs/long.txt"); ok {
		t.Fatal("the agent view or FILE:1200 recorded a read")
	}
	if g, _, _ := m.gateStatus(); g != ui.GateNotRead {
		t.Errorf("gate %v after looking, want not read", g)
	}
	// An explicit tool call does count.
	explicitRead(t, m, "docs/long.txt")
	run(m, m.checkGate())
	if g, text, _ := m.gateStatus(); g != ui.GateFull || !strings.Contains(text, "open — all 1,400 lines seen, unchanged") {
		t.Errorf("after an explicit full read: %v %q", g, text)
	}
}

// explicitRead is an explicit full repo_read_file by the explorer session,
// as the tool console or the edit preview's "read it in full" makes it.
func explicitRead(t testing.TB, m *Model, path string) {
	t.Helper()
	res := m.Session.Call(context.Background(), "repo_read_file", []byte(`{"path":"`+path+`","limit":2000}`))
	if res.IsError {
		t.Fatal(res.Text)
	}
}
