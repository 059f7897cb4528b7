package model

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/repoxhq/repox/model/panetest"
	"github.com/repoxhq/repox/ui"
)

// viewerText is the viewer as drawn, without colour.
func viewerText(m *Model) string {
	return ansi.Strip(m.ViewerView(m.viewerWidth(), m.viewerHeight()))
}

// gutterOf is the viewer row of line n, or "".
func gutterOf(v string, n string) string {
	for _, l := range strings.Split(v, "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, " "), n) {
			return l
		}
	}
	return ""
}

// The repository predates the session's edit (s1's agent edited its own
// checkout): on the file on disk, line 7 holds the old text, so the
// edit's mark is not drawn there — the line says the edit is not on disk,
// and the header says it once; the lines the agent read keep their marks.
// R shows the file as the session left it, replayed: its text, with the
// edit's mark; R again the file on disk.
func TestSessionsMarksOnTheTextTheyBelongTo(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 120, 30, log, "s1")
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	press(m, "tab")
	m.focus = paneViewer

	v := viewerText(m)
	line7 := gutterOf(v, "7")
	if !strings.HasPrefix(strings.TrimLeft(line7, " "), "7"+ui.GutterNotOnDisk) || !strings.Contains(line7, "hello, needle") ||
		!strings.Contains(line7, "← this edit is not on disk") {
		t.Errorf("on disk, line 7 is %q, want the old text marked %s with the sentence:\n%s", line7, ui.GutterNotOnDisk, v)
	}
	if strings.Contains(v, "7"+ui.GutterEdited) || !strings.Contains(v, "6"+ui.GutterRead+" func main") {
		t.Errorf("on disk, an edit mark on a line without the edit, or the read lines unmarked:\n%s", v)
	}
	if head := strings.Split(v, "\n")[0]; strings.Count(v, "this edit is not on disk") != 2 || !strings.Contains(head, "this edit is not on disk") {
		t.Errorf("the header does not say it once (and the line once):\n%s", v)
	}

	press(m, "R")
	drive(t, m, nil, settled(m, panetest.S1Calls))
	v = viewerText(m)
	line7 = gutterOf(v, "7")
	if !strings.HasPrefix(strings.TrimLeft(line7, " "), "7"+ui.GutterEdited) || !strings.Contains(line7, "hello, world") || strings.Contains(v, "not on disk") {
		t.Errorf("replayed, line 7 is %q, want the session's text marked %s:\n%s", line7, ui.GutterEdited, v)
	}
	if head := strings.Split(v, "\n")[0]; !strings.Contains(head, "as the session left it, replayed (R: on disk)") {
		t.Errorf("the header does not say the file is the replayed one: %q", head)
	}

	press(m, "R")
	drive(t, m, nil, settled(m, panetest.S1Calls))
	if line7 = gutterOf(viewerText(m), "7"); !strings.Contains(line7, "hello, needle") || !strings.Contains(line7, "not on disk") {
		t.Errorf("R again: line 7 is %q, want the disk's", line7)
	}

	// the session closed: R has nothing to show, and says what to do
	press(m, "c", "esc")
	if m.common.Marks != nil {
		t.Fatal("esc left the session chosen")
	}
	if cmd := m.viewer.Update(panetest.Key("R")); cmd == nil || m.viewer.Replayed() {
		t.Errorf("R without a session: no notice, or the replayed view on")
	}
}

// The disk already holds the session's edit: the marks are drawn as the
// replay has them, and nothing is said about the disk.
func TestSessionsMarksWhereTheDiskHasTheEdit(t *testing.T) {
	log := panetest.WriteLog(t, panetest.AgentScript)
	m := sessionsModel(t, 120, 30, log, "s1")
	writeFiles(t, m.common.Repo.Dir(), map[string]string{"src/main.go": "package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, world\")\n}\n"})
	drive(t, m, m.Init(), settled(m, panetest.S1Calls))
	press(m, "tab")
	v := viewerText(m)
	if line7 := gutterOf(v, "7"); !strings.HasPrefix(strings.TrimLeft(line7, " "), "7"+ui.GutterEdited) || !strings.Contains(line7, "hello, world") {
		t.Errorf("line 7 is %q, want the edit marked %s:\n%s", line7, ui.GutterEdited, v)
	}
	if strings.Contains(v, "not on disk") || strings.Contains(v, ui.GutterNotOnDisk) {
		t.Errorf("an edit on disk said not to be:\n%s", v)
	}
}
