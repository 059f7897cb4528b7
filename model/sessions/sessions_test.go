package sessions

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
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

func hasChanged(ls []ui.DiffLine, text string) bool {
	for _, l := range ls {
		if strings.Contains(l.Text, text) {
			return l.Changed
		}
	}
	return false
}

func hasFlag(fs []replay.Flag, k replay.FlagKind) bool {
	for _, f := range fs {
		if f.Kind == k {
			return true
		}
	}
	return false
}

// New calls appear as the log grows; the newest is followed until the
// person moves, and G follows again.
func TestSessionsFollowUntilMoved(t *testing.T) {
	log := writeLog(t, agentScript[:3])
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, 3))
	p := m.sessions
	if p.cur != 2 {
		t.Fatalf("cursor %d, want the newest (2)", p.cur)
	}
	appendLog(t, log, agentLog(t, agentScript[3:4], 3))
	drive(t, m, nil, settled(m, 4))
	if p.cur != 3 || p.calls[3].call.AgentTool != "repo_edit" || !p.calls[3].call.IsError {
		t.Fatalf("cursor %d on %+v, want the new refused edit followed", p.cur, p.calls[3].call)
	}
	press(m, "k") // the person moves: following stops
	if p.cur != 2 || p.follow {
		t.Fatalf("after k: cursor %d follow %v", p.cur, p.follow)
	}
	appendLog(t, log, agentLog(t, agentScript[4:5], 4))
	drive(t, m, nil, settled(m, 5))
	if p.cur != 2 {
		t.Errorf("a new call moved the cursor the person had placed: %d", p.cur)
	}
	press(m, "G")
	if p.cur != 4 || !p.follow {
		t.Errorf("G: cursor %d follow %v, want the newest followed", p.cur, p.follow)
	}
}

// The list: sessions Discover finds for the repository, enter follows one.
func TestSessionsListAndChoose(t *testing.T) {
	dir := fixtureRepo(t)
	m := newTestModel(t, dir, 120, 40)
	t.Cleanup(m.Shutdown)
	run(m, m.Init())
	home := t.TempDir()
	logDir := fakeEnv(home)().RepoxLogDir()
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(logDir, "mcp.jsonl"), []byte(agentLog(t, agentScript, 0)), 0o644); err != nil {
		t.Fatal(err)
	}
	m.sessions = New(m.common, fakeEnv(home))
	_, cmd := m.Update(keyMsg("c"))
	drive(t, m, cmd, func() bool { return !m.sessions.loading && m.sessions.tallying == "" })
	p := m.sessions
	if len(p.list) != 2 {
		t.Fatalf("sessions %+v, want s1 and s2", p.list)
	}
	frame := ansi.Strip(m.Render())
	if !strings.Contains(frame, "session s1 (repox logs record no prompt)") || !strings.Contains(frame, "repox · 2026-12-01 09:30 · 5s · 6 calls · done · no findings · ~/.local/sta") || !strings.Contains(frame, "repox · 2026-12-01 09:30 · 1 call · done · no findings · ~/.local/state/rep") {
		t.Errorf("the list does not show both sessions:\n%s", frame)
	}
	i := 0
	for p.list[i].ID != "s1" {
		i++
	}
	p.lcur = i
	_, cmd = m.Update(keyMsg("enter"))
	drive(t, m, cmd, settled(m, s1Calls))
	if p.chosen == nil || p.chosen.ID != "s1" || len(p.calls) != s1Calls {
		t.Fatalf("chose %+v with %d calls", p.chosen, len(p.calls))
	}
	press(m, "h") // back to the list: following stops
	if p.chosen != nil || m.common.Marks != nil {
		t.Errorf("back to the list kept the session")
	}
}

// While earlier calls are still being replayed (a long transcript catching
// up), the selected call already shows what the agent was shown.
func TestSessionsThenBeforeReplay(t *testing.T) {
	log := writeLog(t, agentScript)
	m := sessionsModel(t, 120, 40, log, "s1")
	drive(t, m, m.Init(), settled(m, s1Calls))
	p := m.sessions
	agentText := p.calls[5].call.Text
	for i := 2; i < s1Calls; i++ { // as if calls 3.. were still queued
		p.calls[i].step, p.calls[i].then, p.calls[i].now = nil, nil, nil
	}
	p.next = 3
	got := ansi.Strip(p.View(160, 38, true))
	if !strings.Contains(got, "(replaying the 3 calls before it first…)") {
		t.Errorf("no word on the replay still to come:\n%s", got)
	}
	if first := strings.SplitN(agentText, "\n", 2)[0]; !strings.Contains(got, first[:30]) {
		t.Errorf("the agent's text %q is not shown before the replay:\n%s", first, got)
	}
}

// Then and now of a read differ on the line changed since: the agent's
// text beside the file now, the finding on the call.
func TestSessionsThenNowMarksTheChangedLine(t *testing.T) {
	log := writeLog(t, agentScript)
	m := sessionsModel(t, 120, 40, log, "s1")
	drive(t, m, m.Init(), settled(m, s1Calls))
	p := m.sessions
	p.cur = 0
	drive(t, m, p.selectCall(), settled(m, s1Calls))
	sc := p.calls[0]
	if !hasChanged(sc.then, "A small repository for repox tests.") || !hasChanged(sc.now, "A small repository, changed since.") {
		t.Errorf("then/now of the README read do not mark the changed line:\nthen %+v\nnow %+v", sc.then, sc.now)
	}
	if hasChanged(sc.then, "# fixture") {
		t.Errorf("an unchanged line is marked: %+v", sc.then)
	}
	if sc.step == nil || !hasFlag(sc.step.Flags, replay.FlagChangedSinceRead) {
		t.Errorf("no changed-since-read finding on the README read: %+v", sc.step)
	}
	if sc.then[0].Text != strings.SplitN(sc.step.Call.Text, "\n", 2)[0] {
		t.Errorf("then is not the agent's text: %q", sc.then[0].Text)
	}
	if m.viewerPath != "README.md" {
		t.Errorf("selecting the read jumped to %q, want README.md", m.viewerPath)
	}
}

// esc closes the pane: following stops, the marks go, and the replay's
// scratch copies are removed.
func TestSessionsCloseRemovesTheScratchCopies(t *testing.T) {
	log := writeLog(t, agentScript[4:6]) // a full read of src/main.go, an edit
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, 2))
	var scratch []string
	for _, rp := range m.sessions.run.reps {
		if rp.Scratch != "" {
			scratch = append(scratch, rp.Scratch)
		}
	}
	if len(scratch) == 0 {
		t.Fatal("the edit made no scratch copy")
	}
	r := m.sessions.run
	press(m, "esc")
	if m.common.Marks != nil || m.sessions.run != nil || !r.closed {
		t.Errorf("esc left the session followed: marks %v run %v closed %v", m.common.Marks, m.sessions.run, r.closed)
	}
	for _, d := range scratch {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Errorf("scratch copy %s left behind: %v", d, err)
		}
	}
}
