package console

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/repoops/repotest"
	"github.com/repoxhq/repox/ui"
)

// harness is a console over a small repository of its own (the test sets
// XDG_STATE_HOME, where the history goes), and a driver that runs the
// pane's commands to their end as the root would: each answer that comes
// in an envelope of the console's current generation goes to its Update.
type harness struct {
	t *testing.T
	p *Pane
}

func newHarness(t *testing.T, after func(string, repoops.Result) tea.Cmd) *harness {
	t.Helper()
	dir := repotest.PlainDir(t, map[string]string{"main.go": "package main\n", "src/a.go": "package src // needle\n"})
	repo, err := repoops.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repo.Close() })
	if after == nil {
		after = func(string, repoops.Result) tea.Cmd { return nil }
	}
	c := &pane.Common{Ctx: context.Background(), Repo: repo, Session: repo.NewSession(), Look: repo.LookSession(), Keys: keymap.Default(), Styles: ui.NewStyles(true, true)}
	p := New(c, after)
	p.SetSize(80, 20)
	return &harness{t: t, p: p}
}

// run runs cmd and every command its answers lead to.
func (h *harness) run(cmd tea.Cmd) {
	for depth, queue := 0, []tea.Cmd{cmd}; len(queue) > 0; depth++ {
		if depth > 1000 {
			h.t.Fatal("the console's commands did not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case pane.Msg:
			if msg.To == pane.Console && msg.Gen == h.p.Generation(msg.Job) {
				queue = append(queue, h.p.Update(msg.Msg))
			}
		case nil:
		default:
			queue = append(queue, h.p.Update(msg))
		}
	}
}

var keyCodes = map[string]rune{"enter": tea.KeyEnter, "up": tea.KeyUp, "down": tea.KeyDown, "esc": tea.KeyEscape, "tab": tea.KeyTab}

func keyMsg(k string) tea.KeyPressMsg {
	if code, ok := keyCodes[k]; ok {
		return tea.KeyPressMsg{Code: code}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

func (h *harness) press(keys ...string) {
	for _, k := range keys {
		h.run(h.p.Update(keyMsg(k)))
	}
}

func (h *harness) typeLine(s string) {
	for _, r := range s {
		h.run(h.p.Update(tea.KeyPressMsg{Code: r, Text: string(r)}))
	}
}

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
		// A list (repo_edit's edits) is JSON, quoted when it holds spaces; a dry run a boolean.
		{`repo_edit path=a.go edits='[{"old_string":"a b","new_string":"c"}]' dry_run=true`, "repo_edit", `{"path":"a.go","edits":[{"old_string":"a b","new_string":"c"}],"dry_run":true}`},
		{`repo_edit path=a.go edits=[x]`, "repo_edit", `{"path":"a.go","edits":"[x]"}`},
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
		{"repo_git cmd=", "repo_git cmd=", 7},
		{"repo_git cmd=s", "repo_git cmd=s", 2}, // status, show
		{"repo_git cmd=b", "repo_git cmd=blame ", 0},
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

// TestConsolePaneUpdate drives the pane's Update as a function: key in,
// state and commands out; no I/O happens in it.
func TestConsolePaneUpdate(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	var after []string
	p := newHarness(t, func(tool string, res repoops.Result) tea.Cmd {
		after = append(after, tool)
		return nil
	}).p
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
	p.Update(ranMsg{rec: repoops.CallRecord{Tool: "repo_tree", DurationMs: 2}, res: res})
	if p.running != "" || p.res == nil || len(p.lines) != 2 || p.ms != 2 || len(after) != 1 {
		t.Errorf("answer: running %q res %v lines %v ms %v after %v", p.running, p.res, p.lines, p.ms, after)
	}
	p.Update(keyMsg("up"))
	if p.input.Value() != "repo_tree" {
		t.Errorf("up: %q", p.input.Value())
	}
}

func TestConsoleHistoryKeptAcrossRuns(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	h := newHarness(t, nil)
	h.run(h.p.Open())
	h.typeLine("repo_tree")
	h.press("enter")
	h.typeLine("repo_find query=main")
	h.press("enter")
	path := filepath.Join(os.Getenv("XDG_STATE_HOME"), "repox", "console_history")
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "repo_tree\nrepo_find query=main\n" {
		t.Fatalf("history file: %q %v", b, err)
	}
	// A new explorer reads it back; up walks it, newest first.
	h2 := newHarness(t, nil)
	h2.run(h2.p.Open())
	p := h2.p
	h2.press("up")
	if p.input.Value() != "repo_find query=main" {
		t.Fatalf("up: %q", p.input.Value())
	}
	h2.press("up", "up")
	if p.input.Value() != "repo_tree" {
		t.Errorf("up up up: %q", p.input.Value())
	}
	h2.press("down", "down")
	if p.input.Value() != "" {
		t.Errorf("back down to the draft: %q", p.input.Value())
	}
}

func TestConsoleBadHistoryReportedOnceNeverFatal(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	h := newHarness(t, nil)
	path := filepath.Join(os.Getenv("XDG_STATE_HOME"), "repox", "console_history")
	repotest.WriteFiles(t, filepath.Dir(path), map[string]string{"console_history": "repo_tree\x00\xff\n"})
	h.run(h.p.Open())
	p := h.p
	if !strings.Contains(p.histErr, "not a text file") {
		t.Fatalf("histErr %q", p.histErr)
	}
	if !strings.Contains(p.View(80, 20, true), "console history ignored") {
		t.Error("the problem is not shown")
	}
	h.typeLine("repo_tree")
	h.press("enter")
	if p.res == nil || p.res.IsError {
		t.Fatalf("the console did not run: %+v", p.res)
	}
	if strings.Contains(p.View(80, 20, true), "console history ignored") {
		t.Error("the problem is said again after the first call")
	}
	if b, _ := os.ReadFile(path); string(b) != "repo_tree\x00\xff\n" {
		t.Errorf("a bad history file was written to: %q", b)
	}
}
