package model

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/repoops"
)

func TestParseConsoleTypesBySchema(t *testing.T) {
	for _, c := range []struct{ line, tool, args string }{
		{`repo_grep pattern=TODO path=src`, "repo_grep", `{"pattern":"TODO","path":"src"}`},
		{`repo_read_file {"path":"go.mod"}`, "repo_read_file", `{"path":"go.mod"}`},
		{`repo_read_file path=go.mod offset=2 limit=10`, "repo_read_file", `{"path":"go.mod","offset":2,"limit":10}`},
		// A value that is not a number is sent as the string typed: the tool says what is wrong.
		{`repo_read_file path=go.mod limit=ten`, "repo_read_file", `{"path":"go.mod","limit":"ten"}`},
		// Quoted: always a string, with JSON escapes in "…", literal in '…'.
		{`repo_read_file path="a b.go" limit="5"`, "repo_read_file", `{"path":"a b.go","limit":"5"}`},
		{`repo_grep pattern='a\tb' path=.`, "repo_grep", `{"pattern":"a\\tb","path":"."}`},
		{`repo_grep pattern="a\tb"`, "repo_grep", `{"pattern":"a\tb"}`},
		{`repo_grep pattern=x case_sensitive=true`, "repo_grep", `{"pattern":"x","case_sensitive":true}`},
		// A string argument stays a string even when it looks like a number.
		{`repo_grep pattern=42`, "repo_grep", `{"pattern":"42"}`},
		{`repo_tree`, "repo_tree", `{}`},
		{`repo_nope x=1`, "repo_nope", `{"x":"1"}`},
	} {
		got, err := parseConsole(c.line)
		if err != nil {
			t.Errorf("%s: %v", c.line, err)
			continue
		}
		if got.tool != c.tool || string(got.args) != c.args {
			t.Errorf("%s:\n got %s %s\nwant %s %s", c.line, got.tool, got.args, c.tool, c.args)
		}
	}
	for _, bad := range []string{``, `repo_grep TODO`, `repo_grep pattern="open`, `repo_grep pattern='open`, `repo_grep pattern="a"b`} {
		if _, err := parseConsole(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestParseConsoleNumbersMatchTheSchema(t *testing.T) {
	// Every integer argument of every tool is sent as a JSON number.
	for _, name := range toolNames() {
		for arg, s := range schemaProps(name) {
			if s["type"] != "integer" {
				continue
			}
			c, err := parseConsole(name + " " + arg + "=3")
			if err != nil || string(c.args) != `{"`+arg+`":3}` {
				t.Errorf("%s %s=3: %s %v", name, arg, c.args, err)
			}
		}
	}
}

func TestConsoleComplete(t *testing.T) {
	for _, c := range []struct {
		in, out string
		cands   int
	}{
		{"repo_g", "repo_g", 2}, // repo_grep, repo_git
		{"repo_gr", "repo_grep ", 0},
		{"repo_read_file pa", "repo_read_file path=", 0},
		{"repo_read_file path=x ", "repo_read_file path=x ", 2}, // offset, limit
		{"repo_read_file path=x o", "repo_read_file path=x offset=", 0},
		{"repo_read_file {\"pa", "repo_read_file {\"pa", 0},
		{"zzz", "zzz", 0},
		// Values of an enum or a boolean.
		{"repo_git cmd=", "repo_git cmd=", 5},
		{"repo_git cmd=l", "repo_git cmd=l", 2}, // log, ls-files
		{"repo_git cmd=lo", "repo_git cmd=log ", 0},
		{"repo_git cmd=di", "repo_git cmd=diff", 2}, // diff, diff-stat
		{"repo_git cmd=diff-", "repo_git cmd=diff-stat ", 0},
		{"repo_grep pattern=x case_sensitive=f", "repo_grep pattern=x case_sensitive=false ", 0},
		{"repo_grep pattern=x path=", "repo_grep pattern=x path=", 0}, // free text: nothing offered
		{"repo_git cmd=zz", "repo_git cmd=zz", 0},
	} {
		out, cands := complete(c.in)
		if out != c.out || len(cands) != c.cands {
			t.Errorf("complete(%q) = %q %v, want %q and %d candidates", c.in, out, cands, c.out, c.cands)
		}
	}
}

func consoleModel(t *testing.T) (*Model, string) {
	t.Helper()
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	dir := fixtureRepo(t)
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
	p, ok := m.Overlays.Top().(*consolePane)
	if !ok {
		t.Fatalf("top overlay %T", m.Overlays.Top())
	}
	typeLine(m, "repo_grep pattern=needle path=src")
	press(m, "enter")
	want := m.Repo.NewSession().Call(context.Background(), "repo_grep", []byte(`{"pattern":"needle","path":"src"}`))
	if p.res == nil || p.res.Text != want.Text || p.res.IsError != want.IsError {
		t.Fatalf("console result differs from the tool's:\n%+v\n%q", p.res, want.Text)
	}
	if p.call != `repo_grep {"pattern":"needle","path":"src"}` {
		t.Errorf("call shown: %s", p.call)
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
	if !p.res.IsError || p.res.Text != want.Text {
		t.Errorf("refusal: %+v, want %q", p.res, want.Text)
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
	if rec, ok := m.Session.LastRead("dup.go"); !ok || !rec.Full {
		t.Fatalf("the console's read is not the explorer session's: %v %+v", ok, rec)
	}
	press(m, "esc")
	m.tick = now
	press(m, "e", "tab")
	pressMsg(m, endK)
	press(m, "0")
	if ok, text, _ := preview(t, m).verdict(); !ok {
		t.Errorf("after the console's full read the preview says %q", text)
	}
}

func TestConsoleHistoryKeptAcrossRuns(t *testing.T) {
	m, _ := consoleModel(t)
	press(m, ":")
	typeLine(m, "repo_tree")
	press(m, "enter")
	typeLine(m, "repo_find query=main")
	press(m, "enter")
	path := filepath.Join(os.Getenv("XDG_STATE_HOME"), "repox", "console_history")
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "repo_tree\nrepo_find query=main\n" {
		t.Fatalf("history file: %q %v", b, err)
	}
	// A new explorer reads it back; up walks it, newest first.
	m2 := start(t, m.Repo.Dir(), 100, 30)
	press(m2, ":")
	p := m2.console
	press(m2, "up")
	if p.input.Value() != "repo_find query=main" {
		t.Fatalf("up: %q", p.input.Value())
	}
	press(m2, "up", "up")
	if p.input.Value() != "repo_tree" {
		t.Errorf("up up up: %q", p.input.Value())
	}
	press(m2, "down", "down")
	if p.input.Value() != "" {
		t.Errorf("back down to the draft: %q", p.input.Value())
	}
}

func TestConsoleBadHistoryReportedOnceNeverFatal(t *testing.T) {
	m, _ := consoleModel(t)
	path := filepath.Join(os.Getenv("XDG_STATE_HOME"), "repox", "console_history")
	writeFiles(t, filepath.Dir(path), map[string]string{"console_history": "repo_tree\x00\xff\n"})
	press(m, ":")
	p := m.console
	if !strings.Contains(p.histErr, "not a text file") {
		t.Fatalf("histErr %q", p.histErr)
	}
	if !strings.Contains(flat(m.Render()), "console history ignored") {
		t.Error("the problem is not shown")
	}
	typeLine(m, "repo_tree")
	press(m, "enter")
	if p.res == nil || p.res.IsError {
		t.Fatalf("the console did not run: %+v", p.res)
	}
	if strings.Contains(flat(m.Render()), "console history ignored") {
		t.Error("the problem is said again after the first call")
	}
	if b, _ := os.ReadFile(path); string(b) != "repo_tree\x00\xff\n" {
		t.Errorf("a bad history file was written to: %q", b)
	}
}

// TestConsolePaneUpdate drives the pane's Update as a function: key in,
// state and commands out; no I/O happens in it.
func TestConsolePaneUpdate(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	m := start(t, fixtureRepo(t), 80, 24)
	var after []string
	p := newConsolePane(m.common, func(tool string, res repoops.Result) tea.Cmd {
		after = append(after, tool)
		return nil
	})
	p.SetSize(60, 20)
	if cmd := p.Update(keyMsg("enter")); cmd != nil || !strings.HasPrefix(p.problem, "type a call") {
		t.Errorf("enter on an empty line: cmd %v, problem %q", cmd != nil, p.problem)
	}
	p.input.Focus()
	for _, r := range "repo_tree" {
		p.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	cmd := p.Update(keyMsg("enter"))
	if cmd == nil || p.running != "repo_tree {}" || p.seq != 1 || p.input.Value() != "" {
		t.Fatalf("enter: cmd %v running %q seq %d input %q", cmd != nil, p.running, p.seq, p.input.Value())
	}
	if p.res != nil || len(after) != 0 {
		t.Fatal("the call ran inside Update")
	}
	res := repoops.Result{Text: "a\nb"}
	p.Update(consoleRanMsg{rec: repoops.CallRecord{Tool: "repo_tree", DurationMs: 2}, res: res})
	if p.running != "" || p.res == nil || len(p.lines) != 2 || p.ms != 2 || len(after) != 1 {
		t.Errorf("answer: running %q res %v lines %v ms %v after %v", p.running, p.res, p.lines, p.ms, after)
	}
	p.Update(keyMsg("up"))
	if p.input.Value() != "repo_tree" {
		t.Errorf("up: %q", p.input.Value())
	}
}
