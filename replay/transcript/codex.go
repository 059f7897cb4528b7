package transcript

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// codexDecoder reads Codex CLI rollouts: lines {timestamp, type, payload};
// calls are response_item payloads function_call (arguments is a JSON
// string), custom_tool_call, local_shell_call, web_search_call,
// tool_search_call and image_generation_call; results are
// function_call_output / custom_tool_call_output / tool_search_output,
// paired on call_id.
// The legacy rollouts of 2025 hold the same items bare, one a line
// (codex_legacy.go turns them into these).
type codexDecoder struct {
	s   *stream
	cwd string
	// unified exec: an exec_command that outlived yield_time_ms goes on
	// in later write_stdin calls (codex_exec.go)
	exec unifiedExec
}

type cxLine struct {
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Payload   json.RawMessage `json:"payload"`
}

type cxPayload struct {
	Type string `json:"type"`
	Role string `json:"role"`
	ID   string `json:"id"`
	Cwd  string `json:"cwd"`
	Git  *struct {
		Branch string `json:"branch"`
	} `json:"git"`
	Timestamp string          `json:"timestamp"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Input     *string         `json:"input"`
	CallID    string          `json:"call_id"`
	Output    json.RawMessage `json:"output"`
	Status    string          `json:"status"`
	Content   json.RawMessage `json:"content"`
	// tool_search_call / tool_search_output: who runs the search, and the
	// tools it found; image_generation_call: the prompt the image was made
	// from (its result, the image, is not decoded)
	Execution     string          `json:"execution"`
	Tools         json.RawMessage `json:"tools"`
	RevisedPrompt string          `json:"revised_prompt"`
	Action        *struct {
		Type    string   `json:"type"`
		Command []string `json:"command"`
		Workdir string   `json:"working_directory"`
		Query   string   `json:"query"`
	} `json:"action"`
}

var codexTypes = map[string]bool{"session_meta": true, "turn_context": true, "response_item": true,
	"event_msg": true, "compacted": true}

func (d *codexDecoder) line(b []byte, n int, st *Stats) {
	var l cxLine
	if err := json.Unmarshal(b, &l); err != nil {
		st.skip("line %d is not JSON: %v", n, err)
		return
	}
	if !codexTypes[l.Type] {
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " has record type " + strconv.Quote(l.Type) + ", which this reader does not know"
		return
	}
	var p cxPayload
	if err := json.Unmarshal(l.Payload, &p); err != nil {
		st.skip("line %d: payload is not an object: %v", n, err)
		return
	}
	ts := parseTime(l.Timestamp)
	if st.Started.IsZero() && !ts.IsZero() {
		st.Started = ts
	}
	st.at(ts)
	codexConversation(d.s, l.Type, l.Payload, ts)
	switch l.Type {
	case "session_meta":
		if st.SessionID == "" {
			st.SessionID = p.ID
		}
		if p.Git != nil && st.GitBranch == "" {
			st.GitBranch = p.Git.Branch
		}
		d.setCwd(p.Cwd, st)
	case "turn_context":
		d.setCwd(p.Cwd, st)
	case "event_msg":
		switch p.Type {
		case "user_message":
			d.s.userTurn() // calls still unanswered will not be (pairing.go)
		case "context_compacted":
			d.s.compacted(0)
		}
	case "compacted":
		d.s.compacted(0)
	case "response_item":
		d.item(p, ts, st)
	}
}

func (d *codexDecoder) setCwd(cwd string, st *Stats) {
	if cwd == "" {
		return
	}
	d.cwd = cwd
	if st.Cwd == "" {
		st.Cwd = cwd
	}
}

// item decodes one response item: a call, a result, or nothing for repox.
func (d *codexDecoder) item(p cxPayload, ts time.Time, st *Stats) {
	switch p.Type {
	case "function_call":
		args := p.Arguments
		if len(args) > 0 && args[0] == '"' {
			var s string
			json.Unmarshal(args, &s)
			args = json.RawMessage(s)
		}
		if !json.Valid(args) {
			args = RawJSON(string(args))
		}
		c := Call{ID: p.CallID, Time: ts, Agent: AgentCodex, AgentTool: p.Name, AgentArgs: args}
		mapCodex(&c, st.Cwd, d.cwd)
		d.exec.called(&c)
		d.s.add(c, p.CallID == "")
	case "custom_tool_call":
		in := ""
		if p.Input != nil {
			in = *p.Input
		}
		c := Call{ID: p.CallID, Time: ts, Agent: AgentCodex, AgentTool: p.Name, AgentArgs: RawJSON(map[string]string{"input": in})}
		if p.Name == "apply_patch" {
			if wd, ok := relPath(d.cwd, st.Cwd); ok {
				mapPatch(&c, in, wd, st.Cwd)
			} else {
				c.NoEquivalent = "the patch applies in " + d.cwd + ", outside the session's folder " + st.Cwd
			}
		} else {
			c.NoEquivalent = otherTool(p.Name)
		}
		d.s.add(c, p.CallID == "")
	case "local_shell_call":
		if p.Action == nil {
			return
		}
		c := Call{ID: p.CallID, Time: ts, Agent: AgentCodex, AgentTool: "local_shell", AgentArgs: RawJSON(p.Action)}
		wd := p.Action.Workdir
		if wd == "" {
			wd = d.cwd
		}
		mapShellArgv(&c, p.Action.Command, wd, st.Cwd)
		d.s.add(c, p.CallID == "")
	case "web_search_call", "tool_search_call", "tool_search_output", "image_generation_call":
		d.builtinItem(p, ts)
	case "function_call_output", "custom_tool_call_output":
		text, isErr := codexOutput(p.Output)
		if d.exec.output(d.s, p.CallID, text, st.Cwd) {
			return
		}
		root := st.Cwd
		d.s.result(p.CallID, func(c *Call) {
			c.Text, c.IsError = text, isErr
			if !isErr {
				c.Saw = codexSaw(c, text, root)
			}
		})
	}
}

// builtinItem decodes an item of the model's built-in tools (web search,
// tool search, image generation), none with a repox equivalent: split
// from item, which keeps the calls repox maps and their results.
func (d *codexDecoder) builtinItem(p cxPayload, ts time.Time) {
	switch p.Type {
	case "web_search_call":
		// the model's built-in search: no call_id and no output item; the
		// query is in action (absent while it runs)
		c := Call{ID: p.ID, Time: ts, Agent: AgentCodex, AgentTool: "web_search", NoEquivalent: "a web search"}
		if p.Action != nil {
			c.AgentArgs = RawJSON(map[string]string{"query": p.Action.Query})
		} else {
			c.AgentArgs = json.RawMessage("{}")
		}
		c.Text = "(status: " + p.Status + ")"
		d.s.add(c, true)
	case "tool_search_call":
		// the model searching the tools it may call; one Codex runs
		// ("client") is answered by a tool_search_output of its call_id
		args := p.Arguments
		if !json.Valid(args) {
			args = json.RawMessage("{}")
		}
		c := Call{ID: p.CallID, Time: ts, Agent: AgentCodex, AgentTool: "tool_search", AgentArgs: args,
			NoEquivalent: "a search of the agent's own tools: no repox equivalent"}
		waits := p.CallID != "" && p.Execution != "server"
		if !waits {
			c.Text = "(status: " + p.Status + ")"
		}
		d.s.add(c, !waits)
	case "tool_search_output":
		if _, waits := d.s.byID[p.CallID]; waits && p.CallID != "" {
			text := toolSearchText(p.Tools)
			d.s.result(p.CallID, func(c *Call) { c.Text = text })
		}
	case "image_generation_call":
		c := Call{ID: p.ID, Time: ts, Agent: AgentCodex, AgentTool: "image_generation",
			AgentArgs:    RawJSON(map[string]string{"revised_prompt": p.RevisedPrompt}),
			NoEquivalent: "an image generation: no repox equivalent", Text: "(status: " + p.Status + ")"}
		d.s.add(c, true)
	}
}

// toolSearchText is what a tool search found: how many tools, and their
// names where they have one.
func toolSearchText(tools json.RawMessage) string {
	var found []struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(tools, &found) != nil {
		return "(the tools found could not be read)"
	}
	var names []string
	for _, t := range found {
		if t.Name != "" {
			names = append(names, t.Name)
		}
	}
	text := strconv.Itoa(len(found)) + " tools found"
	if len(found) == 1 {
		text = "1 tool found"
	}
	if len(names) > 0 {
		text += ": " + strings.Join(names, ", ")
	}
	return text
}
