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
	m := sessionsModel(t, 200, 30, "", "") // the header's notes in full
	m.cfg.Transcript = compactedSession(t, m.Repo.Dir())
	drive(t, m, m.Init(), settled(m, 3)) // #3, the edit: the viewer is on src/main.go
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

	press(m, "c", "k") // #2: README.md, read after the compaction
	drive(t, m, nil, settled(m, 3))
	press(m, "tab")
	m.focus = paneViewer
	v = viewerText(m)
	if l := gutterOf(v, "1"); !strings.HasPrefix(strings.TrimLeft(l, " "), "1"+ui.GutterRead) || strings.Contains(v, "no longer in context") {
		t.Errorf("README.md, read after the compaction, is marked as gone from the context:\n%s", v)
	}
}

// compactedSession is a Claude Code session on dir that read src/main.go
// (lines 1-4), was compacted, read README.md and edited line 7 of
// src/main.go (an edit not on disk: the tree is from before it).
func compactedSession(t *testing.T, dir string) string {
	b := &replaytest.Claude{T: t, Cwd: dir}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": dir + "/src/main.go", "limit": 4}).
		Result("r1", "     1→package main\n     2→\n     3→import \"fmt\"\n     4→\n", false, nil)
	b.Compact("the user wants the greeting changed")
	b.Use("m2", "r2", "Read", map[string]any{"file_path": dir + "/README.md"}).
		Result("r2", "     1→# fixture\n     2→\n     3→A small repository, changed since.\n", false, nil)
	b.Use("m3", "e1", "Edit", map[string]any{"file_path": dir + "/src/main.go", "old_string": "hello, needle", "new_string": "hello, world"}).
		Result("e1", "The file has been updated.", false, nil)
	path := filepath.Join(t.TempDir(), "compacted.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Where the header has no room for the notes (an edit not on disk, and
// the compaction's), the file's name stays: the notes are said short, or
// the compaction's left to the gutter's mark and the help's legend.
func TestSessionsForgottenNoteKeepsTheFileName(t *testing.T) {
	for _, w := range []int{80, 120} {
		m := sessionsModel(t, w, 24, "", "")
		m.cfg.Transcript = compactedSession(t, m.Repo.Dir())
		drive(t, m, m.Init(), settled(m, 3))
		press(m, "tab")
		m.focus = paneViewer
		v := viewerText(m)
		if head := strings.Split(v, "\n")[0]; !strings.Contains(head, "main.go") {
			t.Errorf("at %d columns the header lost the file's name: %q", w, head)
		}
		if l := gutterOf(v, "1"); !strings.Contains(l, ui.GutterForgotten) {
			t.Errorf("at %d columns line 1 is %q, want marked %s", w, l, ui.GutterForgotten)
		}
	}
}
