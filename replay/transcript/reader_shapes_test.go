package transcript

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/repoxhq/repox/replay/replaytest"
	"github.com/repoxhq/repox/repoops"
)

func TestClaudeToolShapes(t *testing.T) {
	type want struct {
		tool   string         // repox tool, "" = no equivalent
		args   map[string]any // subset of the mapped arguments
		noEq   string         // substring of the reason
		approx bool
	}
	cases := []struct {
		name  string
		tool  string
		input map[string]any
		want  want
	}{
		{"read offset 0 is the start", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go", "offset": 0, "limit": 5}, want{tool: "repo_read_file", args: map[string]any{"path": "a.go", "offset": 1.0, "limit": 5.0}}},
		{"read relative path", "Read", map[string]any{"file_path": "src/b.go"}, want{tool: "repo_read_file", args: map[string]any{"path": "src/b.go", "offset": 1.0, "limit": 2000.0}}},
		{"read limit over 2000", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go", "limit": 5000}, want{tool: "repo_read_file", args: map[string]any{"limit": 2000.0}, approx: true}},
		{"read outside", "Read", map[string]any{"file_path": "/etc/passwd"}, want{noEq: "outside the session's folder"}},
		{"read escaping", "Read", map[string]any{"file_path": "../x"}, want{noEq: "outside the session's folder"}},
		{"grep literal", "Grep", map[string]any{"pattern": `os\.Open`, "path": replaytest.Cwd + "/src", "output_mode": "content", "-i": true}, want{tool: "repo_grep", args: map[string]any{"pattern": "os.Open", "path": "src", "case_sensitive": false}, approx: true}},
		{"grep regex", "Grep", map[string]any{"pattern": `fo+|bar`}, want{noEq: "regular expression"}},
		{"glob", "Glob", map[string]any{"pattern": "**/*.go"}, want{tool: "repo_find", args: map[string]any{"query": "**/*.go", "limit": 200.0}, approx: true}},
		{"ls", "LS", map[string]any{"path": replaytest.Cwd + "/src"}, want{tool: "repo_tree", args: map[string]any{"path": "src"}, approx: true}},
		{"edit", "Edit", map[string]any{"file_path": replaytest.Cwd + "/a.go", "old_string": "x", "new_string": "y"}, want{tool: "repo_edit", args: map[string]any{"path": "a.go", "old_string": "x", "new_string": "y"}}},
		{"write", "Write", map[string]any{"file_path": replaytest.Cwd + "/n.txt", "content": "hi\n"}, want{tool: "repo_write", args: map[string]any{"path": "n.txt", "content": "hi\n"}}},
		{"bash cat", "Bash", map[string]any{"command": "cat src/b.go"}, want{tool: "repo_read_file", args: map[string]any{"path": "src/b.go"}, approx: true}},
		{"bash sed", "Bash", map[string]any{"command": "sed -n '10,19p' a.go"}, want{tool: "repo_read_file", args: map[string]any{"path": "a.go", "offset": 10.0, "limit": 10.0}}},
		{"bash head", "Bash", map[string]any{"command": "head -n 3 a.go"}, want{tool: "repo_read_file", args: map[string]any{"offset": 1.0, "limit": 3.0}}},
		{"bash rg", "Bash", map[string]any{"command": "rg -n 'needle' src"}, want{tool: "repo_grep", args: map[string]any{"pattern": "needle", "path": "src"}, approx: true}},
		{"bash find name", "Bash", map[string]any{"command": "find . -name '*.go'"}, want{tool: "repo_find", args: map[string]any{"query": "*.go"}, approx: true}},
		{"bash ls", "Bash", map[string]any{"command": "ls -la src"}, want{tool: "repo_tree", args: map[string]any{"path": "src", "max_depth": 1.0}, approx: true}},
		{"bash write", "Bash", map[string]any{"command": "echo hi > a.go"}, want{noEq: "not a single plain read"}},
		{"bash program", "Bash", map[string]any{"command": "go test ./..."}, want{noEq: "not a plain read or search"}},
		{"bash find exec", "Bash", map[string]any{"command": "find . -name x -delete"}, want{noEq: "not a plain read"}},
		{"web", "WebFetch", map[string]any{"url": "https://example.com"}, want{noEq: "a web tool"}},
		{"task", "Task", map[string]any{"prompt": "x"}, want{noEq: "subagent"}},
		{"repox over mcp", "mcp__repox__repo_tree", map[string]any{"path": "src"}, want{tool: "repo_tree", args: map[string]any{"path": "src"}}},
		{"bad args", "Read", nil, want{tool: "repo_read_file"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
			var input any = tc.input
			if tc.input == nil {
				input = map[string]any{}
			}
			b.Use("m1", "id1", tc.tool, input).Result("id1", "ok", false, nil)
			calls, _ := readAllString(t, b.String())
			if len(calls) != 1 {
				t.Fatalf("%d calls", len(calls))
			}
			c := calls[0]
			if tc.want.tool == "" {
				if c.IsFileTool() || !strings.Contains(c.NoEquivalent, tc.want.noEq) {
					t.Fatalf("mapped to %v, reason %q; want no equivalent with %q", c.Repox, c.NoEquivalent, tc.want.noEq)
				}
				return
			}
			if !c.IsFileTool() || c.Repox[0].Tool != tc.want.tool {
				t.Fatalf("mapped to %v (%q), want %s", c.Repox, c.NoEquivalent, tc.want.tool)
			}
			got := repoxArgs(t, c, 0)
			for k, v := range tc.want.args {
				if got[k] != v {
					t.Errorf("%s = %#v, want %#v (all: %v)", k, got[k], v, got)
				}
			}
			if (c.Approx != "") != tc.want.approx {
				t.Errorf("approx %q, want approx=%v", c.Approx, tc.want.approx)
			}
		})
	}
}

func TestClaudeMultiEditAndReplaceAll(t *testing.T) {
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Use("m1", "e1", "MultiEdit", map[string]any{"file_path": replaytest.Cwd + "/a.go", "edits": []any{
		map[string]any{"old_string": "a", "new_string": "b"},
		map[string]any{"old_string": "c", "new_string": "d", "replace_all": true},
	}}).Result("e1", "ok", false, nil)
	calls, _ := readAllString(t, b.String())
	c := calls[0]
	if len(c.Repox) != 2 || c.Repox[0].All || !c.Repox[1].All || c.Approx == "" {
		t.Fatalf("MultiEdit mapped to %+v approx %q", c.Repox, c.Approx)
	}
}

func TestClaudeResultShapes(t *testing.T) {
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Use("m1", "r1", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go", "offset": 12, "limit": 2}).
		// newer builds: N<TAB>text, a system reminder after the lines
		Result("r1", "    12\tfoo\n    13\tbar\n\n<system-reminder>\nx\n</system-reminder>\n", false, nil).
		Use("m2", "r2", "Read", map[string]any{"file_path": replaytest.Cwd + "/b.go"}).
		// content as a list of text blocks, older N→ prefix
		Result("r2", []any{map[string]any{"type": "text", "text": "     1→one\n     2→two"}}, false, nil).
		Use("m3", "r3", "Edit", map[string]any{"file_path": replaytest.Cwd + "/a.go", "old_string": "zz", "new_string": "y"}).
		Result("r3", "<tool_use_error>String to replace not found in file.\nString: zz</tool_use_error>", true, "Error: String to replace not found in file.").
		Use("m4", "r4", "Glob", map[string]any{"pattern": "*"}).
		Result("r4", "No files found", false, map[string]any{"filenames": []string{}, "numFiles": 0, "truncated": false})
	calls, st := readAllString(t, b.String())
	if len(calls) != 4 || st.Skipped != 0 {
		t.Fatalf("%d calls, %+v", len(calls), st)
	}
	r1 := calls[0].Saw
	if r1 == nil || len(r1.Lines) != 2 || r1.Lines[0] != (SawLine{12, "foo"}) || r1.Lines[1] != (SawLine{13, "bar"}) {
		t.Errorf("tab-prefixed read: %+v", r1)
	}
	r2 := calls[1].Saw
	if r2 == nil || len(r2.Lines) != 2 || r2.Lines[1] != (SawLine{2, "two"}) || calls[1].Text != "     1→one\n     2→two" {
		t.Errorf("block content read: %+v %q", r2, calls[1].Text)
	}
	if !calls[2].IsError || !strings.Contains(calls[2].Text, "String to replace not found") || calls[2].Saw != nil {
		t.Errorf("error result: %+v", calls[2])
	}
	if calls[3].Saw == nil || len(calls[3].Saw.Paths) != 0 || calls[3].Saw.Cut {
		t.Errorf("empty glob: %+v", calls[3].Saw)
	}
}

func TestPairingInterleavedAndParallel(t *testing.T) {
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	// one assistant message split over two lines (same message id), the
	// first block repeated; two parallel calls answered in reverse order,
	// then a third call; a result for a call that does not exist.
	b.Use("m1", "p1", "Read", map[string]any{"file_path": replaytest.Cwd + "/one.go"}).
		Use("m1", "p1", "Read", map[string]any{"file_path": replaytest.Cwd + "/one.go"}, "p2", "Read", map[string]any{"file_path": replaytest.Cwd + "/two.go"}).
		Result("p2", "     1→second", false, nil).
		Result("ghost", "nobody asked", false, nil).
		Result("p1", "     1→first", false, nil).
		Use("m2", "p3", "Glob", map[string]any{"pattern": "*.go"}).
		Use("m2", "p4", "Read", map[string]any{"file_path": replaytest.Cwd + "/never.go"}).
		Result("p3", replaytest.Cwd+"/one.go\n"+replaytest.Cwd+"/two.go", false, nil)
	calls, st := readAllString(t, b.String())
	if len(calls) != 4 {
		t.Fatalf("%d calls: %+v", len(calls), calls)
	}
	if calls[0].ID != "p1" || calls[0].Text != "     1→first" || calls[1].ID != "p2" || calls[1].Text != "     1→second" {
		t.Errorf("paired by position, not id: %q=%q, %q=%q", calls[0].ID, calls[0].Text, calls[1].ID, calls[1].Text)
	}
	if calls[2].ID != "p3" || len(calls[2].Saw.Paths) != 2 || calls[2].Saw.Paths[1] != "two.go" {
		t.Errorf("glob: %+v", calls[2])
	}
	if calls[3].ID != "p4" || !calls[3].NoResult {
		t.Errorf("a call without a result must come last with NoResult: %+v", calls[3])
	}
	for i, c := range calls {
		if c.Seq != i+1 {
			t.Errorf("call %d has seq %d", i, c.Seq)
		}
	}
	if st.Orphans != 1 {
		t.Errorf("orphans %d, want 1", st.Orphans)
	}
}

func TestBadLinesSkippedAndCounted(t *testing.T) {
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Raw("// a comment\n").Raw("not json at all\n").
		Use("m1", "a", "Read", map[string]any{"file_path": replaytest.Cwd + "/a.go"}).
		Raw(`{"type":"brand-new-kind","sessionId":"s-1"}`+"\n").
		Raw("{broken json\n").
		Result("a", "     1→x", false, nil).
		Raw(`{"type":"assistant","sessionId":"s-1","message":{"id":"m9","content":[{"type":"tool_use","id":"late","name":"Read","input":{"file_pa`)
	calls, st := readAllString(t, b.String())
	if len(calls) != 1 || calls[0].Text != "     1→x" {
		t.Fatalf("calls %+v", calls)
	}
	if st.Skipped != 4 || st.Unknown != 1 || !st.Partial {
		t.Errorf("stats %+v: want 4 skipped (2 before detection, 1 broken, the partial last line), 1 unknown, partial", st)
	}
}

func TestCodexToolShapes(t *testing.T) {
	var sb strings.Builder
	line := func(typ string, payload any) {
		sb.WriteString(replaytest.JSONLine(t, map[string]any{"timestamp": "2026-01-02T03:04:05.000Z", "type": typ, "payload": payload}))
	}
	call := func(id, name string, args any) {
		a, _ := json.Marshal(args)
		line("response_item", map[string]any{"type": "function_call", "name": name, "arguments": string(a), "call_id": id})
	}
	out := func(id string, output any) {
		line("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": output})
	}
	line("session_meta", map[string]any{"id": "rollout-1", "cwd": replaytest.Cwd})
	call("c1", "read_file", map[string]any{"file_path": replaytest.Cwd + "/a.go", "offset": 3, "limit": 2})
	out("c1", "L3: three\nL4: four")
	call("c2", "list_dir", map[string]any{"dir_path": replaytest.Cwd + "/src", "depth": 3})
	out("c2", "More than 25 entries found\nx")
	call("c3", "grep_files", map[string]any{"pattern": "needle", "path": replaytest.Cwd, "limit": 2})
	out("c3", replaytest.Cwd+"/a.go\n"+replaytest.Cwd+"/b.go")
	call("c4", "shell", map[string]any{"command": []string{"bash", "-lc", "sed -n '5,9p' a.go"}})
	out("c4", `{"output":"five\nsix","metadata":{"exit_code":0}}`)
	call("c5", "exec_command", map[string]any{"cmd": "nl -ba a.go | sed -n '1,2p'"})
	out("c5", "Chunk ID: 1\nWall time: 0.01 seconds\nProcess exited with code 0\nOriginal token count: 4\nOutput:\n     1\tone\n     2\ttwo\n")
	call("c6", "shell", map[string]any{"command": []string{"bash", "-lc", "rm -rf build"}})
	out("c6", `{"output":"","metadata":{"exit_code":1}}`)
	call("c7", "exec_command", map[string]any{"cmd": "cat missing.go"})
	out("c7", "Chunk ID: 2\nWall time: 0.01 seconds\nProcess exited with code 1\nOutput:\ncat: missing.go: No such file or directory\n")
	line("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "c8", "input": "*** Begin Patch\n*** Update File: a.go\n@@\n one\n-two\n+TWO\n*** Delete File: old.go\n*** End Patch"})
	line("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "c8", "output": "Success. Updated the following files:\nM a.go"})
	line("response_item", map[string]any{"type": "function_call", "name": "update_plan", "arguments": "{}", "call_id": "c9"})
	line("response_item", map[string]any{"type": "function_call_output", "call_id": "c9", "output": map[string]any{"content": "Plan updated", "success": true}})
	calls, st := readAllString(t, sb.String())
	if len(calls) != 9 || st.Format != AgentCodex {
		t.Fatalf("%d calls, %+v", len(calls), st)
	}
	if a := repoxArgs(t, calls[0], 0); a["path"] != "a.go" || a["offset"] != 3.0 || a["limit"] != 2.0 || calls[0].Saw.Lines[1] != (SawLine{4, "four"}) {
		t.Errorf("read_file: %v %+v", a, calls[0].Saw)
	}
	if a := repoxArgs(t, calls[1], 0); calls[1].Repox[0].Tool != "repo_tree" || a["max_depth"] != 3.0 || !calls[1].Saw.Cut {
		t.Errorf("list_dir: %v %+v", a, calls[1].Saw)
	}
	if s := calls[2].Saw; s == nil || !s.Cut || s.Limit != 2 || s.Paths[1] != "b.go" {
		t.Errorf("grep_files at its limit must be cut: %+v", s)
	}
	if a := repoxArgs(t, calls[3], 0); a["offset"] != 5.0 || a["limit"] != 5.0 || calls[3].Text != "five\nsix" || calls[3].Saw.Lines[1] != (SawLine{6, "six"}) {
		t.Errorf("sed via bash -lc: %v %q %+v", a, calls[3].Text, calls[3].Saw)
	}
	if a := repoxArgs(t, calls[4], 0); a["offset"] != 1.0 || a["limit"] != 2.0 || calls[4].Saw.Lines[1] != (SawLine{2, "two"}) || calls[4].IsError {
		t.Errorf("nl | sed: %v %+v", a, calls[4].Saw)
	}
	if calls[5].IsFileTool() || !calls[5].IsError {
		t.Errorf("rm: %+v", calls[5])
	}
	if !calls[6].IsError || !calls[6].IsFileTool() {
		t.Errorf("a failed cat (exit code 1) is an error: %+v", calls[6])
	}
	p := calls[7]
	if a := repoxArgs(t, p, 0); len(p.Repox) != 1 || a["old_string"] != "one\ntwo" || a["new_string"] != "one\nTWO" || !strings.Contains(p.Approx, "deleting old.go") {
		t.Errorf("patch: %v approx %q", a, p.Approx)
	}
	if calls[8].IsFileTool() || calls[8].Text != "Plan updated" || calls[8].IsError {
		t.Errorf("update_plan: %+v", calls[8])
	}
}

func TestRepoxCallLog(t *testing.T) {
	var sb strings.Builder
	rec := func(r repoops.CallRecord) {
		b, err := repoops.MarshalCallRecord(r)
		if err != nil {
			t.Fatal(err)
		}
		sb.Write(b)
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	rec(repoops.CallRecord{V: 1, Time: at, Session: "abc", Tool: "repo_read_file", Args: json.RawMessage(`{"path":"a.go"}`), Text: "a.go — lines 1-1 of 1\n1→x",
		Structured: map[string]any{"path": "a.go", "total_lines": 1, "lines": []any{map[string]any{"n": 1, "text": "x"}}}})
	sb.WriteString(`{"v":0,"tool":"repo_edit","args":{"path":"a.go","old_string":"x","new_string":"y"},"isError":true,"text":"a.go was never read"}` + "\n")
	sb.WriteString(`{"v":1,"isError":true,"text":"line 3 is not a call"}` + "\n") // a batch error line: no tool
	sb.WriteString(`{"v":99,"tool":"repo_tree"}` + "\n")
	calls, st := readAllString(t, sb.String())
	if st.Format != AgentRepox || len(calls) != 2 || st.SessionID != "abc" || st.Skipped != 1 || st.Unknown != 1 {
		t.Fatalf("%d calls, %+v", len(calls), st)
	}
	if c := calls[0]; !c.Time.Equal(at) || c.Repox[0].Tool != "repo_read_file" || c.Saw == nil || c.Saw.Lines[0] != (SawLine{1, "x"}) || c.Saw.TotalLines != 1 {
		t.Errorf("read record: %+v", c)
	}
	if c := calls[1]; !c.IsError || c.Repox[0].Tool != "repo_edit" || c.Text != "a.go was never read" {
		t.Errorf("v0 record: %+v", c)
	}
}

// After the agent changes directory, relative paths and omitted paths are
// the new folder's, and everything maps to the session's first folder.
func TestWorkingFolderMoves(t *testing.T) {
	b := &replaytest.Claude{T: t, Cwd: replaytest.Cwd}
	b.Use("m0", "r0", "Read", map[string]any{"file_path": replaytest.Cwd + "/top.go"}).Result("r0", "     1→x", false, nil)
	b.Cwd = replaytest.Cwd + "/sub"
	b.Use("m1", "g1", "Glob", map[string]any{"pattern": "*.go"}).Result("g1", replaytest.Cwd+"/sub/x.go", false, nil).
		Use("m2", "b1", "Bash", map[string]any{"command": "cat x.go"}).Result("b1", "x", false, nil).
		Use("m3", "r1", "Read", map[string]any{"file_path": replaytest.Cwd + "/top.go"}).Result("r1", "     1→x", false, nil)
	b.Cwd = "/somewhere/else"
	b.Use("m4", "b2", "Bash", map[string]any{"command": "cat y.go"}).Result("b2", "y", false, nil)
	calls, st := readAllString(t, b.String())
	if st.Cwd != replaytest.Cwd || len(calls) != 5 {
		t.Fatalf("%+v %d", st, len(calls))
	}
	if a := repoxArgs(t, calls[1], 0); a["path"] != "sub" {
		t.Errorf("Glob with no path after cd: %v", a)
	}
	if a := repoxArgs(t, calls[2], 0); a["path"] != "sub/x.go" || calls[2].Saw.Path != "sub/x.go" {
		t.Errorf("cat after cd: %v %+v", a, calls[2].Saw)
	}
	if a := repoxArgs(t, calls[3], 0); a["path"] != "top.go" {
		t.Errorf("absolute path after cd: %v", a)
	}
	if calls[4].IsFileTool() || !strings.Contains(calls[4].NoEquivalent, "outside the session's folder") {
		t.Errorf("a command run outside the folder: %+v", calls[4])
	}

	var sb strings.Builder
	line := func(typ string, payload any) {
		sb.WriteString(replaytest.JSONLine(t, map[string]any{"timestamp": "2026-01-02T03:04:05.000Z", "type": typ, "payload": payload}))
	}
	line("session_meta", map[string]any{"id": "x", "cwd": replaytest.Cwd})
	line("turn_context", map[string]any{"cwd": replaytest.Cwd + "/sub"})
	line("response_item", map[string]any{"type": "function_call", "name": "exec_command", "arguments": `{"cmd":"cat a.go"}`, "call_id": "c1"})
	line("response_item", map[string]any{"type": "function_call_output", "call_id": "c1", "output": "a"})
	line("response_item", map[string]any{"type": "function_call", "name": "exec_command", "arguments": `{"cmd":"head -n 2 b.go","workdir":"lib"}`, "call_id": "c2"})
	line("response_item", map[string]any{"type": "function_call_output", "call_id": "c2", "output": "b"})
	calls, _ = readAllString(t, sb.String())
	if a := repoxArgs(t, calls[0], 0); a["path"] != "sub/a.go" {
		t.Errorf("codex after a turn in a subfolder: %v", a)
	}
	if a := repoxArgs(t, calls[1], 0); a["path"] != "sub/lib/b.go" {
		t.Errorf("codex with a relative workdir: %v", a)
	}
}
