package transcript

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// Qwen Code's session (read from QwenLM/qwen-code,
// packages/core/src/services/chatRecordingService.ts): one record a line,
// appended as the session goes.
//
//   - user: message.parts' text is the prompt;
//   - assistant: message.parts are {text} (with thought: true, thinking)
//     and {functionCall: {id, name, args}}, the calls;
//   - tool_result: message.parts are {functionResponse: {id, name,
//     response: {output} or {error}}}, with toolCallResult {callId,
//     status: success|error|cancelled, resultDisplay};
//   - system: chat_compression (the context was compacted), custom_title,
//     ui_telemetry and the like, which hold no call.
//
// A subagent's records carry agentId: its calls are the subagent's.
// Its tools are Gemini CLI's (read_file, write_file, edit — Gemini's
// replace —, glob, grep_search, list_directory, run_shell_command), so
// they are mapped, and their results read, as Gemini CLI's are.

type qwRecord struct {
	Type          string          `json:"type"`
	Subtype       string          `json:"subtype"`
	SessionID     string          `json:"sessionId"`
	Timestamp     string          `json:"timestamp"`
	Cwd           string          `json:"cwd"`
	GitBranch     string          `json:"gitBranch"`
	AgentID       string          `json:"agentId"`
	Message       *qwMessage      `json:"message"`
	SystemPayload json.RawMessage `json:"systemPayload"`
	ToolCallRes   *struct {
		CallID        string          `json:"callId"`
		Status        string          `json:"status"`
		ResultDisplay json.RawMessage `json:"resultDisplay"`
	} `json:"toolCallResult"`
}

type qwMessage struct {
	Parts []qwPart `json:"parts"`
}

type qwPart struct {
	Text         *string `json:"text"`
	Thought      bool    `json:"thought"`
	FunctionCall *struct {
		ID   string          `json:"id"`
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"functionCall"`
	FunctionResponse *struct {
		ID       string `json:"id"`
		Response struct {
			Output json.RawMessage `json:"output"`
			Error  json.RawMessage `json:"error"`
		} `json:"response"`
	} `json:"functionResponse"`
}

// text is the message's text and its thinking, each joined.
func (m *qwMessage) text() (said, thought string) {
	var s, th []string
	for _, p := range m.Parts {
		switch {
		case p.Text == nil:
		case p.Thought:
			th = append(th, *p.Text)
		default:
			s = append(s, *p.Text)
		}
	}
	return strings.Join(s, "\n"), strings.Join(th, "\n")
}

type qwenDecoder struct {
	s *stream
	n int // calls with no id, numbered
}

func (d *qwenDecoder) line(b []byte, n int, st *Stats) {
	var r qwRecord
	if err := json.Unmarshal(b, &r); err != nil {
		st.skip("line %d is not a record Qwen Code writes: %v", n, err)
		return
	}
	if st.SessionID == "" {
		st.SessionID = r.SessionID
	}
	if st.Cwd == "" {
		st.Cwd = r.Cwd
	}
	if st.GitBranch == "" {
		st.GitBranch = r.GitBranch
	}
	ts := parseTime(r.Timestamp)
	if st.Started.IsZero() && !ts.IsZero() {
		st.Started = ts
	}
	switch r.Type {
	case "user":
		if r.Message == nil {
			return
		}
		d.results(r, st) // tool responses some builds record as the user's
		said, _ := r.Message.text()
		if r.AgentID == "" && strings.TrimSpace(said) != "" {
			d.s.userTurn()
			d.s.say(MessageUser, said, ts)
		}
	case "assistant":
		if r.Message == nil {
			return
		}
		for _, p := range r.Message.Parts {
			switch {
			case p.FunctionCall != nil:
				d.call(r, p, ts, st)
			case p.Text != nil && p.Thought:
				d.s.say(MessageThinking, *p.Text, ts)
			case p.Text != nil && strings.TrimSpace(*p.Text) != "":
				d.s.say(MessageAssistant, *p.Text, ts)
			}
		}
	case "tool_result":
		d.results(r, st)
	case "system":
		if r.Subtype == "chat_compression" {
			d.s.say(MessageCompaction, "", ts)
			d.s.compacted(0)
		}
	default:
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is a " + strconv.Quote(Clip(r.Type, 40)) + " record, no type Qwen Code writes"
	}
}

func (d *qwenDecoder) call(r qwRecord, p qwPart, ts time.Time, st *Stats) {
	fc := p.FunctionCall
	args := fc.Args
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	c := Call{ID: fc.ID, Time: ts, Agent: AgentQwen, AgentTool: fc.Name, AgentArgs: args, Subagent: r.AgentID}
	mapQwen(&c, st.Cwd)
	if c.ID == "" {
		// no id to pair its result by: listed, without a result
		d.n++
		c.ID = "qwen-call-" + strconv.Itoa(d.n)
		d.s.add(c, true)
		return
	}
	d.s.add(c, false)
}

// results pairs the record's function responses with their calls.
func (d *qwenDecoder) results(r qwRecord, st *Stats) {
	status := ""
	if r.ToolCallRes != nil {
		status = r.ToolCallRes.Status
	}
	paired := false
	for _, p := range r.Message.partsOrNil() {
		fr := p.FunctionResponse
		if fr == nil {
			continue
		}
		id := fr.ID
		if id == "" && r.ToolCallRes != nil {
			id = r.ToolCallRes.CallID
		}
		text, isErr := rawText(fr.Response.Output), status == "error" || status == "cancelled"
		if len(fr.Response.Error) > 0 && string(fr.Response.Error) != "null" {
			text, isErr = rawText(fr.Response.Error), true
		}
		d.done(id, text, isErr, st)
		paired = true
	}
	if !paired && r.Type == "tool_result" && r.ToolCallRes != nil && r.ToolCallRes.CallID != "" {
		d.done(r.ToolCallRes.CallID, rawText(r.ToolCallRes.ResultDisplay), status != "success", st)
	}
}

func (d *qwenDecoder) done(id, text string, isErr bool, st *Stats) {
	if id == "" {
		st.Orphans++
		return
	}
	cwd := st.Cwd
	d.s.result(id, func(c *Call) {
		c.Text, c.IsError = text, isErr
		if !isErr {
			c.Saw = geminiSaw(c, text, cwd)
		}
	})
}

func (m *qwMessage) partsOrNil() []qwPart {
	if m == nil {
		return nil
	}
	return m.Parts
}

// rawText is a JSON string's text, or the JSON itself.
func rawText(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	if string(v) == "null" {
		return ""
	}
	return string(v)
}

// mapQwen maps a Qwen Code call: Gemini CLI's tools, edit being
// Gemini's replace (with replace_all).
func mapQwen(c *Call, cwd string) {
	switch c.AgentTool {
	case "edit":
		c.AgentTool = "replace"
		mapGemini(c, cwd)
		c.AgentTool = "edit"
		var a struct {
			ReplaceAll bool `json:"replace_all"`
		}
		if json.Unmarshal(c.AgentArgs, &a) == nil && a.ReplaceAll && len(c.Repox) == 1 {
			c.Repox[0].All = true
		}
		if strings.HasPrefix(c.NoEquivalent, "replace ") {
			c.NoEquivalent = "edit " + strings.TrimPrefix(c.NoEquivalent, "replace ")
		}
	case "task", "agent":
		c.NoEquivalent = "a subagent task (its own calls carry its agentId)"
	case "todo_write":
		c.NoEquivalent = "a task-list tool"
	case "save_memory":
		c.NoEquivalent = "writes the agent's memory, not the repository"
	case "web_search":
		c.NoEquivalent = "a web tool"
	default:
		mapGemini(c, cwd)
	}
}
