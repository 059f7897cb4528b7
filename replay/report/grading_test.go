package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay"
	"github.com/repoxhq/repox/replay/replaytest"
)

// Issue 37: an edit of lines the agent had been shown after a partial read
// is allowed by repox's gate too (no finding, no note); an edit of lines it
// never saw is an edit-unread finding, and repox's refusal of it is a note
// beside it, not a second finding; the two are counted apart in the
// summary and graded in --json.
func TestPartialReadEditIsANoteUnlessItTouchedUnseenLines(t *testing.T) {
	root := gitRepo(t, map[string]string{"b.txt": "a\nb\nc\nd\ne\n"})
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": root + "/b.txt", "limit": 2}).
		Result("r1", "     1→a\n     2→b\n", false, map[string]any{"type": "text", "file": map[string]any{"filePath": root + "/b.txt", "content": "a\nb", "numLines": 2, "startLine": 1, "totalLines": 5}}).
		Use("m2", "e1", "Edit", map[string]any{"file_path": root + "/b.txt", "old_string": "b\n", "new_string": "B\n"}).
		Result("e1", "The file "+root+"/b.txt has been updated.", false, nil).
		Use("m3", "e2", "Edit", map[string]any{"file_path": root + "/b.txt", "old_string": "d\n", "new_string": "D\n"}).
		Result("e2", "The file "+root+"/b.txt has been updated.", false, nil)
	severity := map[string]string{}
	for _, m := range reportJSON(t, b.String(), root, replay.AgainstStart) {
		flags, _ := m["flags"].([]any)
		for _, f := range flags {
			f := f.(map[string]any)
			seq := int(m["call"].(map[string]any)["seq"].(float64))
			severity["#"+itoaTest(seq)+" "+f["kind"].(string)] = f["severity"].(string)
		}
		if m["type"] == "summary" {
			if notes, _ := m["notes"].(map[string]any); notes["differs"] != 1.0 {
				t.Errorf("summary notes = %v, want 1 differs", m["notes"])
			}
		}
	}
	want := map[string]string{"#3 differs": "note", "#3 edit-unread": "finding"}
	for k, v := range want {
		if severity[k] != v {
			t.Errorf("%s: severity %q, want %q (all: %v)", k, severity[k], v, severity)
		}
	}
	if len(severity) != len(want) {
		t.Errorf("flags %v, want only %v (the edit of seen lines #2 has none)", severity, want)
	}
	var out bytes.Buffer
	w := &reportWriter{w: &out, file: "t"}
	if err := runReport(t.Context(), strings.NewReader(b.String()), root, "", w); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, s := range []string{"    · note, differs: the agent's Edit succeeded", "(for the lines the edit-unread finding names)", "3 calls: 3 with a repox equivalent, 0 without; 1 finding (1 edit-unread); 1 note (1 differs)"} {
		if !strings.Contains(text, s) {
			t.Errorf("the report lacks %q:\n%s", s, text)
		}
	}
}
