package results

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/keymap"
	"github.com/repoxhq/repox/model/pane"
	"github.com/repoxhq/repox/repoops"
	"github.com/repoxhq/repox/ui"
)

// TestClampKeepsTheCursorOnScreen: the cursor stays on a row, the screen
// follows it, and the screen is full as far as the rows go.
func TestClampKeepsTheCursorOnScreen(t *testing.T) {
	cases := []struct {
		name                 string
		cursor, top, n, body int
		wantCursor, wantTop  int
	}{
		{"past the end", 30, 0, 20, 5, 19, 15},
		{"above the screen", 3, 8, 20, 5, 3, 3},
		{"below the screen", 12, 2, 20, 5, 12, 8},
		{"screen past the rows", 18, 17, 20, 5, 18, 15},
		{"no rows", 4, 2, 0, 5, 0, 0},
		{"negative", -3, 0, 20, 5, 0, 0},
		{"fewer rows than the screen", 2, 1, 3, 10, 2, 0},
	}
	for _, c := range cases {
		l := List{Cursor: c.cursor, Top: c.top}
		l.Clamp(c.n, c.body)
		if l.Cursor != c.wantCursor || l.Top != c.wantTop {
			t.Errorf("%s: cursor %d top %d, want %d %d", c.name, l.Cursor, l.Top, c.wantCursor, c.wantTop)
		}
	}
}

// TestMoveSkipsRowsThatCannotBeChosen: a move that lands on a rule goes
// one further in the same direction; at the end it stays on the last row
// that can be chosen or the rule is the last row (clamped).
func TestMoveSkipsRowsThatCannotBeChosen(t *testing.T) {
	rule := func(i int) bool { return i == 3 }
	l := List{Cursor: 2}
	l.Move(1, 6, 10, rule)
	if l.Cursor != 4 {
		t.Errorf("down onto the rule: cursor %d, want 4", l.Cursor)
	}
	l.Move(-1, 6, 10, rule)
	if l.Cursor != 2 {
		t.Errorf("up onto the rule: cursor %d, want 2", l.Cursor)
	}
	l.Move(1, 6, 10, nil)
	if l.Cursor != 3 {
		t.Errorf("without skip: cursor %d, want 3", l.Cursor)
	}
	l = List{Cursor: 0}
	l.Move(4, 6, 2, nil)
	if l.Cursor != 4 || l.Top != 3 {
		t.Errorf("a page down: cursor %d top %d, want 4 3", l.Cursor, l.Top)
	}
	if from, to := l.Shown(6, 2); from != 3 || to != 5 {
		t.Errorf("shown %d..%d, want 3..5", from, to)
	}
}

func press(k string) tea.KeyPressMsg {
	switch k {
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "ctrl+u":
		return tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}
	case "ctrl+h":
		return tea.KeyPressMsg{Code: 'h', Mod: tea.ModCtrl}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	}
	r := []rune(k)
	return tea.KeyPressMsg{Code: r[0], Text: k}
}

// TestEditTheField: typing appends, backspace drops one character (not
// one byte), ctrl+u clears; on an empty field they change nothing, and a
// key without text is no edit.
func TestEditTheField(t *testing.T) {
	field := ""
	steps := []struct {
		key             string
		want            string
		edited, changed bool
	}{
		{"backspace", "", true, false},
		{"ctrl+u", "", true, false},
		{"a", "a", true, true},
		{"é", "aé", true, true},
		{"backspace", "a", true, true},
		{"b", "ab", true, true},
		{"ctrl+h", "a", true, true},
		{"up", "a", false, false},
		{"enter", "a", false, false},
		{"ctrl+u", "", true, true},
	}
	for i, s := range steps {
		edited, changed := Edit(keymap.NewTyping(), &field, press(s.key))
		if field != s.want || edited != s.edited || changed != s.changed {
			t.Errorf("step %d %s: %q edited %v changed %v, want %q %v %v", i, s.key, field, edited, changed, s.want, s.edited, s.changed)
		}
	}
}

// TestStepIsAMoveKey: the arrows and ctrl+n/ctrl+p move one row, the page
// keys a screen less one row (at least one); letters are no move.
func TestStepIsAMoveKey(t *testing.T) {
	k := keymap.NewFinder()
	for _, c := range []struct {
		msg  tea.KeyPressMsg
		body int
		want int
		ok   bool
	}{
		{press("up"), 10, -1, true},
		{tea.KeyPressMsg{Code: 'n', Mod: tea.ModCtrl}, 10, 1, true},
		{tea.KeyPressMsg{Code: 'p', Mod: tea.ModCtrl}, 10, -1, true},
		{press("pgdown"), 10, 9, true},
		{press("pgdown"), 1, 1, true},
		{tea.KeyPressMsg{Code: tea.KeyPgUp}, 10, -9, true},
		{press("j"), 10, 0, false},
	} {
		if d, ok := Step(c.msg, k, c.body); d != c.want || ok != c.ok {
			t.Errorf("%s (body %d): %d %v, want %d %v", c.msg, c.body, d, ok, c.want, c.ok)
		}
	}
}

func common(t *testing.T, copied *string) *pane.Common {
	return &pane.Common{Ctx: context.Background(), Styles: ui.NewStyles(true, true), Copy: func(text, label string) tea.Cmd {
		*copied = text + "|" + label
		return nil
	}}
}

// TestDrawAgent: the frame's title and prompts on top, then the call and
// the text as the tool returned it, exactly w×h; without a call, the
// empty message.
func TestDrawAgent(t *testing.T) {
	var copied string
	c := common(t, &copied)
	frame := ui.ResultView{Title: "find  3 of 7 files", Prompt: []string{"find: ab"}}
	a := &pane.AgentState{On: true}
	out := DrawAgent(c, frame, a, "repo_find", "type a query first", 60, 12, true)
	if got := strings.Split(ansi.Strip(out), "\n"); len(got) != 12 || !strings.Contains(out, "type a query first") || !strings.Contains(got[0], "3 of 7 files") {
		t.Fatalf("no call yet:\n%s", ansi.Strip(out))
	}
	a.Call = `repo_find {"query":"ab"}`
	a.Apply(repoops.Result{Text: "a/b.go\nab.txt"})
	out = ansi.Strip(DrawAgent(c, frame, a, "repo_find", "type a query first", 60, 12, true))
	rows := strings.Split(out, "\n")
	if len(rows) != 12 || !strings.Contains(out, "agent view · repo_find") || !strings.Contains(out, a.Call) || !strings.Contains(out, "ab.txt") {
		t.Fatalf("agent view:\n%s", out)
	}
	for i, r := range rows {
		if w := ansi.StringWidth(r); w != 60 {
			t.Errorf("row %d is %d wide: %q", i, w, r)
		}
	}
	if AgentBody(12, 1) != 8 || AgentBody(12, 2) != 7 || AgentBody(2, 2) != 1 {
		t.Errorf("agent body %d %d %d", AgentBody(12, 1), AgentBody(12, 2), AgentBody(2, 2))
	}
}

// TestCopyAgentOnlyOnceAnswered: alt+y copies the call and its exact
// text; before the tool answers it copies nothing and says why.
func TestCopyAgentOnlyOnceAnswered(t *testing.T) {
	var copied string
	b := &Base{C: common(t, &copied)}
	b.AgentView = pane.AgentState{Call: `repo_grep {"pattern":"x"}`, Loading: true}
	b.CopyAgent("repo_grep")
	if copied != "|the repo_grep call (it has not answered yet)" {
		t.Errorf("while loading: %q", copied)
	}
	b.AgentView.Apply(repoops.Result{Text: "a.go:1: x"})
	b.CopyAgent("repo_grep")
	if copied != "repo_grep {\"pattern\":\"x\"}\na.go:1: x|the call and its 9 bytes of model text" {
		t.Errorf("answered: %q", copied)
	}
	b.ToggleAgent()
	b.AgentView.Top = 3
	b.ToggleAgent()
	if b.Agent().On || b.Agent().Top != 0 {
		t.Errorf("toggle: %+v", b.Agent())
	}
}
