package replay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
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

// countCopilotRequests counts the sample's tool requests without the
// reader: every toolCallId an assistant.message or tool.execution_start
// names, once, and of those the file tools.
func countCopilotRequests(t *testing.T, b []byte) (calls, fileCalls, subagent int) {
	t.Helper()
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ev struct {
			Type    string `json:"type"`
			AgentID string `json:"agentId"`
			Data    struct {
				ToolRequests []struct{ ToolCallID, Name string } `json:"toolRequests"`
			} `json:"data"`
		}
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatal(err)
		}
		for _, r := range ev.Data.ToolRequests {
			if seen[r.ToolCallID] {
				continue
			}
			seen[r.ToolCallID] = true
			calls++
			switch r.Name {
			case "view", "edit", "create", "grep", "glob":
				fileCalls++
			}
			if ev.AgentID != "" {
				subagent++
			}
		}
	}
	return
}

func TestCopilotSampleCalls(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, copilotSample))
	if err != nil {
		t.Fatal(err)
	}
	wantCalls, wantFile, wantSub := countCopilotRequests(t, b)
	r := transcript.NewReader(bytes.NewReader(b)).WithConversation()
	var calls []transcript.Call
	var said []transcript.Message
	for {
		c, err := r.Next()
		if err != nil {
			break
		}
		said = append(said, r.Messages(c)...)
		calls = append(calls, c)
	}
	said = append(said, r.Messages(transcript.Call{})...)
	st := r.Stats()
	sub := 0
	for _, c := range calls {
		if c.Subagent != "" {
			sub++
			if c.Parent != "toolu_vrtx_01TxUTxpA98CaQcbRogpf822" {
				t.Errorf("subagent call %s: parent %q", c.ID, c.Parent)
			}
		}
		if c.NoResult || c.Agent != transcript.AgentCopilot {
			t.Errorf("call %+v", c)
		}
	}
	if st.Format != transcript.AgentCopilot || st.Calls != wantCalls || st.FileCalls != wantFile || sub != wantSub || len(calls) != wantCalls ||
		st.Cwd != "/Users/testuser/workspace/demo-project" || st.SessionID != "030f200c-c26f-4ef0-9099-6d1156c83631" || st.Orphans != 0 || st.Unknown != 0 {
		t.Fatalf("stats %+v, %d calls (%d of a subagent); counted %d, %d file calls, %d of a subagent", st, len(calls), sub, wantCalls, wantFile, wantSub)
	}
	if calls[0].Repox[0].Tool != "repo_read_file" || calls[0].Saw == nil || len(calls[0].Saw.Lines) != 8 || calls[0].Saw.Lines[7].Text != "When asked to greet, call `hello.py` with a name." {
		t.Errorf("the first view: %+v %+v", calls[0].Repox, calls[0].Saw)
	}
	kinds := map[transcript.MessageKind]int{}
	for _, m := range said {
		kinds[m.Kind]++
	}
	if kinds[transcript.MessageUser] != 1 || kinds[transcript.MessageThinking] != 3 || kinds[transcript.MessageAssistant] != 2 {
		t.Errorf("conversation %v: %+v", kinds, said)
	}
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

// Discovery under a fake HOME: session-state/<id>/events.jsonl and the
// older session-state/<id>.jsonl of the folder's sessions, not another
// folder's; a linked session folder is passed over, said.
func TestDiscoverCopilotSessions(t *testing.T) {
	home, elsewhere := t.TempDir(), t.TempDir()
	root := filepath.Join(t.TempDir(), "proj")
	os.MkdirAll(root, 0o755)
	b, err := os.ReadFile(repotest.Transcript(t, copilotSample))
	if err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(home, ".copilot", "session-state")
	put := func(p string, cwd string) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte("/Users/testuser/workspace/demo-project"), []byte(cwd)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put(filepath.Join(state, "11111111-1111-4111-8111-111111111111", "events.jsonl"), root)
	put(filepath.Join(state, "22222222-2222-4222-8222-222222222222.jsonl"), filepath.Join(root, "sub"))
	put(filepath.Join(state, "33333333-3333-4333-8333-333333333333", "events.jsonl"), "/elsewhere")
	os.MkdirAll(filepath.Join(state, "44444444-4444-4444-8444-444444444444"), 0o755) // no events yet
	put(filepath.Join(elsewhere, "s", "events.jsonl"), root)
	linked := filepath.Join(state, "55555555-5555-4555-8555-555555555555")
	if err := os.Symlink(filepath.Join(elsewhere, "s"), linked); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	d, err := DiscoverAll(context.Background(), root, Env{Home: home, Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Sessions) != 2 {
		t.Fatalf("sessions %+v", d.Sessions)
	}
	for _, s := range d.Sessions {
		if s.Agent != transcript.AgentCopilot || s.Calls != 5 || s.FileCalls != 3 || !strings.HasPrefix(s.Title, "Read .copilot/skills/demo-greeter/SKILL.md") {
			t.Errorf("session %+v", s)
		}
	}
	passed := strings.Join(d.Passed, "\n")
	if !strings.Contains(passed, repoops.QuoteName(linked)+" was not read: a symbolic link") || len(d.Passed) != 1 {
		t.Errorf("passed over:\n%s", passed)
	}
}
