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

// countQwenCalls counts the functionCall parts of assistant records
// without the reader, and of those the ones of Gemini's file tools.
func countQwenCalls(t *testing.T, b []byte) (calls, fileCalls int) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r struct {
			Type    string `json:"type"`
			Message struct {
				Parts []struct {
					FunctionCall *struct{ Name string } `json:"functionCall"`
				} `json:"parts"`
			} `json:"message"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		for _, p := range r.Message.Parts {
			if p.FunctionCall == nil || r.Type != "assistant" {
				continue
			}
			calls++
			switch p.FunctionCall.Name {
			case "read_file", "write_file", "edit", "glob", "grep_search", "list_directory":
				fileCalls++
			}
		}
	}
	return
}

func readWithTalk(t *testing.T, b []byte) ([]Call, []Message, Stats) {
	t.Helper()
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
	return calls, append(said, r.Messages(Call{})...), r.Stats()
}

func TestQwenSampleCalls(t *testing.T) {
	b, err := os.ReadFile(repotest.Transcript(t, qwenSample))
	if err != nil {
		t.Fatal(err)
	}
	wantCalls, wantFile := countQwenCalls(t, b)
	calls, said, st := readWithTalk(t, b)
	if st.Format != AgentQwen || st.Calls != wantCalls || st.FileCalls != wantFile || len(calls) != wantCalls || st.Cwd != "/home/u/proj" ||
		st.GitBranch != "main" || st.Orphans != 0 || st.Unknown != 0 || st.Pending != 0 {
		t.Fatalf("stats %+v, %d calls; counted %d, %d file calls", st, len(calls), wantCalls, wantFile)
	}
	tools := []string{}
	for _, c := range calls {
		tools = append(tools, c.AgentTool)
		if c.NoResult {
			t.Errorf("call %s has no result", c.ID)
		}
	}
	if strings.Join(tools, " ") != "grep_search read_file edit run_shell_command todo_write" || !calls[3].IsError || calls[2].Repox[0].Tool != "repo_edit" {
		t.Errorf("calls %v %+v", tools, calls)
	}
	kinds := map[MessageKind]int{}
	for _, m := range said {
		kinds[m.Kind]++
	}
	if kinds[MessageUser] != 1 || kinds[MessageThinking] != 1 || kinds[MessageAssistant] != 2 || kinds[MessageCompaction] != 1 {
		t.Errorf("conversation %v", kinds)
	}
}

// qwenSample is the hand-made Qwen Code session kept in testdata.
const qwenSample = "qwen-code/hand-made/5f0c2a1e-7b3d-4c8e-9a61-2d4e8f0b1c37.jsonl"
