package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// piSample is the hand-made Pi session (version 3) kept in testdata.
const piSample = "pi/hand-made/2026-01-02T03-04-05-000Z_0b6d5f2e-3c1a-4e8f-9d27-5a4c3b2e1f00.jsonl"

// The Pi sample replayed in its project as it was before the session:
// the reads and edits of both branches ask the same questions now, the
// branch and the compactions are said, and the records that hold no call
// are counted by type at the foot.
func TestPiSampleReplay(t *testing.T) {
	root := gitRepo(t, map[string]string{
		"src/greet.go":      "package greet\n\nfunc Greet(name string) string {\n\treturn \"Hello, \" + name\n}\n",
		"src/greet_test.go": "package greet\n\nimport \"testing\"\n\nfunc TestGreet(t *testing.T) {\n\tif got := Greet(\"Ann\"); got != \"Hello, Ann\" {\n\t\tt.Errorf(\"got %q\", got)\n\t}\n}\n",
	})
	b, err := os.ReadFile(repotest.Transcript(t, piSample))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(p, bytes.ReplaceAll(b, []byte("/home/u/proj"), []byte(root)), 0o644)
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: p, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"format      pi, session 0b6d5f2e-3c1a-4e8f-9d27-5a4c3b2e1f00",
		"the session went back to entry a0000003 (a branch: Pi's /tree)",
		"now   ok: edited src/greet.go",
		"no repox equivalent: path ~/notes.md is under the home folder",
		"12 calls: 10 with a repox equivalent, 2 without; 0 findings",
		"holding no call: 1 custom, 1 label, 1 model_change, 1 session_info, 1 thinking_level_change"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

// aiderSample is the real Aider history kept in testdata.
const aiderSample = "aider/aider-ai-aider/chat-history.EXCERPT.md"

// The Aider sample replayed in a repository holding the file as its
// SEARCH text shows it: the edit applies now as it did then.
func TestAiderSampleReplay(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, aiderSample))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)<<<<<<< SEARCH\n(.*?)=======\n`).FindSubmatch(b)
	root := gitRepo(t, map[string]string{"aider/utils.py": "import subprocess\n\n" + string(m[1]) + "\n\ndef other():\n    pass\n"})
	p := filepath.Join(t.TempDir(), ".aider.chat.history.md")
	os.WriteFile(p, b, 0o644)
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: p, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"format      aider, started -",
		"#1  -  /add", "#2  -  SEARCH/REPLACE",
		"now   ok: edited aider/utils.py",
		"another aider run",
		"2 calls: 2 with a repox equivalent, 0 without"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}
