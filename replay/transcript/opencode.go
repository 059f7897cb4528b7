package transcript

import (
	"encoding/json"
	"path"
	"strconv"
	"strings"
	"time"
)

// OpenCode's session as its assembler writes it (format_opencode.go),
// read from its message-v2 schema (packages/opencode/src/session/
// message-v2.ts) and session.sql.ts:
//
//   - a message's info: role user or assistant, time {created,
//     completed}, and for an assistant summary: true on the summary a
//     compaction wrote (before compaction parts, the only mark of one),
//     error {name, data {message}} when the reply failed;
//   - its parts, in id order: text {text, synthetic, ignored} (a user
//     message's is a prompt, unless OpenCode wrote it: synthetic),
//     reasoning {text}, tool {callID, tool, state {status pending |
//     running | completed | error, input, output, error, title, time
//     {start, end}}}: the call and its result in one record, rewritten
//     as the tool runs; compaction {auto}: the person (/compact) or
//     OpenCode asked for the context to be compacted; step-start,
//     step-finish, snapshot, patch, file, agent, subtask, retry: no call
//     and nothing said, counted by type.

type openCodeLine struct {
	Kind      string           `json:"opencode"`
	ID        string           `json:"id"`
	Title     string           `json:"title"`
	Directory string           `json:"directory"`
	Time      openCodeTime     `json:"time"`
	MessageID string           `json:"messageID"`
	Info      *openCodeMessage `json:"info"`
	Part      *openCodePart    `json:"part"`
	What      string           `json:"what"` // an unreadable record: which, and why
	Why       string           `json:"why"`
}

// openCodeTime: OpenCode's times are milliseconds since 1970.
type openCodeTime struct {
	Created float64 `json:"created"`
	Start   float64 `json:"start"`
}

func openCodeMillis(ms float64) time.Time {
	if ms <= 0 || ms > 1e15 {
		return time.Time{}
	}
	return time.UnixMilli(int64(ms)).UTC()
}

type openCodeMessage struct {
	Role    string          `json:"role"`
	Time    openCodeTime    `json:"time"`
	Summary json.RawMessage `json:"summary"` // an assistant's true; a user's an object (its diff summary)
	Error   *struct {
		Name string `json:"name"`
		Data struct {
			Message string `json:"message"`
		} `json:"data"`
	} `json:"error"`
	Path *struct {
		Cwd string `json:"cwd"`
	} `json:"path"`
}

type openCodePart struct {
	Type      string             `json:"type"`
	Text      string             `json:"text"`
	Synthetic bool               `json:"synthetic"`
	Ignored   bool               `json:"ignored"`
	CallID    string             `json:"callID"`
	Tool      string             `json:"tool"`
	State     *openCodeToolState `json:"state"`
	Auto      bool               `json:"auto"`
}

type openCodeToolState struct {
	Status string          `json:"status"`
	Input  json.RawMessage `json:"input"`
	Output string          `json:"output"`
	Error  string          `json:"error"`
	Time   openCodeTime    `json:"time"`
}

type openCodeDecoder struct {
	s *stream
	// msg is the message whose parts follow: its role and time, and
	// whether it is a compaction's summary or was already a turn
	msg struct {
		id, role       string
		t              time.Time
		summary, asked bool
	}
	// compacting: a compaction part was counted; the summary message
	// that follows it is the same compaction
	compacting bool
}

func (d *openCodeDecoder) line(b []byte, n int, st *Stats) {
	var l openCodeLine
	if err := json.Unmarshal(b, &l); err != nil {
		st.skip("line %d is not a record of an OpenCode session: %v", n, err)
		return
	}
	switch {
	case l.Kind == "session":
		if st.SessionID == "" {
			st.SessionID = l.ID
		}
		if st.Cwd == "" && l.Directory != "" {
			st.Cwd = path.Clean(l.Directory)
		}
		if st.Started.IsZero() {
			st.Started = openCodeMillis(l.Time.Created)
		}
	case l.Kind == "message" && l.Info != nil:
		d.message(l.ID, l.Info, st)
	case l.Kind == "part" && l.Part != nil:
		if l.MessageID != d.msg.id {
			st.Orphans++ // a part of no message read before it
			return
		}
		d.part(l.Part, st)
	case l.Kind == "unreadable":
		st.skip("line %d: the %s could not be read: %s", n, Clip(l.What, 80), Clip(l.Why, 200))
	default:
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is a " + strconv.Quote(Clip(l.Kind, 40)) + " record, none an OpenCode session holds"
	}
}

func (d *openCodeDecoder) message(id string, m *openCodeMessage, st *Stats) {
	t := openCodeMillis(m.Time.Created)
	st.at(t)
	d.msg.id, d.msg.role, d.msg.t, d.msg.asked = id, m.Role, t, false
	d.msg.summary = m.Role == "assistant" && string(m.Summary) == "true"
	if st.Cwd == "" && m.Path != nil && m.Path.Cwd != "" {
		st.Cwd = path.Clean(m.Path.Cwd)
	}
	if d.msg.summary {
		if !d.compacting { // a summary of before compaction parts: the compaction's only mark
			d.s.compacted(0)
			d.s.say(MessageCompaction, "the context was compacted", t)
		}
		d.compacting = false
	}
	if m.Error != nil && m.Role == "assistant" {
		why := firstOf(m.Error.Data.Message, m.Error.Name, "no message")
		if m.Error.Name == "MessageAbortedError" {
			d.s.say(MessageInterrupted, why, t)
		} else {
			d.s.say(MessageAssistant, "(the reply ended in an error: "+why+")", t)
		}
	}
}

func (d *openCodeDecoder) part(p *openCodePart, st *Stats) {
	t := d.msg.t
	switch p.Type {
	case "text":
		switch {
		case p.Ignored || p.Synthetic || strings.TrimSpace(p.Text) == "":
			st.pass("part/text (OpenCode's own)")
		case d.msg.summary:
			d.s.say(MessageCompaction, p.Text, t)
		case d.msg.role == "user":
			if !d.msg.asked {
				d.s.userTurn()
				d.msg.asked = true
			}
			d.s.say(MessageUser, p.Text, t)
		default:
			d.s.say(MessageAssistant, p.Text, t)
		}
	case "reasoning":
		d.s.say(MessageThinking, p.Text, t)
	case "tool":
		d.call(p, t, st)
	case "compaction":
		d.s.compacted(0)
		d.compacting = true
		what := "the person asked for the context to be compacted (/compact)"
		if p.Auto {
			what = "OpenCode compacted the context (it was full)"
		}
		d.s.say(MessageCompaction, what, t)
	case "step-start", "step-finish", "snapshot", "patch", "file", "agent", "subtask", "retry":
		st.pass("part/" + p.Type)
	default:
		st.Unknown++
		st.LastSkip = "a part of type " + strconv.Quote(Clip(p.Type, 40)) + ", none OpenCode writes"
	}
}

// call is a tool part: the call and, once it ran, its result.
func (d *openCodeDecoder) call(p *openCodePart, t time.Time, st *Stats) {
	state := p.State
	if state == nil {
		state = &openCodeToolState{Status: "pending"}
	}
	if ts := openCodeMillis(state.Time.Start); !ts.IsZero() {
		t = ts
	}
	args := state.Input
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	c := Call{ID: p.CallID, Time: t, Agent: AgentOpenCode, AgentTool: p.Tool, AgentArgs: args}
	if c.ID == "" {
		c.ID = "opencode-call-" + strconv.Itoa(d.s.seq+1)
	}
	mapOpenCode(&c, st.Cwd, state.Output)
	switch state.Status {
	case "completed":
		if !d.s.summary {
			c.Text = state.Output
			c.Saw = openCodeSaw(&c, state.Output)
		}
		d.s.add(c, true)
	case "error":
		c.IsError = true
		if !d.s.summary {
			c.Text = state.Error
		}
		d.s.add(c, true)
	default: // pending or running: waits for a later assembly (Follow), else none
		d.s.add(c, false)
	}
}
