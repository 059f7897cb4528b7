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

// qwenSample is the hand-made Qwen Code session kept in testdata.
const qwenSample = "qwen-code/hand-made/5f0c2a1e-7b3d-4c8e-9a61-2d4e8f0b1c37.jsonl"

var qwenSampleRepo = map[string]string{
	"src/greet.go":      "package greet\n\nfunc Greet(name string) string {\n\treturn \"Hello, \" + name\n}\n",
	"src/greet_test.go": "package greet\n\nimport \"testing\"\n\nfunc TestGreet(t *testing.T) {\n\tif got := Greet(\"Ann\"); got != \"Hello, Ann\" {\n\t\tt.Errorf(\"got %q, want %q\", got, \"Hello, Ann\")\n\t}\n}\n",
}

// The sample replayed in a project as it was before the session: the
// search, the read and the edit ask the same questions now.
func TestQwenSampleReplay(t *testing.T) {
	root := gitRepo(t, qwenSampleRepo)
	b, err := os.ReadFile(repotest.Transcript(t, qwenSample))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(p, bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(root)), 0o644)
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: p, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"format      qwen-code, session 5f0c2a1e-7b3d-4c8e-9a61-2d4e8f0b1c37",
		"now   ok: src/greet.go — lines 1-5 of 5", "now   ok: edited src/greet.go: 1 replacement at line 4",
		"compacted   09:00:11", "no repox equivalent: a task-list tool",
		"5 calls: 3 with a repox equivalent, 2 without; 0 findings", "read 15 lines; skipped 0; 0 records of unknown types; 0 results without a call"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}
