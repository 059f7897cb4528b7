package model

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/demo"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/model/tour"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// tourSetup writes the demo and computes the tour's silent sides on it,
// as `repox demo` does.
func tourSetup(t *testing.T) *tour.Setup {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := filepath.Join(t.TempDir(), "demo")
	if err := demo.Write(dir); err != nil {
		t.Fatal(err)
	}
	transcript, err := demo.WriteSession(dir)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := demo.Contrasts(dir)
	if err != nil {
		t.Fatal(err)
	}
	s := &tour.Setup{Dir: dir, Transcript: transcript, TranscriptName: demo.SessionPath}
	for _, c := range cs {
		s.Contrasts = append(s.Contrasts, tour.Contrast{Label: c.Label, Silent: c.Silent, Prepare: c.Prepare, Call: c.Call})
	}
	return s
}

// tourModel is the explorer on the demo with the tour, Init run.
func tourModel(t *testing.T, s *tour.Setup, w, h int) *Model {
	t.Helper()
	return tourModelAt(t, s.Dir, s, w, h)
}

// tourModelAt is tourModel on the demo at dir, s naming another folder.
func tourModelAt(t *testing.T, dir string, s *tour.Setup, w, h int) *Model {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	m := New(context.Background(), repo, Config{Name: "demo", Tour: s})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	drive(t, m, m.Init(), stepSettled(m))
	return m
}

// stepSettled is done once the panes of the tour's step on screen are
// set up and their work has landed.
func stepSettled(m *Model) func() bool {
	return func() bool {
		t := m.tours.tour
		if t == nil || !m.tree.Settled() || (m.viewer.Path() != "" && m.viewer.Total() < 0) {
			return false
		}
		switch t.Step().Kind {
		case tour.KindContrast:
			if m.console == nil || m.Overlays.Top() != m.console {
				return false
			}
			call, res := m.console.Last()
			c := t.Contrast()
			if p := tour.CallPath(c.Prepare); p != "" {
				// the viewer's gate says what the session holds now
				if m.viewer.Path() != p || m.viewer.Gate() == nil || m.viewer.Gate().Cause != m.Session.GateCheck(p).Cause {
					return false
				}
			}
			return res != nil && call == c.Call
		case tour.KindSession:
			return settled(m, 5)()
		}
		// the session replayed in step 6 goes on (its gate on the status
		// line), and the viewer's own gate is in: the status line words it
		// shorter until then
		return len(m.Overlays.Items) == 0 && (m.viewer.Path() == "" || m.viewer.Gate() != nil) && m.sessions.Settled()
	}
}

// tourPress presses keys and drives what they lead to until the step is
// set up.
func tourPress(t *testing.T, m *Model, keys ...string) {
	t.Helper()
	for _, k := range keys {
		_, cmd := m.Update(panetest.Key(k))
		drive(t, m, cmd, stepSettled(m))
	}
}

// goldenDemoDir is the demo folder the golden frames show: the folder is
// the presenter's and differs from run to run, so the frames name this
// one (the tour only shows the folder; the repository is opened apart).
const goldenDemoDir = "/tmp/repox-demo-0000000000/demo"

// TestTourGolden goes through the seven steps with n and back with p:
// each step's frame (for the replayed session, whose pane shows the
// transcript's absolute paths, the tour's panel and bar) is a golden, and
// going back draws each step's panes again as they were. Update with
// `go test ./model/ -run TourGolden -update`.
func TestTourGolden(t *testing.T) {
	s := tourSetup(t)
	real := s.Dir
	for _, sz := range goldenSizes {
		shown := *s
		shown.Dir = goldenDemoDir
		m := tourModelAt(t, real, &shown, sz[0], sz[1])
		frame := func() string {
			if m.console != nil {
				m.console.SetDuration(1) // it varies from run to run
			}
			if m.tours.tour.Step().Kind == tour.KindSession {
				return m.tourPanelView() + "\n" + m.Render()[strings.LastIndexByte(m.Render(), '\n')+1:]
			}
			return m.Render()
		}
		forward := make([]string, len(tour.Steps))
		for i := range tour.Steps {
			if got := m.tours.tour.At(); got != i {
				t.Fatalf("at step %d, want %d", got+1, i+1)
			}
			forward[i] = frame()
			t.Run(fmt.Sprintf("step%d_%dx%d", i+1, sz[0], sz[1]), func(t *testing.T) {
				golden.RequireEqual(t, ascii(t, forward[i]))
			})
			if i < len(tour.Steps)-1 {
				tourPress(t, m, "n")
			}
		}
		for i := len(tour.Steps) - 2; i >= 0; i-- {
			tourPress(t, m, "p")
			// the status line names the file the viewer last opened (a later
			// step's): everything else is drawn again as it was
			if got := frame(); withoutStatus(got) != withoutStatus(forward[i]) {
				t.Errorf("%dx%d: step %d drawn after p differs from the way there:\n%s\n---\n%s", sz[0], sz[1], i+1, ansi.Strip(got), ansi.Strip(forward[i]))
			}
		}
	}
}

// withoutStatus is a frame without its status line (the last but one).
func withoutStatus(frame string) string {
	lines := strings.Split(frame, "\n")
	if len(lines) < 2 {
		return frame
	}
	return strings.Join(append(lines[:len(lines)-2:len(lines)-2], lines[len(lines)-1]), "\n")
}

// tourPanelView is the tour's panel as the frame draws it.
func (m *Model) tourPanelView() string {
	p, _ := m.tourPanel(m.treeWidth(), m.treeHeight())
	return p
}

// Each contrast step runs repox's call in the console, in the explorer's
// session, after the read it needs: the answers are the tool's own.
func TestTourStepsRunRepoxsCalls(t *testing.T) {
	s := tourSetup(t)
	m := tourModel(t, s, 120, 40)
	for i, c := range s.Contrasts {
		if i > 0 {
			tourPress(t, m, "n")
		}
		call, res := m.console.Last()
		if call != c.Call || res == nil {
			t.Fatalf("step %d: the console ran %q, want %q", i+1, call, c.Call)
		}
		check := m.Repo.NewSession()
		if c.Prepare != "" {
			tool, args := tour.SplitCall(c.Prepare)
			check.Call(context.Background(), tool, args)
		}
		tool, args := tour.SplitCall(c.Call)
		if want := check.Call(context.Background(), tool, args); res.Text != want.Text || res.IsError != want.IsError {
			t.Errorf("step %d: the console shows\n%s\nthe tool answers\n%s", i+1, res.Text, want.Text)
		}
	}
	if m.viewer.Path() != "server/handlers.go" {
		t.Errorf("step 5 shows %q in the viewer, want the file whose gate it is about", m.viewer.Path())
	}
	if st := m.status(); !strings.Contains(st.GateText, "lines 1-1,000 of 1,400") {
		t.Errorf("step 5's status line gate: %q", st.GateText)
	}
}

// ? lists the steps; a number goes there; y on the last step copies the
// MCP config through the root's copy path; x ends the tour and gives the
// tree its place back.
func TestTourListCopyAndEnd(t *testing.T) {
	t.Setenv("TERM", "xterm-256color")
	s := tourSetup(t)
	m := tourModel(t, s, 120, 40)
	m.Update(panetest.Key("?"))
	if o := m.Overlays.Top(); o == nil || o.ID() != paneTourSteps {
		t.Fatalf("? opened %v, want the step list", o)
	}
	if !strings.Contains(ansi.Strip(m.Render()), "4. the ambiguous edit") {
		t.Errorf("the step list does not list the steps:\n%s", ansi.Strip(m.Render()))
	}
	_, cmd := m.Update(panetest.Key("3"))
	drive(t, m, cmd, func() bool { return m.tours.tour.At() == 2 && stepSettled(m)() })
	if call, _ := m.console.Last(); call != s.Contrasts[2].Call {
		t.Errorf("step 3 from the list ran %q", call)
	}
	tourPress(t, m, "p", "p", "p")
	if m.tours.tour.At() != 0 || !strings.Contains(m.message, "first step") {
		t.Errorf("p at the first step: at %d, message %q", m.tours.tour.At(), m.message)
	}
	if m.Update(panetest.Key("y")); m.copying.text != "" {
		t.Errorf("y copied %q before the last step", m.copying.text)
	}
	for range len(tour.Steps) - 1 {
		tourPress(t, m, "n")
	}
	m.Update(panetest.Key("y"))
	if want := m.tours.tour.Snippet(); m.copying.text != want || !strings.Contains(want, `"--root", "`+s.Dir+`"`) {
		t.Errorf("y copied %q, want the config for %s", m.copying.text, s.Dir)
	}
	_, cmd = m.Update(panetest.Key("x"))
	drive(t, m, cmd, func() bool { return len(m.Overlays.Items) == 0 })
	if m.tours.tour != nil || strings.Contains(m.Render(), "step 7 of 7") {
		t.Error("x did not end the tour")
	}
	if !strings.Contains(ansi.Strip(m.Render()), "server/") {
		t.Errorf("the tree is not back:\n%s", ansi.Strip(m.Render()))
	}
}

// TestTourFlow drives the real program through every step and back.
func TestTourFlow(t *testing.T) {
	s := tourSetup(t)
	tm, waitFor, _ := teaProgram(t, s.Dir, Config{Name: "demo", Tour: s}, 120, 40)
	marks := []string{
		"(stopped at depth 3",
		"assets/icons/icon-000.svg",
		"4dd3d48 2026-01-20",
		"occurs 2 times",
		"offset=1001 limit=400",
		"Route 259 should answer",
		`"mcpServers": {`,
	}
	waitFor(marks[0])
	for _, mark := range marks[1:] {
		tm.Type("n")
		waitFor(mark)
	}
	for i := len(marks) - 2; i >= 0; i-- {
		tm.Type("p")
		waitFor(marks[i])
	}
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape}) // the console
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	fm.Shutdown()
	if fm.tours.tour.At() != 0 {
		t.Errorf("ended at step %d", fm.tours.tour.At()+1)
	}
}

// x ends the tour with the tree focused, so the README's next steps (l to
// open a folder, j to move) work at once rather than reaching the empty
// viewer.
func TestTourEndFocusesTheTree(t *testing.T) {
	s := tourSetup(t)
	m := tourModel(t, s, 120, 40)
	_, cmd := m.Update(panetest.Key("x"))
	drive(t, m, cmd, func() bool { return len(m.Overlays.Items) == 0 })
	if m.focus != paneTree {
		t.Fatalf("after x the focus is on %v, want the tree", m.focus)
	}
	before := m.tree.Cursor()
	press(m, "j")
	if m.tree.Cursor() == before {
		t.Errorf("j after x did not move the tree's cursor")
	}
}

// Step 2's point is repo_find's count of all 700 icons: its footer is on
// screen at every size the tour is shown at, not below the console's fold.
func TestTourStep2ShowsTheCount(t *testing.T) {
	s := tourSetup(t)
	for _, sz := range [][2]int{{80, 24}, {120, 36}, {160, 45}} {
		m := tourModel(t, s, sz[0], sz[1])
		tourPress(t, m, "n")
		if screen := ansi.Strip(m.Render()); !strings.Contains(screen, "of 700 matches") {
			t.Errorf("%dx%d: step 2 does not show repo_find's count:\n%s", sz[0], sz[1], screen)
		}
	}
}

// Step 6 opens the replayed session on the call whose finding is the
// step's point (the edit of a line it never read), not on its last call,
// which has none.
func TestTourStep6OpensOnTheFinding(t *testing.T) {
	s := tourSetup(t)
	m := tourModel(t, s, 120, 40)
	tourPress(t, m, "n", "n", "n", "n", "n")
	if m.tours.tour.Step().Kind != tour.KindSession {
		t.Fatalf("step %d is not the session", m.tours.tour.At()+1)
	}
	g := m.sessions.Progress()
	if g.Calls < 2 || g.Cursor == g.Calls-1 {
		t.Fatalf("the session's cursor is on call %d of %d: the last", g.Cursor+1, g.Calls)
	}
	if screen := ansi.Strip(m.Render()); !strings.Contains(screen, "edit-unread") {
		t.Errorf("step 6 does not show the finding:\n%s", screen)
	}
}

// The session step 6 replays is the demo's own, kept in its ignored
// build/ folder where no agent's folder is: c lists it too (during the
// tour and after x), rather than saying no session was recorded.
func TestTourSessionIsListedByC(t *testing.T) {
	s := tourSetup(t)
	t.Setenv("HOME", t.TempDir()) // no agent's own sessions
	for _, k := range []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_STATE_HOME", "GEMINI_CLI_HOME"} {
		t.Setenv(k, "")
	}
	m := tourModel(t, s, 120, 40)
	_, cmd := m.Update(panetest.Key("x"))
	drive(t, m, cmd, func() bool { return len(m.Overlays.Items) == 0 })
	_, cmd = m.Update(panetest.Key("c"))
	drive(t, m, cmd, func() bool { return m.sessions != nil && m.sessions.Settled() })
	screen := ansi.Strip(m.Render())
	if strings.Contains(screen, "no agent sessions recorded") || !strings.Contains(screen, "claude-code") {
		t.Errorf("c in the demo does not list the tour's session:\n%s", screen)
	}
}

// A narrow split remembered from an earlier run does not squeeze the
// tour's panel: the tour takes at least its own share (a wider one that
// was remembered stays), so the demo folder's path is not cut.
func TestTourPanelIgnoresANarrowRememberedSplit(t *testing.T) {
	s := tourSetup(t)
	repo, err := repoops.Open(s.Dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	cfg := Config{Name: "demo", Tour: s}
	cfg.Settings.Split = SplitMin
	m := New(context.Background(), repo, cfg)
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(t, m, m.Init(), stepSettled(m))
	want, _ := ui.LayoutSplit(120, tourSplit)
	if got := m.treeWidth(); got < want {
		t.Errorf("with a remembered split of %d%% the tour's panel is %d wide, want at least %d", SplitMin, got, want)
	}
	var panel strings.Builder // the panel's text, its wrapped lines joined
	for _, l := range strings.Split(ansi.Strip(m.Render()), "\n") {
		panel.WriteString(strings.ReplaceAll(ansi.Cut(l, 0, m.treeWidth()), " ", ""))
	}
	if !strings.Contains(panel.String(), "demofolder:"+strings.ReplaceAll(s.Dir, " ", "")) {
		t.Errorf("the demo folder's path is cut:\n%s", ansi.Strip(m.Render()))
	}
}

// Step 7 shows the demo's README.md, what to explore after the tour, not
// the file step 6's session left open.
func TestTourStep7ShowsTheDemoReadme(t *testing.T) {
	s := tourSetup(t)
	m := tourModel(t, s, 120, 40)
	for range len(tour.Steps) - 1 {
		tourPress(t, m, "n")
	}
	if p := m.viewer.Path(); p != "README.md" {
		t.Errorf("step 7 shows %q, want the demo's README.md", p)
	}
}
