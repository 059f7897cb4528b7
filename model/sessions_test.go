package model

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/model/sessions"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// drive runs cmd and what it leads to the way the program does, until
// done holds: one panetest.Driver a model, kept for the whole test.
func drive(t testing.TB, m *Model, cmd tea.Cmd, done func() bool) {
	t.Helper()
	drivenMu.Lock()
	d := driven[m]
	if d == nil {
		d = panetest.NewDriver(t, func(msg tea.Msg) tea.Cmd { _, c := m.Update(msg); return c }, m.Shutdown)
		driven[m] = d
	}
	drivenMu.Unlock()
	d.Drive(t, cmd, done, func() string { return fmt.Sprintf("the sessions pane: %+v", m.sessions) })
}

var (
	drivenMu sync.Mutex
	driven   = map[*Model]*panetest.Driver{}
)

// settled: every call arrived has been replayed, the jump has landed and
// the agent's gate for the open file is in.
func settled(m *Model, calls int) func() bool {
	return func() bool {
		p := m.sessions
		return p != nil && p.Progress().Following && p.Progress().Calls == calls && p.Settled() &&
			(m.viewer.Path() == "" || m.viewer.Total() > 0) && m.tree.Settled()
	}
}

// sessionsModel is the explorer on the fixture (README.md changed since
// the agent read it), following the log at logPath.
func sessionsModel(t testing.TB, w, h int, logPath, session string) *Model {
	t.Helper()
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{"README.md": "# fixture\n\nA small repository, changed since.\n"})
	m := newTestModel(t, dir, w, h)
	t.Cleanup(m.Shutdown)
	// the scripted agents are followed as they write: their records are
	// minutes old, so the pane judges them live (transcript.Live)
	m.useSessions(sessions.New(m.common, panetest.FakeEnvAt(t.TempDir(), panetest.LiveNow)))
	m.cfg.Transcript, m.cfg.TranscriptSession = logPath, session
	return m
}

func TestSessionsFollowMarksAndGate(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 120, 40, log, "s1")
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	// The newest call is selected and the tree and viewer jumped to it.
	if g := m.sessions.Progress(); g.Cursor != panetest.S1Calls-1 || !g.Newest {
		t.Fatalf("cursor %d follow %v, want the newest call followed", g.Cursor, g.Newest)
	}
	if m.viewer.Path() != "src/main.go" {
		t.Fatalf("viewer shows %q, want the edited file", m.viewer.Path())
	}
	if path, _, _ := m.tree.Selected(); path != "src/main.go" {
		t.Fatalf("tree selects %q, want src/main.go", path)
	}
	if m.viewer.Cursor() != 7 {
		t.Errorf("viewer cursor at %d, want the edited line 7", m.viewer.Cursor())
	}

	// The tree marks come from s1's horizon.
	want := map[string]string{"README.md": ui.SeenRead, "src/util/strings.go": ui.SeenListed, "src/main.go": ui.SeenEdited, "docs/long.txt": "", "deep/a/b/c/leaf.txt": ""}
	marks := map[string]string{}
	for n := range want {
		marks[n] = m.common.Marks.TreeMark(n)
	}
	for k, v := range want {
		if marks[k] != v {
			t.Errorf("tree mark of %s = %q, want %q", k, marks[k], v)
		}
	}
	// s1's agent edited its own checkout: on disk line 7 is the old
	// text, so the edit's mark is on the file as the session left it
	if mk, _ := m.common.Marks.LineMark("src/main.go", 7, true); mk != ui.GutterEdited {
		t.Errorf("gutter mark of the edited line, replayed = %q", mk)
	}
	if mk, _ := m.common.Marks.LineMark("src/main.go", 7, false); mk != ui.GutterNotOnDisk {
		t.Errorf("gutter mark of the edited line, on disk = %q", mk)
	}
	if mk, _ := m.common.Marks.LineMark("src/main.go", 2, false); mk != ui.GutterRead {
		t.Errorf("gutter mark of a read line = %q", mk)
	}

	// The agent's gate: s1 read src/main.go in full and edited it, so its
	// gate is open; the explorer's own session never read it for an edit.
	st := m.status()
	if st.AgentGate != "agent session s1: edit gate open (all lines seen, unchanged)" {
		t.Errorf("agent gate %q", st.AgentGate)
	}
	if strings.Contains(st.GateText, "agent session") || st.GateText == st.AgentGate {
		t.Errorf("the explorer's gate %q is not kept apart from the agent's %q", st.GateText, st.AgentGate)
	}
	frame := ansi.Strip(m.Render())
	if !strings.Contains(frame, "repox · session s1") {
		t.Errorf("the frame does not label the agent's session:\n%s", frame)
	}
}

// A session that never read the file: its gate is shut and nothing in the
// tree is marked read; the marks are the chosen session's, not the log's.
func TestSessionsMarksAreTheChosenSessions(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 120, 40, log, "s2")
	drive(t, m, m.Init(), settled(m, 1))
	if m.common.Marks.TreeMark("src/main.go") != "" || m.common.Marks.TreeMark("README.md") != "" {
		t.Errorf("s2 never touched these files, yet they are marked: %q %q",
			m.common.Marks.TreeMark("src/main.go"), m.common.Marks.TreeMark("README.md"))
	}
	if mk := m.common.Marks.TreeMark("deep/a/b/c/leaf.txt"); mk != ui.SeenListed {
		t.Errorf("s2 found deep/a/b/c/leaf.txt: mark %q", mk)
	}
	run(m, m.openFile("src/main.go", 1))
	drive(t, m, nil, settled(m, 1))
	if st := m.status(); st.AgentGate != "agent session s2: edit gate shut (never read)" {
		t.Errorf("s2's gate %q", st.AgentGate)
	}
}

// tab hides the pane and keeps the session (marks, following); c shows it
// as it was; esc closes it, stops following and clears the marks.
func TestSessionsHideShowClose(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	press(m, "tab")
	if m.Overlays.Find(paneSessions) != nil {
		t.Fatal("tab did not hide the pane")
	}
	if m.common.Marks == nil || !m.sessions.Progress().Following {
		t.Fatal("hiding dropped the session")
	}
	if !strings.Contains(ansi.Strip(m.TreeView(m.treeWidth(), m.treeHeight())), "main.go "+ui.SeenEdited) {
		t.Errorf("tree without the agent's marks:\n%s", ansi.Strip(m.TreeView(m.treeWidth(), m.treeHeight())))
	}
	// s1's agent edited its own checkout: the fixture's line 7 is not
	// its edit (notondisk_test.go has the file as the session left it)
	if v := ansi.Strip(m.ViewerView(m.viewerWidth(), m.viewerHeight())); !strings.Contains(v, "  7"+ui.GutterNotOnDisk) {
		t.Errorf("viewer gutter without the not-on-disk mark on line 7:\n%s", v)
	}
	press(m, "c")
	if m.Overlays.Top() != overlay(m.sessions) || !m.sessions.Progress().Following {
		t.Fatal("c did not bring the session back")
	}
	press(m, "esc")
	if m.common.Marks != nil || m.sessions.Progress().Following {
		t.Errorf("esc left the session followed: marks %v", m.common.Marks)
	}
	if m.status().AgentGate != "" {
		t.Errorf("agent gate still shown: %q", m.status().AgentGate)
	}
}

func TestGoldenSessions(t *testing.T) {
	for _, sz := range goldenSizes {
		t.Run(fmt.Sprintf("calls/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			log := panetest.WriteLog(t, panetest.AgentScript)
			m := sessionsModel(t, sz[0], sz[1], log, "s1")
			drive(t, m, m.Init(), settled(m, panetest.S1Calls))
			_, cmd := m.Update(panetest.Key("g")) // gg: the first call
			drive(t, m, cmd, settled(m, panetest.S1Calls))
			_, cmd = m.Update(panetest.Key("g"))
			drive(t, m, cmd, settled(m, panetest.S1Calls))
			golden.RequireEqual(t, ascii(t, m.Render()))
		})
		t.Run(fmt.Sprintf("hidden/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			log := panetest.WriteLog(t, panetest.AgentScript)
			m := sessionsModel(t, sz[0], sz[1], log, "s1")
			drive(t, m, m.Init(), settled(m, panetest.S1Calls))
			press(m, "tab")
			golden.RequireEqual(t, ascii(t, m.Render()))
		})
		t.Run(fmt.Sprintf("list/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			dir := panetest.FixtureRepo(t)
			m := newTestModel(t, dir, sz[0], sz[1])
			run(m, m.Init())
			home := t.TempDir()
			logDir := panetest.FakeEnv(home)().RepoxLogDir()
			os.MkdirAll(logDir, 0o755)
			os.WriteFile(filepath.Join(logDir, "mcp.jsonl"), []byte(panetest.AgentLog(t, panetest.AgentScript, 0)), 0o644)
			m.useSessions(sessions.New(m.common, panetest.FakeEnv(home)))
			_, cmd := m.Update(panetest.Key("c"))
			drive(t, m, cmd, m.sessions.Settled)
			golden.RequireEqual(t, ascii(t, m.Render()))
		})
	}
}

// watched wraps the explorer for teatest: after each Update, on the
// program's goroutine, it publishes what the sessions pane holds, so the
// test can wait on the state rather than on the terminal's diff output.
type watched struct {
	*Model
	state atomic.Value // string: "calls/cursor/replayed/viewer path"
}

func (w *watched) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := w.Model.Update(msg)
	if p := w.sessions; p != nil {
		g := p.Progress()
		path := w.viewer.Path()
		if path != "" && w.viewer.Total() < 0 {
			path += " (reading)"
		}
		w.state.Store(fmt.Sprintf("%d/%d/%d/%s", g.Calls, g.Cursor, g.Replayed, path))
	}
	return w, cmd
}

// TestSessionsFlow drives the real program on `repox replay FILE`'s
// configuration: the pane follows a log, calls appended to it appear and
// are replayed, and the newest is followed into the viewer.
func TestSessionsFlow(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	log := panetest.WriteLog(t, panetest.AgentScript[:2])
	m := New(context.Background(), repo, Config{Name: "fixture", Transcript: log, TranscriptSession: "s1"})
	defer m.Shutdown()
	w := &watched{Model: m}
	tm := teatest.NewTestModel(t, w,
		teatest.WithInitialTermSize(120, 30),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ASCII)))
	out := tm.Output()
	waitState := func(want string) {
		t.Helper()
		var last string
		err := func() (err error) {
			deadline := time.Now().Add(20 * time.Second)
			for time.Now().Before(deadline) {
				io.Copy(io.Discard, out) // keep the program's output flowing
				if last, _ = w.state.Load().(string); last == want {
					return nil
				}
				time.Sleep(10 * time.Millisecond)
			}
			return fmt.Errorf("state %q, want %q", last, want)
		}()
		if err != nil {
			t.Fatal(err)
		}
	}
	waitState("2/1/2/")
	panetest.AppendLog(t, log, panetest.AgentLog(t, panetest.AgentScript[2:3], 2))
	waitState("3/2/3/src/main.go")
	panetest.AppendLog(t, log, panetest.AgentLog(t, panetest.AgentScript[3:6], 3))
	waitState("6/5/6/src/main.go")
	tm.Type("q")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*watched)
	if st := fm.sessions.Status(); st.Path != "src/main.go" || fm.viewer.Cursor() != 7 {
		t.Fatalf("final: the newest call's file %q, viewer cursor %d", st.Path, fm.viewer.Cursor())
	}
	if got := ansi.Strip(fm.Render()); !strings.Contains(got, "#6 09:30:05 repo_edit src/main.go:7") {
		t.Errorf("the newest call is not shown:\n%s", got)
	}
}

// A live agent's edit is on disk: following it reads the open file again
// rather than showing the lines from before the edit.
func TestSessionsLiveEditRereadsTheViewer(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript[4:5]) // a full read of src/main.go
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, 1))
	if l, ok := m.viewer.LineText(7); !ok || !strings.Contains(l, "hello, needle") {
		t.Fatalf("viewer before the edit: %+v", l)
	}
	// the agent edits the explored tree itself, then the log records it
	writeFiles(t, m.Repo.Dir(), map[string]string{"src/main.go": strings.Replace(
		"package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, needle\")\n}\n", "hello, needle", "hello, world", 1)})
	panetest.AppendLog(t, log, panetest.AgentLog(t, panetest.AgentScript[4:6], 1))
	drive(t, m, nil, settled(m, 3))
	if l, ok := m.viewer.LineText(7); !ok || !strings.Contains(l, "hello, world") {
		t.Errorf("the viewer still shows the file from before the agent's edit: %+v", l)
	}
}

// A click over the viewer while the pane covers it goes to the pane (the
// call under the pointer is selected), not to the hidden viewer.
func TestSessionsClickGoesToThePane(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	cursor := m.viewer.Cursor()
	x := m.treeWidth() + 5
	_, cmd := m.Update(tea.MouseClickMsg{X: x, Y: 2, Button: tea.MouseLeft}) // row 2: the second call
	drive(t, m, cmd, settled(m, panetest.S1Calls))
	if g := m.sessions.Progress(); g.Cursor != 1 || g.Newest {
		t.Errorf("click selected call %d (follow %v), want the second", g.Cursor, g.Newest)
	}
	if m.viewer.Cursor() != cursor {
		t.Errorf("the click moved the hidden viewer's cursor: %d, was %d", m.viewer.Cursor(), cursor)
	}
	_, cmd = m.Update(tea.MouseWheelMsg{X: x, Y: 3, Button: tea.MouseWheelDown})
	drive(t, m, cmd, settled(m, panetest.S1Calls))
	if g := m.sessions.Progress(); g.Cursor != 4 {
		t.Errorf("wheel down from the second call: cursor %d, want 4", g.Cursor)
	}
}
