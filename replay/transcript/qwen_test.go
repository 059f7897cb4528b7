package transcript

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestQwenToolMapping(t *testing.T) {
	for _, c := range []struct{ tool, args, repox, no string }{
		{"edit", `{"file_path":"/w/p/a.go","old_string":"x","new_string":"y","replace_all":true}`, `repo_edit {"path":"a.go","old_string":"x","new_string":"y"}`, ""},
		{"edit", `{"file_path":"/w/p/a.go"}`, ``, "edit without old_string"},
		{"read_file", `{"absolute_path":"/w/p/a.go","offset":10,"limit":5}`, `repo_read_file {"limit":5,"offset":11,"path":"a.go"}`, ""},
		{"list_directory", `{"path":"/w/p/src"}`, `repo_tree`, ""},
		{"task", `{"description":"x"}`, ``, "subagent"},
		{"save_memory", `{"fact":"x"}`, ``, "memory"},
	} {
		call := Call{AgentTool: c.tool, AgentArgs: json.RawMessage(c.args)}
		mapQwen(&call, "/w/p")
		got := ""
		if len(call.Repox) > 0 {
			got = call.Repox[0].Tool + " " + string(call.Repox[0].Args)
		}
		if c.repox != "" && !strings.HasPrefix(got, c.repox) || c.repox == "" && (got != "" || !strings.Contains(call.NoEquivalent, c.no)) || call.AgentTool != c.tool {
			t.Errorf("%s %s: %q (no equivalent: %q)", c.tool, c.args, got, call.NoEquivalent)
		}
		if c.tool == "edit" && got != "" && !call.Repox[0].All {
			t.Errorf("replace_all was not kept")
		}
	}
}
