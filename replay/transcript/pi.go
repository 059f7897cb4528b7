package transcript

import (
	"encoding/json"
	"path"
	"strconv"
	"strings"
	"time"
)

// Pi's session (read from badlogic/pi-mono,
// packages/coding-agent/src/core/session-manager.ts and
// packages/ai/src/types.ts, and from its sessions of version 1):
//
//   - session: the header, id, timestamp and cwd, the folder the tools
//     resolve relative paths against;
//   - message: message {role, content, timestamp}:
//   - user: content a string or [{type: text} | {type: image}], the prompt;
//   - assistant: content [{type: text} | {type: thinking} | {type:
//     toolCall, id, name, arguments}], stopReason (stop, toolUse,
//     length, error, aborted) and errorMessage; the calls of a message
//     that ended in error or was aborted never ran (pi-agent-core's loop
//     stops there);
//   - toolResult: toolCallId, toolName, content [{type: text} |
//     {type: image}], isError: the result of the call of that id;
//   - bashExecution: command, output, exitCode, cancelled, truncated,
//     excludeFromContext: a command the person ran with "!" (its output
//     is put in the agent's context, unless "!!" kept it out);
//   - custom (hookMessage before version 3): an extension's message;
//   - compaction: summary, firstKeptEntryId (version 1:
//     firstKeptEntryIndex), tokensBefore: the context was compacted;
//   - branch_summary: summary, fromId: a summary of the branch left;
//   - model_change, thinking_level_change, custom, custom_message,
//     label, session_info: hold no call and nothing said; they are
//     counted by type (Stats.Passed).
//
// From version 2 on every entry has an id and a parentId, and the entries
// form a tree: going back to an earlier entry (/tree) appends children of
// that entry, and the conversation Pi resumes is the walk up from the
// last entry. The file is read in the order it was written, every branch
// included, because the calls of a branch left behind ran all the same
// (Pi does not undo a branch's changes to the files): where the session
// goes back, the conversation says so, naming the entry it went back to
// and how many entries the branch it left holds.

type piEntry struct {
	Type      string     `json:"type"`
	ID        string     `json:"id"`
	ParentID  *string    `json:"parentId"`
	Timestamp string     `json:"timestamp"`
	Cwd       string     `json:"cwd"`
	Version   int        `json:"version"`
	Message   *piMessage `json:"message"`
	Summary   string     `json:"summary"`
	// a compaction's first entry kept: its id (version 2 on) or its
	// index among the file's entries, the header's 0 (version 1)
	FirstKeptEntryID    string          `json:"firstKeptEntryId"`
	FirstKeptEntryIndex *int            `json:"firstKeptEntryIndex"`
	FromID              string          `json:"fromId"`
	Name                string          `json:"name"`
	Content             json.RawMessage `json:"content"`
}

type piMessage struct {
	Role               string          `json:"role"`
	Content            json.RawMessage `json:"content"`
	StopReason         string          `json:"stopReason"`
	ErrorMessage       string          `json:"errorMessage"`
	ToolCallID         string          `json:"toolCallId"`
	IsError            bool            `json:"isError"`
	Command            string          `json:"command"`
	Output             string          `json:"output"`
	ExitCode           *int            `json:"exitCode"`
	Cancelled          bool            `json:"cancelled"`
	ExcludeFromContext bool            `json:"excludeFromContext"`
	CustomType         string          `json:"customType"`
	Timestamp          json.RawMessage `json:"timestamp"`
}

type piBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// blocks is the message's content as blocks (a string is one text block).
func (m *piMessage) blocks() []piBlock {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return []piBlock{{Type: "text", Text: s}}
	}
	var bs []piBlock
	json.Unmarshal(m.Content, &bs)
	return bs
}

// text is the message's text blocks joined; an image is "[image]".
func (m *piMessage) text() string {
	var out []string
	for _, b := range m.blocks() {
		switch b.Type {
		case "text":
			out = append(out, b.Text)
		case "image":
			out = append(out, "[image]")
		}
	}
	return strings.Join(out, "\n")
}

type piDecoder struct {
	s *stream
	// the tree (version 2 on): the last entry's id, and each entry's
	// place in the file, to say how many entries a branch left holds
	last  string
	place map[string]int
	n     int // entries read
	// callsBefore[i]: the calls made before entry i (the header's 0), for
	// the calls a compaction keeps (pi_compaction.go)
	callsBefore []int
	bash        int // the person's commands, numbered
}

// piMaxPlaces bounds the entries whose place is kept (their ids are 8
// characters): a longer session says less of its branches.
const piMaxPlaces = 1 << 20

func (d *piDecoder) line(b []byte, n int, st *Stats) {
	var e piEntry
	if err := json.Unmarshal(b, &e); err != nil {
		st.skip("line %d is not an entry Pi writes: %v", n, err)
		return
	}
	ts := parseTime(e.Timestamp)
	if e.Type == "session" {
		if st.SessionID == "" {
			st.SessionID = e.ID
		}
		if st.Cwd == "" && e.Cwd != "" {
			st.Cwd = path.Clean(e.Cwd)
		}
		if st.Started.IsZero() {
			st.Started = ts
		}
		return
	}
	st.at(ts)
	d.tree(e, ts)
	switch e.Type {
	case "message":
		if e.Message == nil {
			st.skip("line %d: a \"message\" entry without its message", n)
			return
		}
		d.message(e.Message, ts, n, st)
	case "compaction":
		d.s.say(MessageCompaction, e.Summary, ts)
		d.compaction(e)
	case "branch_summary":
		d.s.say(MessageCompaction, e.Summary, ts)
	case "model_change", "thinking_level_change", "custom", "custom_message", "label", "session_info":
		st.pass(e.Type)
	default:
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is a " + strconv.Quote(Clip(e.Type, 40)) + " entry, no type Pi writes"
	}
}

// tree follows the entries' ids: an entry whose parent is not the entry
// before it starts another branch, and the conversation says so.
func (d *piDecoder) tree(e piEntry, ts time.Time) {
	d.n++
	d.placeCalls()
	if e.ID == "" {
		return // version 1: one line of entries
	}
	if d.place == nil {
		d.place = map[string]int{}
	}
	if len(d.place) < piMaxPlaces {
		d.place[e.ID] = d.n
	}
	parent := ""
	if e.ParentID != nil {
		parent = *e.ParentID
	}
	if d.last != "" && parent != d.last {
		left := ""
		if at, ok := d.place[parent]; ok {
			left = "; the branch it leaves holds the " + pluralEntries(d.n-1-at) + " after it, no longer in the agent's context (their calls ran all the same and stay listed)"
		}
		what := "the session went back to entry " + quoted(parent)
		if parent == "" {
			what = "the session started again from its first entry"
		}
		d.s.say(MessageCompaction, what+" (a branch: Pi's /tree)"+left, ts)
	}
	d.last = e.ID
}

func pluralEntries(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return strconv.Itoa(n) + " entries"
}

func (d *piDecoder) message(m *piMessage, ts time.Time, n int, st *Stats) {
	switch m.Role {
	case "user":
		d.s.userTurn()
		d.s.say(MessageUser, m.text(), ts)
	case "assistant":
		ran := m.StopReason != "error" && m.StopReason != "aborted"
		for _, b := range m.blocks() {
			switch b.Type {
			case "thinking":
				d.s.say(MessageThinking, b.Thinking, ts)
			case "text":
				if strings.TrimSpace(b.Text) != "" {
					d.s.say(MessageAssistant, b.Text, ts)
				}
			case "toolCall":
				d.call(b, ts, ran, st)
			}
		}
		switch m.StopReason {
		case "aborted":
			d.s.say(MessageInterrupted, firstOf(m.ErrorMessage, "aborted"), ts)
		case "error":
			d.s.say(MessageAssistant, "(the reply ended in an error: "+firstOf(m.ErrorMessage, "no message")+")", ts)
		}
	case "toolResult":
		d.result(m, st)
	case "bashExecution":
		d.bashExecution(m, ts, st)
	case "custom", "hookMessage":
		st.pass("message/" + m.Role)
	default:
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is a message of role " + strconv.Quote(Clip(m.Role, 40)) + ", none Pi writes"
	}
}

// call queues a toolCall block; one of a reply that ended in an error or
// was aborted never ran: it has no result, and none is waited for.
func (d *piDecoder) call(b piBlock, ts time.Time, ran bool, st *Stats) {
	args := b.Arguments
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	c := Call{ID: b.ID, Time: ts, Agent: AgentPi, AgentTool: b.Name, AgentArgs: args}
	mapPi(&c, st.Cwd)
	if !ran || c.ID == "" {
		c.NoResult = true
		if c.ID == "" {
			c.ID = "pi-call-" + strconv.Itoa(d.s.seq+1)
		}
		d.s.add(c, true)
		return
	}
	d.s.add(c, false)
}

func (d *piDecoder) result(m *piMessage, st *Stats) {
	if m.ToolCallID == "" {
		st.Orphans++
		return
	}
	text, isErr, cwd := m.text(), m.IsError, st.Cwd
	d.s.result(m.ToolCallID, func(c *Call) {
		c.Text, c.IsError = text, isErr
		if !isErr {
			c.Saw = piSaw(c, text, cwd)
		}
	})
}

// bashExecution is a command the person ran ("!cmd"): a call of the
// session, complete, its output what the agent was then shown.
func (d *piDecoder) bashExecution(m *piMessage, ts time.Time, st *Stats) {
	d.bash++
	c := Call{ID: "pi-bash-" + strconv.Itoa(d.bash), Time: ts, Agent: AgentPi, AgentTool: "bashExecution",
		AgentArgs: RawJSON(map[string]string{"command": m.Command}), Text: m.Output,
		IsError: m.Cancelled || m.ExitCode != nil && *m.ExitCode != 0}
	if m.ExcludeFromContext {
		c.NoEquivalent = "a command the person ran with \"!!\": its output was kept out of the agent's context"
	} else {
		mapShell(&c, m.Command, "", st.Cwd)
		if !c.IsError && !d.s.summary {
			c.Saw = shellSaw(&c, m.Output)
		}
	}
	d.s.add(c, true)
}
