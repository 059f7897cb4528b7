package sessions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/ui"
)

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
	log := panetest.WriteLog(t, panetest.AgentScript[:3])
	m := sessionsModel(t, 100, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, 3))
	p := m.sessions
	if p.cur != 2 {
		t.Fatalf("cursor %d, want the newest (2)", p.cur)
	}
	panetest.AppendLog(t, log, panetest.AgentLog(t, panetest.AgentScript[3:4], 3))
	drive(t, m, nil, settled(m, 4))
	if p.cur != 3 || p.calls[3].call.AgentTool != "repo_edit" || !p.calls[3].call.IsError {
		t.Fatalf("cursor %d on %+v, want the new refused edit followed", p.cur, p.calls[3].call)
	}
	press(m, "k") // the person moves: following stops
	if p.cur != 2 || p.follow {
		t.Fatalf("after k: cursor %d follow %v", p.cur, p.follow)
	}
	panetest.AppendLog(t, log, panetest.AgentLog(t, panetest.AgentScript[4:5], 4))
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
	dir := panetest.FixtureRepo(t)
	m := newTestModel(t, dir, 120, 40)
	t.Cleanup(m.Shutdown)
	run(m, m.Init())
	home := t.TempDir()
	logDir := panetest.FakeEnv(home)().RepoxLogDir()
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(logDir, "mcp.jsonl"), []byte(panetest.AgentLog(t, panetest.AgentScript, 0)), 0o644); err != nil {
		t.Fatal(err)
	}
	m.sessions = New(m.common, panetest.FakeEnv(home))
	_, cmd := m.Update(panetest.Key("c"))
	drive(t, m, cmd, func() bool { return !m.sessions.loading && m.sessions.tallying == "" })
	p := m.sessions
	if len(p.list) != 2 {
		t.Fatalf("sessions %+v, want s1 and s2", p.list)
	}
	frame := ansi.Strip(m.Render())
	if !strings.Contains(frame, "session s1 (repox logs record no prompt)") || !strings.Contains(frame, "repox · 2026-12-01 09:30 · 5s · 6 calls · done · 0 findings · ~/.local/sta") || !strings.Contains(frame, "repox · 2026-12-01 09:30 · 1 call · done · 0 findings · ~/.local/state/rep") {
		t.Errorf("the list does not show both sessions:\n%s", frame)
	}
	i := 0
	for p.list[i].ID != "s1" {
		i++
	}
	p.lcur = i
	_, cmd = m.Update(panetest.Key("enter"))
	drive(t, m, cmd, settled(m, panetest.S1Calls))
	if p.chosen == nil || p.chosen.ID != "s1" || len(p.calls) != panetest.S1Calls {
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
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 120, 40, log, "s1")
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	p := m.sessions
	agentText := p.calls[5].call.Text
	for i := 2; i < panetest.S1Calls; i++ { // as if calls 3.. were still queued
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
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 120, 40, log, "s1")
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	p := m.sessions
	p.cur = 0
	drive(t, m, p.selectCall(), settled(m, panetest.S1Calls))
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
	log := panetest.WriteLog(t, panetest.AgentScript[4:6]) // a full read of src/main.go, an edit
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
