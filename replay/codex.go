package replay

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
)

// codexDecoder reads Codex CLI rollouts: lines {timestamp, type, payload};
// calls are response_item payloads function_call (arguments is a JSON
// string), custom_tool_call and local_shell_call; results are
// function_call_output / custom_tool_call_output, paired on call_id.
type codexDecoder struct {
	s   *stream
	cwd string
}

type cxLine struct {
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Payload   json.RawMessage `json:"payload"`
}

type cxPayload struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Cwd       string          `json:"cwd"`
	Timestamp string          `json:"timestamp"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Input     *string         `json:"input"`
	CallID    string          `json:"call_id"`
	Output    json.RawMessage `json:"output"`
	Action    *struct {
		Type    string   `json:"type"`
		Command []string `json:"command"`
		Workdir string   `json:"working_directory"`
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
	switch l.Type {
	case "session_meta":
		if st.SessionID == "" {
			st.SessionID = p.ID
		}
		if p.Cwd != "" {
			d.cwd = p.Cwd
			if st.Cwd == "" {
				st.Cwd = p.Cwd
			}
		}
		return
	case "turn_context":
		if p.Cwd != "" {
			d.cwd = p.Cwd
			if st.Cwd == "" {
				st.Cwd = p.Cwd
			}
		}
		return
	case "response_item":
	default:
		return
	}
	switch p.Type {
	case "function_call":
		args := p.Arguments
		if len(args) > 0 && args[0] == '"' {
			var s string
			json.Unmarshal(args, &s)
			args = json.RawMessage(s)
		}
		if !json.Valid(args) {
			args = rawJSON(string(args))
		}
		c := Call{ID: p.CallID, Time: ts, Agent: AgentCodex, AgentTool: p.Name, AgentArgs: args}
		mapCodex(&c, st.Cwd, d.cwd)
		d.s.add(c, p.CallID == "")
	case "custom_tool_call":
		in := ""
		if p.Input != nil {
			in = *p.Input
		}
		c := Call{ID: p.CallID, Time: ts, Agent: AgentCodex, AgentTool: p.Name, AgentArgs: rawJSON(map[string]string{"input": in})}
		if p.Name == "apply_patch" {
			if wd, ok := relPath(d.cwd, st.Cwd); ok {
				mapPatch(&c, in, wd, st.Cwd)
			} else {
				c.NoEquivalent = "the patch applies in " + d.cwd + ", outside the session's folder " + st.Cwd
			}
		} else {
			c.NoEquivalent = "not a file tool"
		}
		d.s.add(c, p.CallID == "")
	case "local_shell_call":
		if p.Action == nil {
			return
		}
		c := Call{ID: p.CallID, Time: ts, Agent: AgentCodex, AgentTool: "local_shell", AgentArgs: rawJSON(p.Action)}
		wd := p.Action.Workdir
		if wd == "" {
			wd = d.cwd
		}
		mapShellArgv(&c, p.Action.Command, wd, st.Cwd)
		d.s.add(c, p.CallID == "")
	case "function_call_output", "custom_tool_call_output":
		text, isErr := codexOutput(p.Output)
		root := st.Cwd
		d.s.result(p.CallID, func(c *Call) {
			c.Text, c.IsError = text, isErr
			if !isErr {
				c.Saw = codexSaw(c, text, root)
			}
		})
	}
}

// codexOutput is a result's text and error state from the shapes Codex
// has written: a string; a JSON string {"output", "metadata":{"exit_code"}};
// an object {content, success}; a list of {type, text} items.
func codexOutput(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 {
		return "", false
	}
	switch raw[0] {
	case '"':
		var s string
		json.Unmarshal(raw, &s)
		var wrapped struct {
			Output   *string `json:"output"`
			Metadata struct {
				ExitCode *int `json:"exit_code"`
			} `json:"metadata"`
		}
		if strings.HasPrefix(s, "{") && json.Unmarshal([]byte(s), &wrapped) == nil && wrapped.Output != nil {
			return *wrapped.Output, wrapped.Metadata.ExitCode != nil && *wrapped.Metadata.ExitCode != 0
		}
		if code, ok := execExitCode(s); ok {
			return s, code != 0
		}
		return s, false
	case '{':
		var o struct {
			Content *string `json:"content"`
			Success *bool   `json:"success"`
		}
		if json.Unmarshal(raw, &o) == nil && o.Content != nil {
			return *o.Content, o.Success != nil && !*o.Success
		}
	case '[':
		return blockTextCodex(raw), false
	}
	return string(raw), false
}

func blockTextCodex(raw json.RawMessage) string {
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return string(raw)
	}
	var sb strings.Builder
	for i, p := range parts {
		if i > 0 {
			sb.WriteString("\n")
		}
		sb.WriteString(p.Text)
	}
	return sb.String()
}

var exitLine = regexp.MustCompile(`(?m)^Process exited with code (-?[0-9]+)$`)

func execExitCode(s string) (int, bool) {
	m := exitLine.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	n, _ := strconv.Atoi(m[1])
	return n, true
}

// execBody is the command output inside exec_command's framing
// ("Chunk ID: …\nWall time: …\nProcess exited with code 0\n…\nOutput:\n").
func execBody(s string) string {
	if _, ok := execExitCode(s); !ok {
		return s
	}
	if i := strings.Index(s, "\nOutput:\n"); i >= 0 {
		return s[i+len("\nOutput:\n"):]
	}
	return s
}

type cxArgs struct {
	FilePath string          `json:"file_path"`
	DirPath  string          `json:"dir_path"`
	Path     string          `json:"path"`
	Offset   *int            `json:"offset"`
	Limit    *int            `json:"limit"`
	Depth    *int            `json:"depth"`
	Mode     string          `json:"mode"`
	Pattern  string          `json:"pattern"`
	Include  string          `json:"include"`
	Cmd      string          `json:"cmd"`
	Command  json.RawMessage `json:"command"`
	Workdir  string          `json:"workdir"`
	Input    string          `json:"input"`
}

// Codex's caps, as its tools state them.
const (
	codexReadLines = 2000
	codexGrepLimit = 100
)

// mapCodex maps a Codex function call; cwd is the session's folder (the
// root), turnCwd the folder of the current turn, where commands run.
func mapCodex(c *Call, cwd, turnCwd string) {
	if mapRepoxMCP(c) {
		return
	}
	var a cxArgs
	if json.Unmarshal(c.AgentArgs, &a) != nil {
		c.NoEquivalent = "the arguments are not the shape " + c.AgentTool + " takes"
		return
	}
	wdAbs := turnCwd
	if a.Workdir != "" {
		wdAbs = a.Workdir
		if !strings.HasPrefix(wdAbs, "/") && turnCwd != "" {
			wdAbs = turnCwd + "/" + wdAbs
		}
	}
	wd, ok := relPath(wdAbs, cwd)
	if !ok {
		c.NoEquivalent = "the command runs in " + wdAbs + ", outside the session's folder " + cwd
		return
	}
	switch c.AgentTool {
	case "read_file":
		rel, ok := relPath(a.FilePath, cwd)
		if !ok {
			c.NoEquivalent = outsideReason(a.FilePath, cwd)
			return
		}
		c.Repox = []ToolCall{readCall(rel, a.Offset, a.Limit, codexReadLines, &c.Approx)}
		if a.Mode == "indentation" {
			c.Approx = "read_file in indentation mode picks a block around offset; the re-run reads the line window"
		}
	case "list_dir":
		rel, ok := relPath(a.DirPath, cwd)
		if !ok {
			c.NoEquivalent = outsideReason(a.DirPath, cwd)
			return
		}
		m := pathArgs(rel)
		depth := 2
		if a.Depth != nil && *a.Depth > 0 {
			depth = min(*a.Depth, 4)
		}
		m["max_depth"] = depth
		c.Repox = []ToolCall{{Tool: "repo_tree", Args: rawJSON(m)}}
		c.Approx = "list_dir lists ignored files and pages by offset/limit; repo_tree lists the file set"
	case "grep_files":
		rel, ok := relPath(a.Path, cwd)
		if !ok {
			c.NoEquivalent = outsideReason(a.Path, cwd)
			return
		}
		lit, why := literalPattern(a.Pattern)
		if why != "" {
			c.NoEquivalent = "grep_files pattern " + strconv.Quote(a.Pattern) + " " + why + "; repo_grep searches a fixed string"
			return
		}
		c.Repox = []ToolCall{grepCall(lit, rel, true)}
		c.Approx = "grep_files lists file names of regular-expression matches; repo_grep shows fixed-string matching lines"
	case "apply_patch":
		in := a.Input
		if in == "" {
			var s string
			json.Unmarshal(c.AgentArgs, &s)
			in = s
		}
		mapPatch(c, in, wd, cwd)
	case "shell", "container.exec", "local_shell":
		var argv []string
		if json.Unmarshal(a.Command, &argv) == nil {
			mapShellArgv(c, argv, wdAbs, cwd)
			return
		}
		var s string
		json.Unmarshal(a.Command, &s)
		mapShell(c, s, wd, cwd)
	case "exec_command", "shell_command":
		s := a.Cmd
		if s == "" {
			json.Unmarshal(a.Command, &s)
		}
		mapShell(c, s, wd, cwd)
	case "update_plan":
		c.NoEquivalent = "a task-list tool"
	case "web_search", "view_image":
		c.NoEquivalent = "not a file tool"
	default:
		c.NoEquivalent = otherTool(c.AgentTool)
	}
}

var codexReadLine = regexp.MustCompile(`^L([0-9]+): `)

func codexSaw(c *Call, text, cwd string) *Saw {
	if len(c.Repox) != 1 {
		return nil
	}
	if name, ok := mcpRepoxTool(c.AgentTool); ok {
		return repoxSaw(name, c.Repox[0].Args, nil, text)
	}
	switch c.AgentTool {
	case "read_file":
		var a cxArgs
		json.Unmarshal(c.AgentArgs, &a)
		rel, _ := relPath(a.FilePath, cwd)
		return &Saw{Path: rel, Lines: parseNumbered(text, codexReadLine)}
	case "grep_files":
		var a cxArgs
		json.Unmarshal(c.AgentArgs, &a)
		limit := codexGrepLimit
		if a.Limit != nil && *a.Limit > 0 {
			limit = *a.Limit
		}
		saw := &Saw{Limit: limit}
		for _, l := range splitLines(text) {
			if l == "" || strings.HasPrefix(l, "No matches") {
				continue
			}
			if rel, ok := relPath(l, cwd); ok {
				l = rel
			}
			saw.Paths = append(saw.Paths, l)
		}
		saw.Cut = len(saw.Paths) >= limit
		return saw
	case "list_dir":
		return &Saw{Cut: strings.Contains(text, "More than ")}
	}
	return shellSaw(c, execBody(text))
}
