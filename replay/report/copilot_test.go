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

// copilotSample is the real Copilot CLI 1.0.55 session kept in testdata.
const copilotSample = "copilot-cli/qiaolei81-copilot-session-viewer/events.EXCERPT.jsonl"

// copilotSampleRepo is the project the sample's session ran in, as its
// view results show it.
var copilotSampleRepo = map[string]string{
	".copilot/skills/demo-greeter/SKILL.md": "---\nname: demo-greeter\ndescription: Trivial greeter skill for fixture demos.\n---\n\n# Demo Greeter\n\nWhen asked to greet, call `hello.py` with a name.\n",
	"hello.py":                              "def greet(name):\n    return f\"Hello, {name}!\"\n\nif __name__ == \"__main__\":\n    print(greet(\"world\"))\n",
	"README.md":                             "# Demo Project\n\nA trivial example project used for fixture generation.\n\n- `hello.py` — prints a greeting\n",
}

// The sample replayed in the project it ran in: every read reads the same
// lines now, so the report has no finding.
func TestCopilotSampleReplay(t *testing.T) {
	root := gitRepo(t, copilotSampleRepo)
	b, err := os.ReadFile(repotest.Transcript(t, copilotSample))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "events.jsonl")
	os.WriteFile(p, bytes.ReplaceAll(b, []byte("/Users/testuser/workspace/demo-project"), []byte(root)), 0o644)
	var out bytes.Buffer
	if err := Report(context.Background(), ReportOptions{Transcript: p, Root: root}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"format      copilot-cli, session 030f200c-c26f-4ef0-9099-6d1156c83631",
		"[toolu_vrtx_01TxUTxpA98CaQcbRogpf822] view", "now   ok: hello.py — lines 1-5 of 5",
		"5 calls: 3 with a repox equivalent, 2 without; 0 findings", "read 30 lines; skipped 0; 0 records of unknown types; 0 results without a call"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}
