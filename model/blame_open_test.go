package model

import (
	"os"
	"strings"
	"testing"

	"github.com/repoxhq/repox/model/panetest"
)

// b in the viewer says who wrote each line: line 7 of src/main.go is the
// text session s1's edit (#6) wrote, the other lines no recorded session
// wrote; enter on line 7 opens the sessions pane on s1 at #6, enter on a
// line no session wrote says so; b again hides the column.
func TestViewerBlameOpensTheCallThatWroteALine(t *testing.T) {
	dir := panetest.FixtureRepo(t)
	writeFiles(t, dir, map[string]string{"src/main.go": "package main\n\nimport \"fmt\"\n\n// main says hello.\nfunc main() {\n\tfmt.Println(\"hello, world\")\n}\n"})
	m := newTestModel(t, dir, 140, 30)
	t.Cleanup(m.Shutdown)
	env := panetest.FakeEnv(t.TempDir())
	m.envFn = env
	logDir := env().RepoxLogDir()
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(logDir+"/mcp.jsonl", []byte(panetest.AgentLog(t, panetest.AgentScript, 0)), 0o644); err != nil {
		t.Fatal(err)
	}
	drive(t, m, m.Init(), func() bool { return m.tree.Settled() })
	drive(t, m, m.showFile("src/main.go", 1), func() bool { return m.viewer.Total() > 0 })
	m.focus = paneViewer

	_, cmd := m.Update(panetest.Key("b"))
	if head := strings.Split(viewerText(m), "\n")[0]; !strings.Contains(head, "blaming…") {
		t.Errorf("the header does not say a blame is on its way: %q", head)
	}
	drive(t, m, cmd, func() bool { return m.viewer.BlameShown() })
	v := viewerText(m)
	line7 := gutterRow(v, "7")
	if !strings.Contains(line7, "repox s1 #6") || !strings.Contains(line7, "hello, world") {
		t.Errorf("line 7 is %q, want it blamed on s1's edit, repox s1 #6 (as repox blame names it):\n%s", line7, v)
	}
	if line1 := gutterRow(v, "1"); strings.Contains(line1, "repox s1 #") {
		t.Errorf("line 1 is blamed on a session: %q", line1)
	}
	if head := strings.Split(v, "\n")[0]; !strings.Contains(head, "blame: 1 of 8 lines by") {
		t.Errorf("the header does not count the lines sessions wrote: %q", head)
	}

	// enter on a line no session wrote: said; on line 7: the call
	press(m, "1", "G")
	press(m, "enter")
	if !strings.Contains(m.message, "line 1 was not written by a recorded session") {
		t.Errorf("enter on line 1 says %q", m.message)
	}
	press(m, "7", "G")
	_, cmd = m.Update(panetest.Key("enter"))
	drive(t, m, cmd, func() bool {
		return m.sessions != nil && m.sessions.Progress().Calls == panetest.S1Calls && m.sessions.Settled()
	})
	if g := m.sessions.Progress(); g.Cursor != 5 || g.Newest {
		t.Errorf("the sessions pane is on call index %d (following %v), want #6's (index 5)", g.Cursor, g.Newest)
	}
}

// gutterRow is the viewer row whose line number (after the blame column)
// is n.
func gutterRow(v, n string) string {
	for _, l := range strings.Split(v, "\n") {
		f := strings.Fields(l)
		for i, w := range f {
			if w == n && i <= 3 {
				return l
			}
		}
	}
	return ""
}
