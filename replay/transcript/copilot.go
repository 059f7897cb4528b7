package transcript

import (
	"encoding/json"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/repoxhq/repox/repoops"
)

// GitHub Copilot CLI's events log (read from sessions of 1.0.4x–1.0.6x and
// the event schema of github/copilot-sdk): every line is an event
// {type, data, id, timestamp, parentId}; a subagent's events carry its
// agentId (the id of the task call that started it) and, in data,
// parentToolCallId. The ones a replay needs:
//
//   - session.start / session.resume: data.sessionId, data.context.cwd
//     (and branch);
//   - user.message: data.content, the prompt;
//   - assistant.message: data.content, data.reasoningText and
//     data.toolRequests[{toolCallId, name, arguments}];
//   - tool.execution_start: the same call again (toolName, arguments);
//   - tool.execution_complete: data.toolCallId, success, result.content
//     (what the model was shown) or error.message;
//   - session.compaction_*: the context was compacted; abort: interrupted.
//
// Everything else (hooks, turns, deltas, model changes, the system
// prompt, usage) holds no call and is passed over.

type cpEvent struct {
	Type      string          `json:"type"`
	Data      json.RawMessage `json:"data"`
	Timestamp string          `json:"timestamp"`
	AgentID   string          `json:"agentId"`
}

type cpRequest struct {
	ToolCallID string          `json:"toolCallId"`
	Name       string          `json:"name"`
	ToolName   string          `json:"toolName"`
	Arguments  json.RawMessage `json:"arguments"`
}

type cpData struct {
	SessionID string `json:"sessionId"`
	StartTime string `json:"startTime"`
	Context   struct {
		Cwd    string `json:"cwd"`
		Branch string `json:"branch"`
	} `json:"context"`
	Content          string      `json:"content"`
	ReasoningText    string      `json:"reasoningText"`
	ReasoningOpaque  string      `json:"reasoningOpaque"`
	ToolRequests     []cpRequest `json:"toolRequests"`
	ParentToolCallID string      `json:"parentToolCallId"`
	cpRequest
	Success *bool `json:"success"`
	Result  *struct {
		Content string `json:"content"`
	} `json:"result"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
	ToolTelemetry struct {
		Properties struct {
			ViewType string `json:"viewType"`
		} `json:"properties"`
	} `json:"toolTelemetry"`
	SummaryContent string `json:"summaryContent"`
	Reason         string `json:"reason"`
}

type copilotDecoder struct {
	s      *stream
	queued map[string]bool
	// tasks: task calls, yielded at once (their subagent's calls follow
	// in this file, before the task's own result: waiting for it would
	// hold the subagent's calls back, and give the task up past
	// holdBehind of them); their results are not paired
	tasks map[string]bool
	// thought: the reasoning last said, per agent (the parent task's
	// call id; "" the session's own): Copilot CLI records a subagent's
	// reasoning again on its final message, the same block
	thought map[string]string
}

// newThought reports whether an assistant message's reasoning is not the
// one its agent said last (the same reasoningOpaque, or the same text
// where there is none, is one block recorded twice).
func (d *copilotDecoder) newThought(data cpData) bool {
	key := data.ReasoningOpaque
	if key == "" {
		key = data.ReasoningText
	}
	if d.thought == nil {
		d.thought = map[string]string{}
	}
	if d.thought[data.ParentToolCallID] == key {
		return false
	}
	d.thought[data.ParentToolCallID] = key
	return true
}

func (d *copilotDecoder) line(b []byte, n int, st *Stats) {
	var ev cpEvent
	if json.Unmarshal(b, &ev) != nil || !strings.Contains(ev.Type, ".") && ev.Type != "abort" {
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is no event Copilot CLI writes"
		return
	}
	var data cpData
	if len(ev.Data) > 0 && json.Unmarshal(ev.Data, &data) != nil {
		st.skip("line %d: the %q event's data cannot be read", n, ev.Type)
		return
	}
	ts := parseTime(ev.Timestamp)
	switch {
	case ev.Type == "session.start" || ev.Type == "session.resume":
		if st.SessionID == "" {
			st.SessionID = data.SessionID
		}
		if st.Cwd == "" {
			st.Cwd = path.Clean(data.Context.Cwd)
			if data.Context.Cwd == "" {
				st.Cwd = ""
			}
		}
		if st.GitBranch == "" {
			st.GitBranch = data.Context.Branch
		}
		if t := parseTime(data.StartTime); st.Started.IsZero() && !t.IsZero() {
			st.Started = t
		}
	case ev.Type == "user.message":
		d.s.userTurn()
		d.s.say(MessageUser, data.Content, ts)
	case ev.Type == "assistant.message":
		if strings.TrimSpace(data.ReasoningText) != "" && d.newThought(data) {
			d.s.say(MessageThinking, data.ReasoningText, ts)
		}
		if strings.TrimSpace(data.Content) != "" {
			d.s.say(MessageAssistant, data.Content, ts)
		}
		for _, r := range data.ToolRequests {
			d.call(r, ev.AgentID, data.ParentToolCallID, ts, st)
		}
	case ev.Type == "tool.execution_start":
		// the call again; the first record of it when no message named it
		r := data.cpRequest
		r.Name = firstOf(r.Name, r.ToolName)
		d.call(r, ev.AgentID, data.ParentToolCallID, ts, st)
	case ev.Type == "tool.execution_complete":
		d.complete(data, st)
	case strings.HasPrefix(ev.Type, "session.compaction") && !strings.HasSuffix(ev.Type, "_start"):
		d.s.say(MessageCompaction, data.SummaryContent, ts)
		if !strings.Contains(ev.Type, "fail") {
			d.s.compacted(0)
		}
	case ev.Type == "abort":
		d.s.say(MessageInterrupted, data.Reason, ts)
	}
}

// call queues a tool request once (an assistant.message names it, then
// tool.execution_start again).
func (d *copilotDecoder) call(r cpRequest, agentID, parent string, ts time.Time, st *Stats) {
	if r.ToolCallID == "" || r.Name == "" {
		return
	}
	if d.queued == nil {
		d.queued, d.tasks = map[string]bool{}, map[string]bool{}
	}
	if d.queued[r.ToolCallID] {
		return
	}
	d.queued[r.ToolCallID] = true
	args := r.Arguments
	var s string
	if len(args) > 0 && args[0] == '"' && json.Unmarshal(args, &s) == nil {
		// some builds record the arguments as a JSON string
		if json.Valid([]byte(s)) {
			args = json.RawMessage(s)
		} else if r.Name == "apply_patch" {
			args = RawJSON(map[string]string{"input": s})
		}
	}
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	c := Call{ID: r.ToolCallID, Time: ts, Agent: AgentCopilot, AgentTool: r.Name, AgentArgs: args,
		Subagent: agentID, Parent: parent}
	mapCopilot(&c, st.Cwd)
	if r.Name == "task" {
		d.tasks[r.ToolCallID] = true
		d.s.add(c, true)
		return
	}
	d.s.add(c, false)
}

func (d *copilotDecoder) complete(data cpData, st *Stats) {
	id := data.ToolCallID
	if id == "" || d.tasks[id] {
		return
	}
	text, isErr := "", data.Success != nil && !*data.Success
	switch {
	case data.Result != nil:
		text = data.Result.Content
	case data.Error != nil:
		text, isErr = data.Error.Message, true
	}
	dir := data.ToolTelemetry.Properties.ViewType == "directory"
	cwd := st.Cwd
	d.s.result(id, func(c *Call) {
		c.Text, c.IsError = text, isErr
		if dir && c.AgentTool == "view" && len(c.Repox) == 1 {
			// a folder viewed: its entries, two levels deep
			var a struct {
				Path string `json:"path"`
			}
			json.Unmarshal(c.Repox[0].Args, &a)
			m := pathArgs(a.Path)
			m["max_depth"] = 2
			c.Repox = []ToolCall{{Tool: repoops.ToolTree, Args: RawJSON(m)}}
			c.Approx = "view lists a folder's entries two levels deep, hidden ones left out; repo_tree lists the file set"
		}
		if !isErr {
			c.Saw = copilotSaw(c, text, cwd)
		}
	})
}

// cpArgs are the arguments of Copilot CLI's file tools (and of
// str_replace_editor, their one tool in builds before 1.0).
type cpArgs struct {
	Command    string  `json:"command"`
	Path       string  `json:"path"`
	ViewRange  []int   `json:"view_range"`
	OldStr     *string `json:"old_str"`
	NewStr     *string `json:"new_str"`
	FileText   *string `json:"file_text"`
	Pattern    string  `json:"pattern"`
	Glob       string  `json:"glob"`
	Type       string  `json:"type"`
	OutputMode string  `json:"output_mode"`
	CaseI      bool    `json:"-i"`
	Input      string  `json:"input"`
}

// mapCopilot fills the repox mapping of a Copilot CLI call. Its switch
// is split by tool family (files viewed and written, searches), one
// function each, so each reads alone; the shell and the rest stay here.
func mapCopilot(c *Call, cwd string) {
	if mapRepoxMCP(c) {
		return
	}
	var a cpArgs
	if json.Unmarshal(c.AgentArgs, &a) != nil {
		c.NoEquivalent = notTheShape(c)
		return
	}
	tool := c.AgentTool
	if tool == "str_replace_editor" || tool == "str_replace_based_edit_tool" {
		tool = a.Command
		if tool == "str_replace" {
			tool = "edit"
		}
	}
	switch tool {
	case "view", "edit", "create":
		mapCopilotFile(c, &a, tool, cwd)
	case "glob", "grep", "rg":
		mapCopilotSearch(c, &a, tool, cwd)
	case "bash":
		var b struct {
			Command string `json:"command"`
		}
		json.Unmarshal(c.AgentArgs, &b)
		mapShell(c, b.Command, "", cwd)
	case "apply_patch":
		mapPatch(c, a.Input, "", cwd)
	case "task":
		c.NoEquivalent = "a subagent task (its own calls follow it, marked with its id)"
	case "insert", "undo_edit":
		c.NoEquivalent = c.AgentTool + " " + tool + " has no repox equivalent here"
	case "web_fetch", "web_search":
		c.NoEquivalent = "a web tool"
	case "read_bash", "write_bash", "stop_bash", "list_bash":
		c.NoEquivalent = "drives a background shell: no single repox call"
	case "report_intent", "update_todo", "sql":
		c.NoEquivalent = "a bookkeeping tool of the agent's own"
	default:
		c.NoEquivalent = otherTool(c.AgentTool)
	}
}

// mapCopilotFile maps Copilot CLI's tools on one file: view, edit (or
// str_replace) and create.
func mapCopilotFile(c *Call, a *cpArgs, tool, cwd string) {
	r, ok := callRel(c, absPath(a.Path, cwd), cwd)
	if !ok {
		return
	}
	switch tool {
	case "view":
		var off, lim *int
		if len(a.ViewRange) == 2 {
			off = &a.ViewRange[0]
			if a.ViewRange[1] >= a.ViewRange[0] {
				n := a.ViewRange[1] - a.ViewRange[0] + 1
				lim = &n
			}
		}
		c.Repox = []ToolCall{readCall(r, off, lim, repoops.ReadMaxLimit, &c.Approx)}
	case "edit":
		if a.OldStr == nil || a.NewStr == nil {
			c.NoEquivalent = c.AgentTool + " without old_str or new_str"
			return
		}
		c.Repox = []ToolCall{editCall(r, *a.OldStr, *a.NewStr, false)}
	case "create":
		if a.FileText == nil {
			c.NoEquivalent = c.AgentTool + " without file_text"
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolWrite, Args: RawJSON(map[string]any{"path": r, "content": *a.FileText})}}
	}
}

// mapCopilotSearch maps Copilot CLI's searching tools: glob, grep and rg.
func mapCopilotSearch(c *Call, a *cpArgs, tool, cwd string) {
	abs := absPath(a.Path, cwd)
	if tool == "glob" {
		q, r, why := globQuery(a.Pattern, abs, cwd)
		if why != "" {
			c.NoEquivalent = why
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolFind, Args: RawJSON(findArgs(q, r, 200))}}
		c.Approx = "glob matches names; repo_find searches the file set"
		return
	}
	r, ok := callRel(c, abs, cwd)
	if !ok {
		return
	}
	mapRgGrep(c, c.AgentTool, a.Pattern, r, a.CaseI, a.Glob != "" || a.Type != "", a.OutputMode)
}

// copilotSaw: view shows a file's lines as "N. text" (and the empty
// line after a file's last newline as one more); bash shows the output,
// then "<exited with exit code N>".
func copilotSaw(c *Call, text, cwd string) *Saw {
	if len(c.Repox) != 1 {
		return nil
	}
	if saw, ok := repoxMCPSaw(c, text); ok {
		return saw
	}
	switch {
	case c.AgentTool == "bash":
		if i := strings.LastIndex(text, "<exited with exit code "); i >= 0 && strings.HasSuffix(strings.TrimSpace(text), ">") {
			text = text[:i]
		}
		return shellSaw(c, text)
	case c.Repox[0].Tool == repoops.ToolRead:
		var a struct {
			Path string `json:"path"`
		}
		json.Unmarshal(c.Repox[0].Args, &a)
		saw := &Saw{Path: a.Path}
		for _, l := range SplitLines(text) {
			num, rest, ok := strings.Cut(l, ".")
			n, err := strconv.Atoi(num)
			if !ok || err != nil || rest != "" && rest[0] != ' ' {
				return nil // not the numbered lines of a file
			}
			saw.Lines = append(saw.Lines, SawLine{N: n, Text: strings.TrimPrefix(rest, " ")})
		}
		if k := len(saw.Lines); k > 0 && saw.Lines[k-1].Text == "" && strings.HasSuffix(text, ". ") {
			saw.Lines = saw.Lines[:k-1]
		}
		return saw
	}
	return nil
}
