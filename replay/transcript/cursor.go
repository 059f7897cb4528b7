package transcript

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Cursor's agent transcript (no writer code is public; the shape is
// read from the readers of wesm/agentsview, specstoryai/getspecstory and
// jazzyalex/agent-sessions, and the transcripts people have pasted):
//
//   - {role: "user", message: {content: [{type: text}]}}: the prompt, in
//     <user_query> tags, newer builds put a <timestamp> before it (the
//     machine's local time in words, with no zone: kept as text, never
//     taken for a time); context blocks (<user_info>, <attached_files>)
//     may come with it. A user line of tool_result blocks answers calls;
//   - {role: "assistant", message: {content: [text | thinking |
//     tool_use {name, input}]}}: several calls may share a line. The
//     reasoning is not kept: a text of "[REDACTED]" (or ending in it)
//     stands for it;
//   - {type: "turn_ended", status: success | error | aborted, error}: the
//     turn is over;
//   - {type: "metadata", metadata: {…}}: holds no call.
//
// There are no ids and no times. A tool_result block, when a build writes
// one, answers the oldest call not yet answered; the builds seen write
// none, so a call's result is unknown, and the replay says that Cursor
// did not record it (not that the call was interrupted). The calls have
// no times: a session's start and end are unknown.

type cursorLine struct {
	Type     string         `json:"type"`
	Role     string         `json:"role"`
	Status   string         `json:"status"`
	Error    string         `json:"error"`
	Message  *cursorMessage `json:"message"`
	Metadata json.RawMessage
}

type cursorMessage struct {
	Content json.RawMessage `json:"content"`
}

type cursorBlock struct {
	Type     string          `json:"type"`
	Text     string          `json:"text"`
	Thinking string          `json:"thinking"`
	Name     string          `json:"name"`
	Input    json.RawMessage `json:"input"`
	Content  json.RawMessage `json:"content"`
	IsError  bool            `json:"is_error"`
}

// blocks is the message's content as blocks (a string is one text block).
func (m *cursorMessage) blocks() []cursorBlock {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return []cursorBlock{{Type: "text", Text: s}}
	}
	var bs []cursorBlock
	json.Unmarshal(m.Content, &bs)
	return bs
}

// Why a Cursor call has no result: its builds write none.
const (
	cursorNoResults = "Cursor does not record tool results"
	cursorRedacted  = "[REDACTED]"
)

var (
	cursorQuery     = LazyRegexp(`(?s)<user_query>\s*(.*?)\s*</user_query>`)
	cursorTimestamp = LazyRegexp(`(?s)^\s*<timestamp>(.*?)</timestamp>`)
	cursorWorkspace = LazyRegexp(`(?m)^\s*Workspace Path:\s*(/\S[^\n]*?)\s*$`)
)

// cursorPrompt is the prompt a user text holds (its <user_query>, else
// the text) and the local time in words of its <timestamp> ("" if none).
func cursorPrompt(text string) (prompt, local string) {
	if m := cursorTimestamp().FindStringSubmatch(text); m != nil {
		local = strings.TrimSpace(m[1])
	}
	if m := cursorQuery().FindStringSubmatch(text); m != nil {
		return m[1], local
	}
	if local != "" {
		text = strings.TrimSpace(cursorTimestamp().ReplaceAllString(text, ""))
	}
	return text, local
}

type cursorDecoder struct {
	s     *stream
	begun bool
	slug  string   // the projects folder's name, when the file's path is known
	open  []string // the calls not yet answered, oldest first
	n     int      // calls, numbered
}

func (d *cursorDecoder) begin(st *Stats) {
	d.begun = true
	if d.s.path == "" {
		return
	}
	slug, chat := cursorPlace(d.s.path)
	d.slug = slug
	if st.SessionID == "" {
		st.SessionID = chat
	}
	if st.Cwd == "" && slug != "" {
		st.Cwd = cursorSlugFolder(slug)
	}
}

func (d *cursorDecoder) line(b []byte, n int, st *Stats) {
	if !d.begun {
		d.begin(st)
	}
	var l cursorLine
	if err := json.Unmarshal(b, &l); err != nil {
		st.skip("line %d is not a line Cursor writes: %v", n, err)
		return
	}
	switch {
	case l.Type == "turn_ended":
		d.turnEnded(l)
	case l.Type == "metadata":
		st.pass("metadata")
	case l.Type != "":
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is a " + strconv.Quote(Clip(l.Type, 40)) + " record, no type Cursor writes"
	case l.Message == nil:
		st.skip("line %d: a %q line without its message", n, Clip(l.Role, 40))
	case l.Role == "user":
		d.user(l.Message, st)
	case l.Role == "assistant":
		d.assistant(l.Message, st)
	default:
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is a message of role " + strconv.Quote(Clip(l.Role, 40)) + ", none Cursor writes"
	}
}

// turnEnded: the calls of the turn not answered will not be; a turn that
// ended in an error or was stopped says so.
func (d *cursorDecoder) turnEnded(l cursorLine) {
	why := cursorNoResults
	switch l.Status {
	case "aborted", "cancelled":
		why = "the turn was stopped"
		d.s.say(MessageInterrupted, firstOf(l.Error, "the turn was stopped"), time.Time{})
	case "error":
		why = "the turn ended in an error"
		d.s.say(MessageAssistant, "(the turn ended in an error: "+firstOf(l.Error, "no message")+")", time.Time{})
	}
	d.giveUp(why)
}

// giveUp ends the wait for the calls not answered, saying why they have
// no result.
func (d *cursorDecoder) giveUp(why string) {
	for _, id := range d.open {
		if c, ok := d.s.byID[id]; ok {
			c.NoResultWhy = why
			c.ResultUnrecorded = why == cursorNoResults // a stopped turn may not have run it
		}
	}
	d.open = d.open[:0]
	d.s.userTurn()
}

func (d *cursorDecoder) user(m *cursorMessage, st *Stats) {
	var said []string
	for _, b := range m.blocks() {
		switch b.Type {
		case "tool_result":
			d.result(b, st)
		case "text":
			if st.Cwd == "" {
				if w := cursorWorkspace().FindStringSubmatch(b.Text); w != nil {
					st.Cwd = filepath.ToSlash(filepath.Clean(w[1]))
				}
			}
			p, local := cursorPrompt(b.Text)
			if local != "" {
				p += "\n(sent " + local + ", the machine's local time, as Cursor wrote it: its records have no times)"
			}
			if strings.TrimSpace(p) != "" {
				said = append(said, p)
			}
		case "image":
			said = append(said, "[image]")
		}
	}
	if len(said) > 0 {
		d.giveUp(cursorNoResults)
		d.s.say(MessageUser, strings.Join(said, "\n"), time.Time{})
	}
}

func (d *cursorDecoder) assistant(m *cursorMessage, st *Stats) {
	for _, b := range m.blocks() {
		switch b.Type {
		case "text":
			t := strings.TrimSpace(b.Text)
			if rest, ok := strings.CutSuffix(t, cursorRedacted); ok {
				if rest = strings.TrimSpace(rest); rest != "" {
					d.s.say(MessageAssistant, rest, time.Time{})
				}
				d.s.say(MessageThinking, "", time.Time{}) // redacted
				continue
			}
			if t != "" {
				d.s.say(MessageAssistant, b.Text, time.Time{})
			}
		case "thinking", "reasoning":
			t := firstOf(b.Thinking, b.Text)
			if strings.TrimSpace(t) == cursorRedacted {
				t = ""
			}
			d.s.say(MessageThinking, t, time.Time{})
		case "redacted_thinking", "redacted-reasoning":
			d.s.say(MessageThinking, "", time.Time{})
		case "tool_use":
			d.call(b, st)
		}
	}
}

func (d *cursorDecoder) call(b cursorBlock, st *Stats) {
	args := b.Input
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	d.n++
	c := Call{ID: "cursor-" + strconv.Itoa(d.n), Agent: AgentCursor, AgentTool: b.Name, AgentArgs: args, NoResultWhy: cursorNoResults, ResultUnrecorded: true}
	if st.Cwd == "" && d.slug != "" {
		st.Cwd = cursorCwdFromArgs(args, d.slug)
	}
	mapCursor(&c, st.Cwd)
	d.open = append(d.open, c.ID)
	d.s.add(c, false)
}

// result answers the oldest call not yet answered.
func (d *cursorDecoder) result(b cursorBlock, st *Stats) {
	if len(d.open) == 0 {
		st.Orphans++
		return
	}
	id := d.open[0]
	d.open = d.open[1:]
	text := blockText(rawRef(b.Content)) // Claude Code's reading of the same block
	isErr := b.IsError
	d.s.result(id, func(c *Call) {
		c.Text, c.IsError, c.NoResultWhy, c.ResultUnrecorded = text, isErr, "", false
	})
}
