package replay

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/repoxhq/repox/replay/replaytest"
)

// CountFindings counts what the report lists: grading_test's session is
// one finding (edit-unread) and one note (repox's refusal of that edit).
func TestCountFindingsIsTheReportsSummary(t *testing.T) {
	root := gitRepo(t, map[string]string{"b.txt": "a\nb\nc\nd\ne\n"})
	b := &replaytest.Claude{T: t, Cwd: root}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": root + "/b.txt", "limit": 2}).
		Result("r1", "     1→a\n     2→b\n", false, map[string]any{"type": "text", "file": map[string]any{"filePath": root + "/b.txt", "content": "a\nb", "numLines": 2, "startLine": 1, "totalLines": 5}}).
		Use("m2", "e1", "Edit", map[string]any{"file_path": root + "/b.txt", "old_string": "b\n", "new_string": "B\n"}).
		Result("e1", "The file "+root+"/b.txt has been updated.", false, nil).
		Use("m3", "e2", "Edit", map[string]any{"file_path": root + "/b.txt", "old_string": "d\n", "new_string": "D\n"}).
		Result("e2", "The file "+root+"/b.txt has been updated.", false, nil)
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := CountFindings(t.Context(), RunOptions{Transcript: path, Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if got.Calls != 3 || got.NoteTotal() != 1 || got.FindingTotal() != 1 || got.Findings[FlagEditUnread] != 1 {
		t.Errorf("counts %+v, want 3 calls, 1 note and 1 edit-unread", got)
	}
	if data, _ := os.ReadFile(filepath.Join(root, "b.txt")); string(data) != "a\nb\nc\nd\ne\n" {
		t.Errorf("counting changed the working tree: %q", data)
	}
}
