package report

import (
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/replay/transcript"
)

// cursorSample is the hand-made Cursor chat kept in testdata.
const (
	cursorChat   = "3f9a1c2e-5b7d-4e8a-9c61-0d2e4f6a8b10"
	cursorSample = "cursor/hand-made/" + cursorChat + "/" + cursorChat + ".jsonl"
)

// The Cursor sample replayed where Cursor keeps it, in its project as it
// was before the session: the folder comes from the projects folder's
// name, the reads and the edit ask the same questions now, and each
// call's then-row says that Cursor recorded no result, not that the
// call was interrupted (but the two of the turn that was stopped).
func TestCursorSampleReplay(t *testing.T) {
	files := maps.Clone(greetFiles)
	files["NOTES.md"] = "notes\n"
	root := gitRepo(t, files)
	p := filepath.Join(t.TempDir(), ".cursor", "projects", transcript.CursorSlug(root), "agent-transcripts", cursorChat, cursorChat+".jsonl")
	out := reportSample(t, cursorSample, p, root,
		"format      cursor, session "+cursorChat,
		"agent cwd   "+root,
		"now   ok: edited src/greet.go",
		"then  no result in the transcript (Cursor does not record tool results)",
		"then  no result in the transcript (the turn was stopped)",
		"thinking  not in the transcript (redacted",
		"(sent Friday, Jan 2, 2026, 3:04 AM (UTC+0), the machine's local time",
		"no repox equivalent: deletes a file",
		// the agent's Read of the file has no result (Cursor records
		// none), so repox's answer stands for what it saw
		// (Call.ResultUnrecorded): the edit of lines it read is no
		// edit-unread finding
		"src/greet.go: read 1-9; edited 3-7",
		"13 calls: 7 with a repox equivalent, 6 without; 0 findings",
		"holding no call: 1 metadata")
	if n := strings.Count(out, "(interrupted, or still running)"); n != 0 {
		t.Errorf("%d calls said to be interrupted:\n%s", n, out)
	}
}
