package sessions

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

// The tests drive the pane through Model, a stand-in for the explorer's
// root that does for the pane what the root does: it opens it over the
// viewer's share of the width (c shows it; tab hides it; esc closes it),
// delivers its envelopes when their generation is current, tells it the
// viewer's file after every message (the file the last Jump opened), and
// keeps what it was asked to copy. The tests of what the root does with
// the pane (the tree's and the viewer's marks, the status line, the
// frames) are the root's.
type Model struct {
	Repo     *repoops.Repo
	common   *pane.Common
	sessions *Pane
	cfg      struct{ Transcript, TranscriptSession string }
	copying  struct{ text string }

	width, height int
	shown         bool
	viewerPath    string // the file the viewer shows: the last Jump's
}

// The fixture builders are repotest's; these are the names the tests call.
var writeFiles = repotest.WriteFiles

// fixtureRepo is the root's fixture: a git repository (when git is
// installed) with folders, ignored files, a deep file, a long file and a
// binary one.
func fixtureRepo(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "fixture")
	files := map[string]string{
		".gitignore":          "*.log\nvendor/\n",
		"README.md":           "# fixture\n\nA small repository for repox tests.\n",
		"app.log":             "ignored\n",
		"vendor/dep/dep.go":   "package dep\n",
		"src/main.go":         "package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, needle\")\n}\n",
		"src/util/strings.go": "package util\n\n// Needle is found by search.\nconst Needle = \"needle\"\n",
		"docs/long.txt":       repotest.Numbered(1400, "line"),
		"deep/a/b/c/leaf.txt": "far down\n",
		"data.bin":            "\x00\x01\x02binary",
	}
	if repotest.HaveGit() {
		repotest.GitRepoAt(t, dir, files)
	} else {
		repotest.WriteFiles(t, dir, files)
	}
	if err := os.MkdirAll(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// newTestModel opens dir with the pane not yet made (the tests make it
// with the environment they want).
func newTestModel(t testing.TB, dir string, w, h int) *Model {
	t.Helper()
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	ctx := context.Background()
	m := &Model{Repo: repo, width: w, height: h}
	m.common = &pane.Common{Ctx: ctx, Repo: repo, Session: repo.NewSession(), Look: repo.LookSession(),
		Keys: keymap.Default(), Styles: ui.NewStyles(true, true)}
	m.common.Jump = func(path string, _ int, _ bool) tea.Cmd { m.viewerPath = path; return nil }
	m.common.Copy = func(text, _ string) tea.Cmd { m.copying.text = text; return nil }
	return m
}

// size is the pane's share of the screen, as the root lays it out.
func (m *Model) size() (int, int) {
	_, viewW := ui.LayoutSplit(m.width, 0)
	return viewW, max(m.height-2, 1)
}

// Init follows the transcript the configuration names, as the root's does.
func (m *Model) Init() tea.Cmd {
	if m.cfg.Transcript == "" {
		return nil
	}
	m.show()
	si := replay.SessionInfo{Path: m.cfg.Transcript, ID: m.cfg.TranscriptSession}
	if si.ID != "" {
		si.Agent = replay.AgentRepox
	}
	return m.sessions.Choose(si)
}

func (m *Model) show() {
	if m.sessions == nil {
		m.sessions = New(m.common, replay.EnvFromOS)
	}
	m.shown = true
	m.sessions.SetSize(m.size())
}

// Update is the root's routing for the pane.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	p := m.sessions
	switch msg := msg.(type) {
	case pane.Msg:
		if p != nil && msg.To == pane.Sessions && msg.Gen == p.Generation(msg.Job) {
			cmd = p.Update(msg.Msg)
		}
	case tea.KeyPressMsg:
		switch {
		case !m.shown && msg.String() == "c":
			cmd = m.open()
		case !m.shown:
		case msg.String() == "esc":
			if !p.Escape() { // as the root: the pane's own esc first
				m.shown = false
				cmd = p.Close()
			}
		default:
			cmd = p.Update(msg)
			if p.Done() {
				m.shown = false
				cmd = tea.Batch(cmd, p.Close())
			}
		}
	}
	if p != nil {
		cmd = tea.Batch(cmd, p.SyncViewer(m.viewerPath))
	}
	return nil, cmd
}

// open is c: the pane shown, the list read unless a session is chosen.
func (m *Model) open() tea.Cmd {
	m.show()
	return m.sessions.Show()
}

// Render is the pane as the root draws it over the viewer.
func (m *Model) Render() string {
	w, h := m.size()
	return m.sessions.View(w, h, true)
}

// status is the part of the root's status line the pane decides.
func (m *Model) status() struct{ Agent bool } {
	return struct{ Agent bool }{m.sessions.AgentViewOn()}
}

// Shutdown is the root's, when the program ends.
func (m *Model) Shutdown() {
	if m.sessions != nil {
		m.sessions.Shutdown()
	}
}

// run executes cmd and everything it leads to, in order, on this goroutine.
func run(m *Model, cmd tea.Cmd) {
	for queue := []tea.Cmd{cmd}; len(queue) > 0; {
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
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// press sends keys and runs what they lead to.
func press(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(keyMsg(k))
		run(m, cmd)
	}
}

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	}
	r := []rune(k)
	return tea.KeyPressMsg{Code: r[0], Text: k}
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

// settled: every call arrived has been replayed and the agent's gate for
// the viewer's file is in.
func settled(m *Model, calls int) func() bool {
	return func() bool {
		p := m.sessions
		return p != nil && p.run != nil && len(p.calls) == calls && p.next == calls && !p.stepping &&
			(p.gatePath == "" || p.gate != nil)
	}
}

// sessionsModel is the pane on the fixture (README.md changed since the
// agent read it), to follow the log at logPath.
func sessionsModel(t testing.TB, w, h int, logPath, session string) *Model {
	t.Helper()
	dir := fixtureRepo(t)
	writeFiles(t, dir, map[string]string{"README.md": "# fixture\n\nA small repository, changed since.\n"})
	m := newTestModel(t, dir, w, h)
	t.Cleanup(m.Shutdown)
	m.sessions = New(m.common, fakeEnv(t.TempDir()))
	m.cfg.Transcript, m.cfg.TranscriptSession = logPath, session
	return m
}
