package model

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/model/console"
	"github.com/repoxhq/repox/model/panetest"
)

func consoleModel(t *testing.T) (*Model, string) {
	t.Helper()
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 100, 30)
	return m, dir
}

func typeLine(m *Model, s string) {
	for _, r := range s {
		_, cmd := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		run(m, cmd)
	}
}

func TestConsoleRunsLikeReproxCall(t *testing.T) {
	m, _ := consoleModel(t)
	press(m, ":")
	p, ok := m.Overlays.Top().(*console.Pane)
	if !ok {
		t.Fatalf("top overlay %T", m.Overlays.Top())
	}
	typeLine(m, "repo_grep pattern=needle path=src")
	press(m, "enter")
	want := m.Repo.NewSession().Call(context.Background(), "repo_grep", []byte(`{"pattern":"needle","path":"src"}`))
	call, res := p.Last()
	if res == nil || res.Text != want.Text || res.IsError != want.IsError {
		t.Fatalf("console result differs from the tool's:\n%+v\n%q", res, want.Text)
	}
	if call != `repo_grep {"pattern":"needle","path":"src"}` {
		t.Errorf("call shown: %s", call)
	}
	out := flat(m.Render())
	for _, s := range []string{`ran repo_grep {"pattern":"needle","path":"src"}`, "isError: false", "explorer's session"} {
		if !strings.Contains(out, s) {
			t.Errorf("console does not show %q:\n%s", s, out)
		}
	}
	// A refusal is shown as the tool words it, marked isError.
	typeLine(m, `repo_read_file {"path":"nope.go"}`)
	press(m, "enter")
	want = m.Repo.NewSession().Call(context.Background(), "repo_read_file", []byte(`{"path":"nope.go"}`))
	if _, res = p.Last(); !res.IsError || res.Text != want.Text {
		t.Errorf("refusal: %+v, want %q", res, want.Text)
	}
	if !strings.Contains(flat(m.Render()), "isError: true") {
		t.Error("isError: true not shown")
	}
}

func TestConsoleReadOpensTheGateForThePreview(t *testing.T) {
	m, dir := consoleModel(t)
	writeFiles(t, dir, map[string]string{"dup.go": dupGo})
	run(m, m.openFile("dup.go", 3))
	m.common.Session = m.Repo.NewSession() // only looked so far
	press(m, ":")
	typeLine(m, "repo_read_file path=dup.go limit=6")
	press(m, "enter")
	if rec, ok := m.Session.Seen("dup.go"); !ok || !rec.All() {
		t.Fatalf("the console's read is not the explorer session's: %v %+v", ok, rec)
	}
	press(m, "esc")
	m.tick = now
	press(m, "e", "tab")
	pressMsg(m, endK)
	press(m, "0")
	if ok, text, _ := openedPreview(t, m).Verdict(); !ok {
		t.Errorf("after the console's full read the preview says %q", text)
	}
}
