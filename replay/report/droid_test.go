package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// droidSample is the hand-made Factory Droid session kept in testdata.
const droidSample = "droid/hand-made/7e1b3c5d-2f4a-4b6c-8d9e-0a1b2c3d4e5f.jsonl"

// The Droid sample replayed in its project as it was before the session:
// the edit applies now as it did then, the command's output is what the
// file now holds, and the compaction and the task list are said.
func TestDroidSampleReplay(t *testing.T) {
	root := gitRepo(t, map[string]string{
		"src/greet.go":      "package greet\n\nfunc Greet(name string) string {\n\treturn \"Hello, \" + name\n}\n",
		"src/greet_test.go": "package greet\n\nimport \"testing\"\n\nfunc TestGreet(t *testing.T) {\n\tif got := Greet(\"Ann\"); got != \"Hello, Ann\" {\n\t\tt.Errorf(\"got %q\", got)\n\t}\n}\n",
	})
	b, err := os.ReadFile(repotest.Transcript(t, droidSample))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(p, bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(root)), 0o644)
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: p, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"format      droid, session 7e1b3c5d-2f4a-4b6c-8d9e-0a1b2c3d4e5f, started 2026-01-02 03:04:01 UTC",
		"now   ok: edited src/greet.go",
		"the context was compacted here: Hello was added",
		"no repox equivalent: the MCP tool \"search_issues\" of server \"github\"",
		"then  error: rm: cannot remove",
		"14 calls: 7 with a repox equivalent, 7 without; 0 findings",
		"holding no call: 1 todo_state"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}
