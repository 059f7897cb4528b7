package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/repoxhq/repox/repoops/repotest"
)

// The mapping of each tool Copilot CLI has, on hand-made requests.
func TestCopilotToolMapping(t *testing.T) {
	cwd := "/w/p"
	for _, c := range []struct {
		tool, args, repox, no string
	}{
		{"view", `{"path":"/w/p/a.go","view_range":[3,5]}`, `repo_read_file {"limit":3,"offset":3,"path":"a.go"}`, ""},
		{"view", `{"path":"a.go","view_range":[3,-1]}`, `repo_read_file {"limit":2000,"offset":3,"path":"a.go"}`, ""},
		{"edit", `{"path":"/w/p/a.go","old_str":"x","new_str":"y"}`, `repo_edit {"path":"a.go","old_string":"x","new_string":"y"}`, ""},
		{"create", `{"path":"/w/p/b.go","file_text":"package b\n"}`, `repo_write {"content":"package b\n","path":"b.go"}`, ""},
		{"str_replace_editor", `{"command":"str_replace","path":"/w/p/a.go","old_str":"x","new_str":"y"}`, `repo_edit {"path":"a.go","old_string":"x","new_string":"y"}`, ""},
		{"grep", `{"pattern":"func main","path":"/w/p","output_mode":"content"}`, `repo_grep {"pattern":"func main"}`, ""},
		{"glob", `{"pattern":"**/*.go"}`, `repo_find`, ""},
		{"bash", `{"command":"cat a.go","description":"read"}`, `repo_read_file`, ""},
		{"view", `{"path":"/etc/passwd"}`, ``, "outside"},
		{"task", `{"prompt":"x"}`, ``, "subagent"},
		{"report_intent", `{"intent":"x"}`, ``, "bookkeeping"},
		{"web_fetch", `{"url":"https://x"}`, ``, "web"},
	} {
		call := Call{AgentTool: c.tool, AgentArgs: json.RawMessage(c.args)}
		mapCopilot(&call, cwd)
		got := ""
		if len(call.Repox) > 0 {
			got = call.Repox[0].Tool + " " + string(call.Repox[0].Args)
		}
		if c.repox != "" && !strings.HasPrefix(got, c.repox) || c.repox == "" && (got != "" || !strings.Contains(call.NoEquivalent, c.no)) {
			t.Errorf("%s %s: %q (no equivalent: %q), want %q %q", c.tool, c.args, got, call.NoEquivalent, c.repox, c.no)
		}
	}
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
	r := NewReader(bytes.NewReader(b)).WithConversation()
	var calls []Call
	var said []Message
	for {
		c, err := r.Next()
		if err != nil {
			break
		}
		said = append(said, r.Messages(c)...)
		calls = append(calls, c)
	}
	said = append(said, r.Messages(Call{})...)
	st := r.Stats()
	sub := 0
	for _, c := range calls {
		if c.Subagent != "" {
			sub++
			if c.Parent != "toolu_vrtx_01TxUTxpA98CaQcbRogpf822" {
				t.Errorf("subagent call %s: parent %q", c.ID, c.Parent)
			}
		}
		if c.NoResult || c.Agent != AgentCopilot {
			t.Errorf("call %+v", c)
		}
	}
	if st.Format != AgentCopilot || st.Calls != wantCalls || st.FileCalls != wantFile || sub != wantSub || len(calls) != wantCalls ||
		st.Cwd != "/Users/testuser/workspace/demo-project" || st.SessionID != "030f200c-c26f-4ef0-9099-6d1156c83631" || st.Orphans != 0 || st.Unknown != 0 {
		t.Fatalf("stats %+v, %d calls (%d of a subagent); counted %d, %d file calls, %d of a subagent", st, len(calls), sub, wantCalls, wantFile, wantSub)
	}
	if calls[0].Repox[0].Tool != "repo_read_file" || calls[0].Saw == nil || len(calls[0].Saw.Lines) != 8 || calls[0].Saw.Lines[7].Text != "When asked to greet, call `hello.py` with a name." {
		t.Errorf("the first view: %+v %+v", calls[0].Repox, calls[0].Saw)
	}
	kinds := map[MessageKind]int{}
	for _, m := range said {
		kinds[m.Kind]++
	}
	// the subagent's reasoning is recorded on its first message and again
	// on its last (one reasoningOpaque): said once
	if kinds[MessageUser] != 1 || kinds[MessageThinking] != 2 || kinds[MessageAssistant] != 2 {
		t.Errorf("conversation %v: %+v", kinds, said)
	}
}

// copilotSample is the real Copilot CLI 1.0.55 session kept in testdata.
const copilotSample = "copilot-cli/qiaolei81-copilot-session-viewer/events.EXCERPT.jsonl"
