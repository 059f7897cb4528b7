package sessions

import (
	tea "charm.land/bubbletea/v2"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/ui"
)

// claudeCalls writes a Claude Code session on dir of the given calls
// (tool, input, the result's text), each answered.
func claudeCalls(t *testing.T, dir string, calls ...[3]any) string {
	t.Helper()
	var cc []panetest.ClaudeCall
	for i, c := range calls {
		cc = append(cc, panetest.ClaudeCall{ID: fmt.Sprintf("t%d", i), Tool: c[0].(string), Input: c[1], Result: c[2].(string)})
	}
	return panetest.ClaudeSession(t, dir, "cc-2", "10:00", cc...)
}

// `a` in the sessions pane shows the selected call's two exact texts, every
// byte, wrapped (then/now cuts long lines and sets the framing aside), with
// the repox call on the first row of its side; `a` again goes back, and the
// status line says which is on.
func TestSessionsAShowsTheExactTexts(t *testing.T) {
	m := sessionsModel(t, 100, 40, "", "")
	long := "const banner = \"" + strings.Repeat("x", 120) + " END\""
	writeFiles(t, m.Repo.Dir(), map[string]string{"long.go": "package main\n\n" + long + "\n"})
	m.cfg.Transcript = claudeCalls(t, m.Repo.Dir(),
		[3]any{"Read", map[string]any{"file_path": m.Repo.Dir() + "/long.go"}, "     1→package main\n     2→\n     3→" + long + "\n"})
	drive(t, m, m.Init(), settled(m, 1))
	p := m.sessions
	p.cur, p.follow = 0, false
	drive(t, m, p.selectCall(), settled(m, 1))
	if strings.Contains(paneText(m), "END") {
		t.Fatalf("then/now should cut the long line, so this test can tell the views apart:\n%s", paneText(m))
	}
	pressKey(t, m, "a")
	text := paneText(m)
	if !p.exact || !m.status().Agent {
		t.Errorf("a: exact %v, status agent %v", p.exact, m.status().Agent)
	}
	if !strings.Contains(text, "then: exact text the agent got") {
		t.Errorf("the exact view's titles:\n%s", text)
	}
	_, now := exactColumns(&p.calls[0], p.width)
	var joined strings.Builder
	for _, l := range now {
		joined.WriteString(l.Text)
	}
	for _, want := range []string{`› repo_read_file {"limit":2000,"offset":1,"path":"long.go"}long.go — lines 1-3 of 3`, long} {
		if !strings.Contains(joined.String(), want) {
			t.Errorf("repox's side, rows joined, lacks %q:\n%s", want, joined.String())
		}
	}
	if c := strings.Count(text, "END"); c != 2 {
		t.Errorf("the long line's end shows %d times; want once on each side:\n%s", c, text)
	}
	pressKey(t, m, "a")
	if p.exact || m.status().Agent || strings.Contains(paneText(m), "END") {
		t.Errorf("a again: back to then/now (exact %v)", p.exact)
	}
}

// A note (a difference that harmed nothing) is counted apart from the
// findings in its row and listed after them, dimmer. Under issue 37's
// gate an edit of the lines a partial read showed is no difference at all;
// an edit of a line never shown is an edit-unread finding, and repox's
// refusal of it a note beside it.
func TestSessionsNotesAreApartFromFindings(t *testing.T) {
	m := sessionsModel(t, 120, 40, "", "")
	dir := m.Repo.Dir()
	m.cfg.Transcript = claudeCalls(t, dir,
		[3]any{"Read", map[string]any{"file_path": dir + "/src/main.go", "limit": 3}, "     1→package main\n     2→\n     3→import \"fmt\"\n"},
		[3]any{"Edit", map[string]any{"file_path": dir + "/src/main.go", "old_string": "import \"fmt\"", "new_string": "import \"fmt\" // shown"}, "The file has been updated."},
		[3]any{"Edit", map[string]any{"file_path": dir + "/src/main.go", "old_string": "hello, needle", "new_string": "hello, pin"}, "The file has been updated."})
	drive(t, m, m.Init(), settled(m, 3))
	p := m.sessions
	seen, unseen := callRow(p.calls[1], p.cwd()), callRow(p.calls[2], p.cwd())
	if seen.Notes != 0 || seen.Flags != 0 {
		t.Errorf("the edit of shown lines after a partial read: %d findings, %d notes; want none (%+v)", seen.Flags, seen.Notes, p.calls[1].step.Flags)
	}
	if unseen.Flags != 1 || unseen.Notes != 1 {
		t.Errorf("the edit of a line never shown: %d findings, %d notes; want 1 and 1 (%+v)", unseen.Flags, unseen.Notes, p.calls[2].step.Flags)
	}
	p.cur, p.follow = 2, false
	drive(t, m, p.selectCall(), settled(m, 3))
	v := p.sessionsViewForTest(40)
	// rows of wrapped text: the finding's first, then the note's
	firstNote := slices.IndexFunc(v.Flags, func(f ui.FlagLine) bool { return f.Note })
	if firstNote < 1 || !strings.HasPrefix(v.Flags[0].Text, "! edit-unread: ") || !strings.HasPrefix(v.Flags[firstNote].Text, "· note, differs: ") ||
		slices.ContainsFunc(v.Flags[firstNote:], func(f ui.FlagLine) bool { return !f.Note }) {
		t.Errorf("the finding first, then the note: %+v", v.Flags)
	}
}

func TestGradedFlagsPutFindingsFirst(t *testing.T) {
	fs := []replay.Flag{{Kind: "a", Severity: replay.SeverityNote}, {Kind: "b", Severity: replay.SeverityFinding}, {Kind: "c", Severity: replay.SeverityNote}, {Kind: "d", Severity: replay.SeverityFinding}}
	var got []string
	for _, f := range gradedFlags(fs) {
		got = append(got, string(f.Kind))
	}
	if strings.Join(got, "") != "bdac" {
		t.Errorf("order %v; want b d a c", got)
	}
}

// sessionsViewForTest is what the pane hands the renderer for its calls.
func (p *Pane) sessionsViewForTest(h int) ui.SessionsView {
	v := ui.SessionsView{Cursor: -1}
	p.callsView(&v, h)
	return v
}

// Issue 43 item 5: y in the changes view never puts a transcript's
// control bytes on the clipboard (a paste into a terminal would run
// them): it copies what the screen shows and says it is not the exact
// patch. A clean patch is copied exactly.
func TestCopyPatchCopiesWhatTheScreenShows(t *testing.T) {
	m := sessionsModel(t, 120, 40, "", "")
	var got, label string
	m.common.Copy = func(text, l string) tea.Cmd { got, label = text, l; return nil }
	p := m.sessions
	p.changes = &sessionChanges{patch: "+a \x1b]52;c;eA==\x07 \u202e\n"}
	p.copyPatch()
	if strings.ContainsAny(got, "\x1b\x07\u202e") || !strings.Contains(got, "␛]52;c;eA==") || !strings.Contains(label, "not the exact patch") {
		t.Errorf("a patch with control bytes: copied %q (%s)", got, label)
	}
	p.changes = &sessionChanges{patch: "+plain\n"}
	p.copyPatch()
	if got != "+plain\n" || strings.Contains(label, "not the exact") {
		t.Errorf("a clean patch: copied %q (%s)", got, label)
	}
}
