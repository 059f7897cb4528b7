package report

import (
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
)

// Issue 39 item 9: a read whose lines an earlier read already showed,
// with nothing changed in between, is a note, and the report counts the
// lines shown again. A read after an edit is of a new version: no note.
func TestReReadIsANote(t *testing.T) {
	root := gitRepo(t, map[string]string{"b.txt": "a\nb\nc\nd\ne\n"})
	b := &replaytest.Claude{T: t, Cwd: root}
	read := func(id string, limit int) {
		b.Use("m"+id, id, "Read", map[string]any{"file_path": root + "/b.txt", "limit": limit}).
			Result(id, "     1→a\n     2→b\n", false, map[string]any{"type": "text", "file": map[string]any{"filePath": root + "/b.txt", "content": strings.Join([]string{"a", "b", "c", "d", "e"}[:limit], "\n"), "numLines": limit, "startLine": 1, "totalLines": 5}})
	}
	read("r1", 5)
	read("r2", 2) // lines 1-2 again, nothing changed: a note
	b.Use("me", "e1", "Edit", map[string]any{"file_path": root + "/b.txt", "old_string": "c\n", "new_string": "C\n"}).
		Result("e1", "The file "+root+"/b.txt has been updated.", false, nil)
	read("r3", 2) // after the edit: a new version, no note
	var notes []string
	var sum map[string]any
	for _, m := range reportJSON(t, b.String(), root, replay.AgainstStart) {
		if m["type"] == "summary" {
			sum = m
		}
		fs, _ := m["flags"].([]any)
		for _, f := range fs {
			f := f.(map[string]any)
			if f["kind"] == string(replay.FlagReRead) {
				notes = append(notes, f["text"].(string)+" / "+f["severity"].(string))
			}
		}
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "lines 1-2 of b.txt already shown at #1, with nothing changed since (2 lines the agent was shown again) / note") {
		t.Errorf("re-read notes: %q", notes)
	}
	if sum["reReadLines"] != 2.0 {
		t.Errorf("summary reReadLines %v, want 2", sum["reReadLines"])
	}
}
