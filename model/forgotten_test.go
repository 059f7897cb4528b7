package model

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/ui"
)

// After a compaction the viewer's marks say which reads are still in the
// model's context (issue 39 item 8): src/main.go, read before the
// compaction, is marked dim (ui.GutterForgotten) and the header says so
// once; README.md, read after it, keeps the plain read mark. The lines
// come from the replay's horizon (FileSeen.Forgotten), not the pane.
func TestSessionsMarksSayWhatIsNoLongerInContext(t *testing.T) {
	m := sessionsModel(t, 160, 30, "", "") // the header's note in full; at 120 its short form
	dir := m.Repo.Dir()
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/src/main.go", "limit": 4}).
		Result("r1", "     1→package main\n     2→\n     3→import \"fmt\"\n     4→\n", false, nil)
	b.Compact("the user wants the greeting changed")
	b.Use("m2", "r2", "Read", map[string]any{"file_path": dir + "/README.md"}).
		Result("r2", "     1→# fixture\n     2→\n     3→A small repository, changed since.\n", false, nil)
	path := filepath.Join(t.TempDir(), "compacted.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	m.cfg.Transcript = path
	drive(t, m, m.Init(), settled(m, 2))

	press(m, "k") // #1: the viewer jumps to src/main.go
	drive(t, m, nil, settled(m, 2))
	press(m, "tab")
	m.focus = paneViewer
	v := viewerText(m)
	const note = ui.GutterForgotten + " read before the compaction at #2: no longer in context"
	if head := strings.Split(v, "\n")[0]; !strings.Contains(head, note) || strings.Count(v, "no longer in context") != 1 {
		t.Errorf("the header does not say once which reads are gone from the context:\n%s", v)
	}
	for _, n := range []string{"1", "3"} {
		if l := gutterOf(v, n); !strings.HasPrefix(strings.TrimLeft(l, " "), n+ui.GutterForgotten) {
			t.Errorf("line %s, read before the compaction, is %q, want marked %s:\n%s", n, l, ui.GutterForgotten, v)
		}
	}
	if l := gutterOf(v, "5"); strings.Contains(l, ui.GutterForgotten) || strings.Contains(l, ui.GutterRead) {
		t.Errorf("line 5, never read, is marked: %q", l)
	}

	press(m, "c", "j") // #2: README.md, read after the compaction
	drive(t, m, nil, settled(m, 2))
	press(m, "tab")
	m.focus = paneViewer
	v = viewerText(m)
	if l := gutterOf(v, "1"); !strings.HasPrefix(strings.TrimLeft(l, " "), "1"+ui.GutterRead) || strings.Contains(v, "no longer in context") {
		t.Errorf("README.md, read after the compaction, is marked as gone from the context:\n%s", v)
	}
}
