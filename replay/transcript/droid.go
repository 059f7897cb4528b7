package transcript

import (
	"encoding/json"
	"path"
	"strconv"
	"strings"
	"time"
)

// Factory Droid's session (no writer code is public; the shape is read
// from Factory's own droid-sdk-python, discovery.py and schemas/, and
// from specstoryai/getspecstory's droidcli parser):
//
//   - session_start: id, title, sessionTitle (the name the person gave
//     it), owner, version, cwd (older builds: the same in a "session"
//     object);
//   - message: id, timestamp, parentId, message {role, content}: user
//     content is text (the prompt; Droid adds <system-reminder> blocks)
//     and tool_result {tool_use_id, content, is_error} blocks, assistant
//     content text, thinking, redacted_thinking and tool_use {id, name,
//     input} blocks;
//   - todo_state: the task list as it stands (holds no call);
//   - compaction_state: summaryText (older: summary {title, body}), the
//     messages before its anchor no longer in the context;
//   - agent_turn_outcome, session_end: hold no call.
//
// Calls pair with their results by tool_use_id.

type droidLine struct {
	Type         string          `json:"type"`
	ID           string          `json:"id"`
	Title        string          `json:"title"`
	SessionTitle string          `json:"sessionTitle"`
	Cwd          string          `json:"cwd"`
	Timestamp    string          `json:"timestamp"`
	Session      *droidSession   `json:"session"`
	Message      *droidMessage   `json:"message"`
	SummaryText  string          `json:"summaryText"`
	Summary      json.RawMessage `json:"summary"`
	RemovedCount int             `json:"removedCount"`
}

type droidSession struct {
	ID            string `json:"id"`
	Title         string `json:"title"`
	Cwd           string `json:"cwd"`
	WorkspaceRoot string `json:"workspace_root"`
}

type droidMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type droidBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

// blocks is the message's content as blocks (a string is one text block).
func (m *droidMessage) blocks() []droidBlock {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return []droidBlock{{Type: "text", Text: s}}
	}
	var bs []droidBlock
	json.Unmarshal(m.Content, &bs)
	return bs
}

var droidReminder = LazyRegexp(`(?s)<system-reminder>.*?</system-reminder>`)

// prompt is a user message's text, Droid's <system-reminder> blocks left
// out; "" for one of tool results only.
func (m *droidMessage) prompt() string {
	var out []string
	for _, b := range m.blocks() {
		switch b.Type {
		case "text":
			if t := strings.TrimSpace(droidReminder().ReplaceAllString(b.Text, "")); t != "" {
				out = append(out, t)
			}
		case "image":
			out = append(out, "[image]")
		}
	}
	return strings.Join(out, "\n")
}

type droidDecoder struct {
	s *stream
	n int // calls without an id, numbered
}

func (d *droidDecoder) line(b []byte, n int, st *Stats) {
	var l droidLine
	if err := json.Unmarshal(b, &l); err != nil {
		st.skip("line %d is not a record Droid writes: %v", n, err)
		return
	}
	ts := parseTime(l.Timestamp)
	st.at(ts)
	switch l.Type {
	case "session_start":
		id, cwd := l.ID, l.Cwd
		if l.Session != nil {
			id, cwd = firstOf(id, l.Session.ID), firstOf(cwd, l.Session.Cwd, l.Session.WorkspaceRoot)
		}
		if st.SessionID == "" {
			st.SessionID = id
		}
		if st.Cwd == "" && strings.HasPrefix(cwd, "/") {
			st.Cwd = path.Clean(cwd)
		}
	case "message":
		if l.Message == nil {
			st.skip("line %d: a \"message\" record without its message", n)
			return
		}
		if st.Started.IsZero() {
			st.Started = ts
		}
		d.message(l.Message, ts, n, st)
	case "compaction_state":
		d.s.say(MessageCompaction, droidSummary(l), ts)
		d.s.compacted(0)
	case "todo_state", "agent_turn_outcome", "session_end":
		st.pass(l.Type)
	default:
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is a " + strconv.Quote(Clip(l.Type, 40)) + " record, no type Droid writes"
	}
}

// droidSummary is a compaction's summary: summaryText, or the older
// summary {title, body} (or a string).
func droidSummary(l droidLine) string {
	if l.SummaryText != "" {
		return l.SummaryText
	}
	var s string
	if json.Unmarshal(l.Summary, &s) == nil {
		return s
	}
	var tb struct{ Title, Body string }
	json.Unmarshal(l.Summary, &tb)
	return strings.TrimSpace(tb.Title + "\n" + tb.Body)
}

func (d *droidDecoder) message(m *droidMessage, ts time.Time, n int, st *Stats) {
	switch m.Role {
	case "user":
		for _, b := range m.blocks() {
			if b.Type == "tool_result" {
				d.result(b, st)
			}
		}
		if p := m.prompt(); p != "" {
			d.s.userTurn()
			d.s.say(MessageUser, p, ts)
		}
	case "assistant":
		for _, b := range m.blocks() {
			switch b.Type {
			case "text":
				if strings.TrimSpace(b.Text) != "" {
					d.s.say(MessageAssistant, b.Text, ts)
				}
			case "thinking":
				d.s.say(MessageThinking, b.Thinking, ts)
			case "redacted_thinking":
				d.s.say(MessageThinking, "", ts)
			case "tool_use":
				d.call(b, ts, st)
			}
		}
	default:
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is a message of role " + strconv.Quote(Clip(m.Role, 40)) + ", none Droid writes"
	}
}

func (d *droidDecoder) call(b droidBlock, ts time.Time, st *Stats) {
	args := b.Input
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	c := Call{ID: b.ID, Time: ts, Agent: AgentDroid, AgentTool: b.Name, AgentArgs: args}
	mapDroid(&c, st.Cwd)
	if c.ID == "" { // no result can name it
		d.n++
		c.ID, c.NoResult = "droid-call-"+strconv.Itoa(d.n), true
		d.s.add(c, true)
		return
	}
	d.s.add(c, false)
}

// droidExit is the line Execute ends its output with.
var droidExit = LazyRegexp(`\n?\[Process exited with code (-?[0-9]+)\]\s*$`)

func (d *droidDecoder) result(b droidBlock, st *Stats) {
	if b.ToolUseID == "" {
		st.Orphans++
		return
	}
	text, isErr := blockText(rawRef(b.Content)), b.IsError // Claude Code's reading of the same block
	d.s.result(b.ToolUseID, func(c *Call) {
		c.Text, c.IsError = text, isErr
		if c.AgentTool == "Read" && !isErr && len(c.Repox) == 1 && !d.s.summary {
			c.Saw = droidReadSaw(c, text)
		}
		if c.AgentTool != "Execute" {
			return
		}
		body := text
		if m := droidExit().FindStringSubmatchIndex(body); m != nil {
			if body[m[2]:m[3]] != "0" {
				c.IsError = true
			}
			body = body[:m[0]]
		}
		if len(c.Repox) == 1 && !c.IsError && !d.s.summary {
			c.Saw = shellSaw(c, body)
		}
	})
}

// droidNumbered is a line-number prefix a read's lines may carry
// ("   12→", "12\t"), as Claude Code's Read writes them.
var droidNumbered = LazyRegexp(`^\s*([0-9]+)(?:→|\t)`)

// droidReadSaw: what a Read showed, the lines from its offset as they
// are, or numbered by their own prefixes when every line has one (what
// Droid's Read shows is not documented; a Read's result is not compared
// then and now, only what the agent saw of the file is kept).
func droidReadSaw(c *Call, text string) *Saw {
	var a struct {
		Path   string `json:"path"`
		Offset int    `json:"offset"`
	}
	json.Unmarshal(c.Repox[0].Args, &a)
	lines := SplitLines(strings.TrimSuffix(text, "\n"))
	if len(lines) == 0 {
		return nil
	}
	saw := &Saw{Path: a.Path}
	numbered := true
	for _, l := range lines {
		if !droidNumbered().MatchString(l) {
			numbered = false
			break
		}
	}
	for i, l := range lines {
		n := max(a.Offset, 1) + i
		if numbered {
			m := droidNumbered().FindStringSubmatchIndex(l)
			n, _ = strconv.Atoi(l[m[2]:m[3]])
			l = l[m[1]:]
		}
		saw.Lines = append(saw.Lines, SawLine{N: n, Text: l})
	}
	return saw
}
