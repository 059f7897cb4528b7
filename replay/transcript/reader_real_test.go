package transcript

import (
	"strings"
	"testing"
)

func TestClaudeRealReadVariants(t *testing.T) {
	calls, st, err := ReadAll(openTestdata(t, "claude-code/moredip-session-share/read-tool-variants.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Format != AgentClaude || st.Skipped != 2 || st.Cwd != "/Users/pete/git/moredip/session-share/e2e-tests" {
		t.Fatalf("stats %+v: want claude-code, the two // comment lines skipped, the recorded cwd", st)
	}
	// Claude Code's offset is 1-based: offset 20 shows line 20 first (the
	// transcript's result starts "    20→").
	want := []struct{ offset, limit, firstSeen float64 }{{1, 2000, 1}, {1, 10, 1}, {20, 2000, 20}, {15, 5, 15}}
	if len(calls) != len(want) {
		t.Fatalf("%d calls, want %d", len(calls), len(want))
	}
	for i, w := range want {
		c := calls[i]
		a := repoxArgs(t, c, 0)
		if c.Repox[0].Tool != "repo_read_file" || a["path"] != "conftest.py" || a["offset"] != w.offset || a["limit"] != w.limit {
			t.Errorf("call %d maps to %s %v, want repo_read_file conftest.py offset %v limit %v", i+1, c.Repox[0].Tool, a, w.offset, w.limit)
		}
		if c.Saw == nil || len(c.Saw.Lines) == 0 || float64(c.Saw.Lines[0].N) != w.firstSeen {
			t.Errorf("call %d saw %+v, want lines from %v", i+1, c.Saw, w.firstSeen)
		}
		if c.Text == "" || c.IsError || c.NoResult {
			t.Errorf("call %d: text %q isError %v noResult %v", i+1, c.Text, c.IsError, c.NoResult)
		}
	}
	// the N→ prefix is stripped from what the agent saw
	if got := calls[2].Saw.Lines[0].Text; got != `            "claude",` {
		t.Errorf("line 20 as seen: %q", got)
	}
}

func TestClaudeRealEditVariants(t *testing.T) {
	calls, st, err := ReadAll(openTestdata(t, "claude-code/moredip-session-share/edit-tool-variants.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 4 || st.Skipped != 2 {
		t.Fatalf("%d calls, stats %+v", len(calls), st)
	}
	// the edits are of files in a temporary folder outside the recorded
	// cwd: listed, with the reason, not dropped and not mapped
	for _, c := range calls {
		if c.AgentTool != "Edit" || c.IsFileTool() || !strings.Contains(c.NoEquivalent, "outside the session's folder") || c.Text == "" {
			t.Errorf("call %d: %s mapped %v, no equivalent %q", c.Seq, c.AgentTool, c.Repox, c.NoEquivalent)
		}
	}
}

func TestClaudeRealExcerpt(t *testing.T) {
	calls, st, err := ReadAll(openTestdata(t, "claude-code/moredip-session-share/general-tool-calls.EXCERPT.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 5 || st.Orphans != 0 || st.Pending != 0 {
		t.Fatalf("%d calls, stats %+v", len(calls), st)
	}
	tools := []string{"Read", "Glob", "Glob", "Read", "Edit"}
	for i, c := range calls {
		if c.AgentTool != tools[i] {
			t.Errorf("call %d is %s, want %s", i+1, c.AgentTool, tools[i])
		}
	}
	read := calls[0]
	if read.Saw == nil || read.Saw.TotalLines != 8 || len(read.Saw.Lines) != 8 || read.Saw.Lines[0].Text != "## Tasks" || read.Saw.Path != "docs/plan.md" {
		t.Errorf("the Read's toolUseResult was not used: %+v", read.Saw)
	}
	glob := calls[1]
	if glob.Repox[0].Tool != "repo_find" || glob.Saw == nil || len(glob.Saw.Paths) != 40 || glob.Saw.Paths[0] != "docs/roadmap.md" {
		t.Errorf("Glob: %+v", glob.Saw)
	}
	if calls[2].IsFileTool() || calls[3].IsFileTool() || calls[4].IsFileTool() {
		t.Errorf("calls on another folder were mapped: %q %q %q", calls[2].NoEquivalent, calls[3].NoEquivalent, calls[4].NoEquivalent)
	}
}

func TestClaudeRealSubagent(t *testing.T) {
	main, _, err := ReadAll(openTestdata(t, "claude-code/moredip-session-share/4b2030ed-5563-49ea-b703-6a002f2d3cc8.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(main) != 1 || main[0].AgentTool != "Task" || main[0].IsFileTool() || !strings.Contains(main[0].NoEquivalent, "4b2030ed-5563-49ea-b703-6a002f2d3cc8/subagents/agent-a2018e5.jsonl") || main[0].Text == "" {
		t.Fatalf("main session: %+v", main)
	}
	sub, _, err := ReadAll(openTestdata(t, "claude-code/moredip-session-share/4b2030ed-5563-49ea-b703-6a002f2d3cc8/subagents/agent-a2018e5.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(sub) != 1 || sub[0].AgentTool != "WebSearch" || sub[0].Subagent != "a2018e5" || sub[0].NoEquivalent != "a web tool" {
		t.Fatalf("subagent: %+v", sub)
	}
}

func TestCodexRealRollout(t *testing.T) {
	calls, st, err := ReadAll(openTestdata(t, "codex/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Format != AgentCodex || st.Cwd != "/workspace/synthetic-project" || st.Unknown != 1 || len(calls) != 3 {
		t.Fatalf("%d calls, stats %+v", len(calls), st)
	}
	find := calls[0]
	if a := repoxArgs(t, find, 0); find.Repox[0].Tool != "repo_tree" || a["max_depth"] != float64(1) || find.Text != "./alpha.txt\n./beta.txt" {
		t.Errorf("find: %s %v %q", find.Repox[0].Tool, a, find.Text)
	}
	patch := calls[1]
	if a := repoxArgs(t, patch, 0); patch.Repox[0].Tool != "repo_write" || a["path"] != "gamma.txt" || a["content"] != "synthetic\n" || patch.Text != "Done!" {
		t.Errorf("apply_patch: %v %q", a, patch.Text)
	}
	if calls[2].IsFileTool() || calls[2].NoEquivalent == "" {
		t.Errorf("MCP call mapped: %+v", calls[2])
	}
}
