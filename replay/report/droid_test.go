package report

import (
	"path/filepath"
	"testing"
)

// droidSample is the hand-made Factory Droid session kept in testdata.
const droidSample = "droid/hand-made/7e1b3c5d-2f4a-4b6c-8d9e-0a1b2c3d4e5f.jsonl"

// The Droid sample replayed in its project as it was before the session:
// the edit applies now as it did then, the command's output is what the
// file now holds, and the compaction and the task list are said.
func TestDroidSampleReplay(t *testing.T) {
	reportSample(t, droidSample, filepath.Join(t.TempDir(), "s.jsonl"), gitRepo(t, greetFiles),
		"format      droid, session 7e1b3c5d-2f4a-4b6c-8d9e-0a1b2c3d4e5f, started 2026-01-02 03:04:01 UTC",
		"now   ok: edited src/greet.go",
		"the context was compacted here: Hello was added",
		"no repox equivalent: the MCP tool \"search_issues\" of server \"github\"",
		"then  error: rm: cannot remove",
		"14 calls: 7 with a repox equivalent, 7 without; 0 findings",
		"holding no call: 1 todo_state")
}
