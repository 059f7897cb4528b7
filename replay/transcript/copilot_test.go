package transcript

import (
	"encoding/json"
	"strings"
	"testing"
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
