package model

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/repoops"
)

// TestStatusFieldsNameTheirFile: with src/main.go open and README.md
// selected in the tree, the path is the tree's and the gate says it is
// src/main.go's.
func TestStatusFieldsNameTheirFile(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 120, 40)
	openFixtureFile(t, m, dir, "src/main.go")
	m.focus = paneTree
	selectPath(t, m, "README.md")
	st := m.status()
	if st.Path != "README.md" {
		t.Fatalf("status path %q", st.Path)
	}
	if !strings.HasPrefix(st.GateText, "src/main.go: edit gate (explorer session): ") || !strings.HasPrefix(st.GateTiny, "main.go ") {
		t.Errorf("gate fields do not name their file: %q / %q", st.GateText, st.GateTiny)
	}
	m.focus = paneViewer
	if st := m.status(); st.Path != "src/main.go:1" || strings.HasPrefix(st.GateText, "src/main.go:") {
		t.Errorf("viewer focused: path %q gate %q (the gate is the path's: no second name)", st.Path, st.GateText)
	}
}

// TestDeepPathKeepsItsName: at 80×24 the viewer header keeps the file name
// and the line range, cutting the middle of the path.
func TestDeepPathKeepsItsName(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	p := "src/app/internal/core/engine/v2/impl/handlers_generated.go"
	writeFiles(t, dir, map[string]string{p: "package impl\n"})
	m := start(t, dir, 80, 24)
	run(m, m.openFile(p, 1))
	head := strings.SplitN(ansi.Strip(m.ViewerView(m.viewerWidth(), m.viewerHeight())), "\n", 2)[0]
	if !strings.Contains(head, "/handlers_generated.go  lines 1-1 of 1") || !strings.Contains(head, "…") {
		t.Errorf("header %q lost the name or the range", head)
	}
}

// TestHeaderShowsTheToolsNotes and invisible characters are drawn visibly,
// in the viewer and in the agent view, never sent raw.
func TestHeaderShowsTheToolsNotes(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{
		"crlf.txt": "if admin\u202e {\r\nzero\u200bwidth\r\n",
		"bom.go":   "\ufeffpackage x\n",
		"bad.txt":  "ok\xff\n",
	})
	m := start(t, dir, 120, 40)
	for file, note := range map[string]string{"crlf.txt": "CRLF line endings", "bom.go": "byte order mark", "bad.txt": "not valid UTF-8"} {
		run(m, m.openFile(file, 1))
		head := strings.SplitN(ansi.Strip(m.ViewerView(m.viewerWidth(), m.viewerHeight())), "\n", 2)[0]
		if !strings.Contains(head, note) {
			t.Errorf("%s: header %q lacks %q", file, head, note)
		}
	}
	run(m, m.openFile("crlf.txt", 1))
	m.focus = paneViewer
	views := map[string]string{"viewer": m.Render()}
	press(m, "a")
	views["agent view"] = m.Render()
	for name, out := range views {
		if strings.ContainsAny(out, "\u202e\u200b") {
			t.Errorf("%s sends a bidi override or zero-width space raw", name)
		}
		if !strings.Contains(out, "admin"+string(repoops.BidiMark)) || !strings.Contains(out, "zero"+string(repoops.ZeroWidthMark)+"width") {
			t.Errorf("%s does not show them:\n%s", name, out)
		}
	}
}

// TestBadLineNumbersSaySo: FILE:0, :abc, : and :-5 name the problem and
// the lines that exist, instead of "no such file or folder".
func TestBadLineNumbersSaySo(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	f := dir + "/src/main.go"
	for suffix, want := range map[string]string{
		":0":   "line 0 does not exist: lines are numbered from 1",
		":-5":  "line -5 does not exist",
		":abc": `"abc" is not a line number`,
		":":    "nothing after the colon",
	} {
		_, err := ParseTarget(f + suffix)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "has lines 1 to 8") {
			t.Errorf("%s: %v; want %q and the range", suffix, err, want)
		}
	}
	if _, err := ParseTarget(dir + "/src:3"); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("folder:3: %v", err)
	}
}

// TestLinePastTheEndSaysSo: FILE:99999 opens at the last line and says why.
func TestLinePastTheEndSaysSo(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	run(m, m.openFile("src/main.go", 99999))
	if m.viewer.Cursor() != 8 {
		t.Errorf("cursor %d, want the last line", m.viewer.Cursor())
	}
	if !strings.Contains(m.message, "line 99,999 is past the end: src/main.go has 8 lines") {
		t.Errorf("message %q", m.message)
	}
}

// TestLettersTypedWithoutAnInputRunNothing: "/main" in the tree (where /
// opens nothing) must not toggle the agent view with its "a"; the / says
// once that it does nothing there.
func TestLettersTypedWithoutAnInputRunNothing(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	cursor := m.tree.Cursor()
	press(m, "x") // / filters the tree now (tree_filter.go); x is bound nowhere
	if !strings.Contains(m.message, "x does nothing in the tree") {
		t.Fatalf("message %q", m.message)
	}
	press(m, "m", "a", "i", "n")
	if m.tree.Agent().On || m.tree.Cursor() != cursor {
		t.Fatalf("typed letters ran commands: agent view %v, cursor %d", m.tree.Agent().On, m.tree.Cursor())
	}
	if !strings.Contains(m.message, `typed "xmain": no input is open in the tree, so nothing ran`) {
		t.Errorf("message %q", m.message)
	}
	press(m, "esc", "a")
	if !m.tree.Agent().On {
		t.Errorf("after esc, a does not toggle the agent view")
	}
	press(m, "a", "esc") // esc ends nothing now: it does nothing in the tree
	m.message = ""
	press(m, "x", "esc")
	if m.message != "" {
		t.Errorf("said twice: %q", m.message)
	}
}

// TestEditorOnAFileNotOpen: back from the editor on a file the viewer does
// not show, nothing says "file reloaded".
func TestEditorOnAFileNotOpen(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	run(m, m.openFile("src/main.go", 1))
	selectPath(t, m, "README.md")
	_, cmd := m.Update(editorDoneMsg{path: "README.md"})
	run(m, cmd)
	if strings.Contains(m.message, "reloaded") {
		t.Errorf("message %q for a file not open", m.message)
	}
	_, cmd = m.Update(editorDoneMsg{path: "src/main.go"})
	run(m, cmd)
	if !strings.Contains(m.message, "src/main.go reloaded") {
		t.Errorf("message %q for the open file", m.message)
	}
}

// TestCopyingACallRecordsNoRead: Y on the viewer makes the agent view's
// call to copy its text; like the agent view, it records nothing.
func TestCopyingACallRecordsNoRead(t *testing.T) {
	t.Setenv("TERM", "xterm")
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	run(m, m.openFile("docs/long.txt", 1))
	m.focus = paneViewer
	press(m, "Y")
	if !strings.Contains(m.copying.text, "docs/long.txt — lines 1-1000 of 1400") {
		t.Fatalf("copied %q", m.copying.text)
	}
	if _, ok := m.Session.Seen("docs/long.txt"); ok {
		t.Error("copying the call recorded a read in the explorer session")
	}
}

// TestAgentViewWrapsAndSaysItsSize: the footers that tell the model what
// to do next are shown whole (wrapped, by default), the title says the
// response's bytes and lines, and w turns wrapping off.
func TestAgentViewWrapsAndSaysItsSize(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	press(m, "a")
	a := m.tree.Agent()
	out := ansi.Strip(m.Render())
	size := fmt.Sprintf("%s bytes, %d lines", repoops.Commas(len(a.Text)), strings.Count(a.Text, "\n")+1)
	if !strings.Contains(out, size) {
		t.Errorf("no size %q in:\n%s", size, out)
	}
	footer := a.Lines[len(a.Lines)-2] // "(stopped at depth 3: …)"
	var joined strings.Builder
	for _, l := range strings.Split(out, "\n") {
		joined.WriteString(strings.TrimRight(strings.SplitN(l, "│", 2)[0], " "))
	}
	if !strings.Contains(joined.String(), strings.ReplaceAll(footer, " ", "")) && !strings.Contains(strings.ReplaceAll(joined.String(), " ", ""), strings.ReplaceAll(footer, " ", "")) {
		t.Errorf("footer %q is cut:\n%s", footer, out)
	}
	press(m, "w")
	if rows := a.Display(m.treeWidth(), m.agentWrap()); len(rows) != len(a.Lines) {
		t.Errorf("w: %d rows for %d lines, want one row per line", len(rows), len(a.Lines))
	}
	if out := ansi.Strip(m.Render()); !strings.Contains(out, "…") {
		t.Errorf("unwrapped, a long line should be cut at the edge:\n%s", out)
	}
}

// TestTreeAgentViewFollowsTheCursor: with the tree's agent view on, j moves
// the tree cursor and, once it rests, the call is the folder under it;
// ctrl+d scrolls the text, not the tree.
func TestTreeAgentViewFollowsTheCursor(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	m := start(t, dir, 80, 24)
	selectPath(t, m, "deep")
	press(m, "a")
	a := m.tree.Agent()
	if !strings.HasPrefix(a.Call, `repo_tree {"path":"deep"}`) {
		t.Fatalf("call %q", a.Call)
	}
	press(m, "j") // onto docs/
	if path, _, _ := m.tree.Selected(); path != "docs" {
		t.Fatalf("j in the tree's agent view did not move the cursor: %q", path)
	}
	if !strings.HasPrefix(a.Call, `repo_tree {"path":"docs"}`) {
		t.Errorf("the call did not follow: %q", a.Call)
	}
	_, cmd := m.Update(agentFollowMsg{seq: m.agentSeq}) // the cursor rested
	run(m, cmd)
	if a = m.tree.Agent(); !strings.HasPrefix(a.Text, "docs/") {
		t.Errorf("text after the cursor rested: %q", a.Text)
	}
	// A stale rest (the cursor moved again) runs nothing.
	press(m, "k")
	if _, cmd := m.Update(agentFollowMsg{seq: m.agentSeq - 1}); cmd != nil {
		t.Errorf("a superseded rest ran the call")
	}
	cur := m.tree.Cursor()
	press(m, "ctrl+d")
	if m.tree.Cursor() != cur {
		t.Errorf("ctrl+d moved the tree cursor")
	}
}
