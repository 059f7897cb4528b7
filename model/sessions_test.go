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
	"github.com/repoxhq/repox/model/sessions"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// agentCall is one call of a scripted agent session.
type agentCall struct {
	session, tool, args string
}

// agentScript is the session the sessions tests follow: a full read of
// README.md (which the explorer's copy then changes), a find, a partial
// read of src/main.go, an edit refused for it, a full read and an edit
// that lands. Session s2 only finds deep/a/b/c/leaf.txt.
var agentScript = []agentCall{
	{"s1", "repo_read_file", `{"path":"README.md"}`},
	{"s1", "repo_find", `{"query":"strings"}`},
	{"s1", "repo_read_file", `{"path":"src/main.go","limit":4}`},
	{"s1", "repo_edit", `{"path":"src/main.go","old_string":"hello, needle","new_string":"hello, world"}`},
	{"s1", "repo_read_file", `{"path":"src/main.go"}`},
	{"s1", "repo_edit", `{"path":"src/main.go","old_string":"hello, needle","new_string":"hello, world"}`},
	{"s2", "repo_find", `{"query":"leaf"}`},
}

var agentT0 = time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)

// agentLog runs calls through repoops on a fresh copy of the fixture (the
// agent's own checkout, so its edits do not touch the explored one) and
// returns the call log lines, as `repox mcp --log` writes them.
func agentLog(t testing.TB, calls []agentCall, from int) string {
	t.Helper()
	dir := fixtureRepo(t)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	sess := map[string]*repoops.Session{}
	var b strings.Builder
	for i, c := range calls {
		s := sess[c.session]
		if s == nil {
			s = repo.NewSession()
			sess[c.session] = s
		}
		rec, _ := s.CallRecorded(context.Background(), c.tool, []byte(c.args))
		rec.Session = c.session
		rec.Time = agentT0.Add(time.Duration(from+i) * time.Second)
		rec.DurationMs = 1
		line, err := repoops.MarshalCallRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
	}
	return b.String()
}

// fakeEnv keeps discovery inside home.
func fakeEnv(home string) func() replay.Env {
	return func() replay.Env {
		return replay.Env{Home: home, ClaudeConfigDir: filepath.Join(home, ".claude"), CodexHome: filepath.Join(home, ".codex"),
			StateHome: filepath.Join(home, ".local", "state"), Now: agentT0.Add(24 * time.Hour)}
	}
}

// drive runs cmd and what it leads to the way the program does, each
// command on its own goroutine and each message through Update on this
// one, until done holds. Commands that wait (the follower) simply wait.
// The bound only keeps a broken test from hanging; no timing is asserted.
func drive(t testing.TB, m *Model, cmd tea.Cmd, done func() bool) {
	t.Helper()
	drivenMu.Lock()
	d, ok := driven[m]
	if !ok {
		// one channel per model: a command launched by an earlier drive
		// (the follower's wait) answers into the next one
		d = &driver{msgs: make(chan tea.Msg, 1024)}
		driven[m] = d
		// before the repository closes: stop following, and let every
		// command still running finish
		t.Cleanup(func() { m.Shutdown(); d.wg.Wait() })
	}
	drivenMu.Unlock()
	msgs := d.msgs
	launch := func(c tea.Cmd) {
		if c != nil {
			d.wg.Add(1)
			go func() { defer d.wg.Done(); msgs <- c() }()
		}
	}
	launch(cmd)
	deadline := time.After(30 * time.Second)
	for !done() {
		select {
		case msg := <-msgs:
			if batch, ok := msg.(tea.BatchMsg); ok {
				for _, c := range batch {
					launch(c)
				}
				continue
			}
			if msg == nil {
				continue
			}
			if _, ok := msg.(tea.QuitMsg); ok {
				continue
			}
			_, next := m.Update(msg)
			launch(next)
		case <-deadline:
			t.Fatalf("the sessions pane did not settle: %+v", m.sessions)
		}
	}
}

var (
	drivenMu sync.Mutex
	driven   = map[*Model]*driver{}
)

type driver struct {
	msgs chan tea.Msg
	wg   sync.WaitGroup
}

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
	dir := fixtureRepo(t)
	writeFiles(t, dir, map[string]string{"README.md": "# fixture\n\nA small repository, changed since.\n"})
	m := newTestModel(t, dir, w, h)
	t.Cleanup(m.Shutdown)
	m.useSessions(sessions.New(m.common, fakeEnv(t.TempDir())))
	m.cfg.Transcript, m.cfg.TranscriptSession = logPath, session
	return m
}

func writeLog(t testing.TB, calls []agentCall) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "calls.jsonl")
	if err := os.WriteFile(p, []byte(agentLog(t, calls, 0)), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func appendLog(t testing.TB, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
}

// s1Calls is the number of calls of session s1 in agentScript.
const s1Calls = 6

func TestSessionsFollowMarksAndGate(t *testing.T) {
	log := writeLog(t, agentScript)
	m := sessionsModel(t, 120, 40, log, "s1")
	drive(t, m, m.Init(), settled(m, s1Calls))
	// The newest call is selected and the tree and viewer jumped to it.
	if g := m.sessions.Progress(); g.Cursor != s1Calls-1 || !g.Newest {
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
	if mk, _ := m.common.Marks.LineMark("src/main.go", 7); mk != ui.GutterEdited {
		t.Errorf("gutter mark of the edited line = %q", mk)
	}
	if mk, _ := m.common.Marks.LineMark("src/main.go", 2); mk != ui.GutterRead {
		t.Errorf("gutter mark of a read line = %q", mk)
	}

	// The agent's gate: s1 read src/main.go in full and edited it, so its
	// gate is open; the explorer's own session never read it for an edit.
	st := m.status()
	if st.AgentGate != "agent session s1: edit gate open (full read, unchanged)" {
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
	log := writeLog(t, agentScript)
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
	log := writeLog(t, agentScript)
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, s1Calls))
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
	if v := ansi.Strip(m.ViewerView(m.viewerWidth(), m.viewerHeight())); !strings.Contains(v, "  7+") {
		t.Errorf("viewer gutter without the edit mark on line 7:\n%s", v)
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
			log := writeLog(t, agentScript)
			m := sessionsModel(t, sz[0], sz[1], log, "s1")
			drive(t, m, m.Init(), settled(m, s1Calls))
			_, cmd := m.Update(keyMsg("g")) // gg: the first call
			drive(t, m, cmd, settled(m, s1Calls))
			_, cmd = m.Update(keyMsg("g"))
			drive(t, m, cmd, settled(m, s1Calls))
			golden.RequireEqual(t, ascii(t, m.Render()))
		})
		t.Run(fmt.Sprintf("hidden/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			log := writeLog(t, agentScript)
			m := sessionsModel(t, sz[0], sz[1], log, "s1")
			drive(t, m, m.Init(), settled(m, s1Calls))
			press(m, "tab")
			golden.RequireEqual(t, ascii(t, m.Render()))
		})
		t.Run(fmt.Sprintf("list/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			dir := fixtureRepo(t)
			m := newTestModel(t, dir, sz[0], sz[1])
			run(m, m.Init())
			home := t.TempDir()
			logDir := fakeEnv(home)().RepoxLogDir()
			os.MkdirAll(logDir, 0o755)
			os.WriteFile(filepath.Join(logDir, "mcp.jsonl"), []byte(agentLog(t, agentScript, 0)), 0o644)
			m.useSessions(sessions.New(m.common, fakeEnv(home)))
			_, cmd := m.Update(keyMsg("c"))
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
	dir := fixtureRepo(t)
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	log := writeLog(t, agentScript[:2])
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
	appendLog(t, log, agentLog(t, agentScript[2:3], 2))
	waitState("3/2/3/src/main.go")
	appendLog(t, log, agentLog(t, agentScript[3:6], 3))
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
	log := writeLog(t, agentScript[4:5]) // a full read of src/main.go
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, 1))
	if l, ok := m.viewer.LineText(7); !ok || !strings.Contains(l, "hello, needle") {
		t.Fatalf("viewer before the edit: %+v", l)
	}
	// the agent edits the explored tree itself, then the log records it
	writeFiles(t, m.Repo.Dir(), map[string]string{"src/main.go": strings.Replace(
		"package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, needle\")\n}\n", "hello, needle", "hello, world", 1)})
	appendLog(t, log, agentLog(t, agentScript[4:6], 1))
	drive(t, m, nil, settled(m, 3))
	if l, ok := m.viewer.LineText(7); !ok || !strings.Contains(l, "hello, world") {
		t.Errorf("the viewer still shows the file from before the agent's edit: %+v", l)
	}
}

// A click over the viewer while the pane covers it goes to the pane (the
// call under the pointer is selected), not to the hidden viewer.
func TestSessionsClickGoesToThePane(t *testing.T) {
	log := writeLog(t, agentScript)
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, s1Calls))
	cursor := m.viewer.Cursor()
	x := m.treeWidth() + 5
	_, cmd := m.Update(tea.MouseClickMsg{X: x, Y: 2, Button: tea.MouseLeft}) // row 2: the second call
	drive(t, m, cmd, settled(m, s1Calls))
	if g := m.sessions.Progress(); g.Cursor != 1 || g.Newest {
		t.Errorf("click selected call %d (follow %v), want the second", g.Cursor, g.Newest)
	}
	if m.viewer.Cursor() != cursor {
		t.Errorf("the click moved the hidden viewer's cursor: %d, was %d", m.viewer.Cursor(), cursor)
	}
	_, cmd = m.Update(tea.MouseWheelMsg{X: x, Y: 3, Button: tea.MouseWheelDown})
	drive(t, m, cmd, settled(m, s1Calls))
	if g := m.sessions.Progress(); g.Cursor != 4 {
		t.Errorf("wheel down from the second call: cursor %d, want 4", g.Cursor)
	}
}
