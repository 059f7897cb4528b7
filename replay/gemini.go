package replay

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path"
	"strconv"
	"strings"
)

// Gemini CLI keeps each session under ~/.gemini/tmp/<project>/chats/, in
// one of two shapes (read from google-gemini/gemini-cli,
// packages/core/src/services/chatRecordingService.ts and
// chatRecordingTypes.ts):
//
//   - session-<time>-<id>.json (2025 to early 2026, 0.1–0.3x): ONE JSON
//     document, pretty-printed, rewritten whole at every change:
//     {sessionId, projectHash, startTime, lastUpdated, messages: [...]}.
//   - session-<time>-<id>.jsonl (2026): a first line {sessionId,
//     projectHash, startTime, …}, then one message record a line — a
//     message is written again, whole, each time it changes (its tool
//     calls gain results) — and {"$set": …} / {"$rewindTo": id} records.
//
// A message is {id, timestamp, type: user|gemini|info|error|warning,
// content}; a gemini message carries toolCalls: [{id, name, args, result
// (the parts sent to the model: functionResponse.response.output or
// .error), resultDisplay (what the person saw), status (success, error,
// cancelled; executing… while it runs), timestamp}]. No folder is
// recorded: projectHash is the SHA-256 of the project root's path, so the
// root is the folder above the calls' absolute paths that has that hash.

type geminiDecoder struct {
	s      *stream
	hash   string
	queued map[string]bool
	done   map[string]bool
	said   map[string]gmSaid // what of a message the conversation took
}

type gmRecord struct {
	SessionID   string      `json:"sessionId"`
	ProjectHash string      `json:"projectHash"`
	StartTime   string      `json:"startTime"`
	Messages    []gmMessage `json:"messages"`
}

type gmMessage struct {
	ID        string       `json:"id"`
	Timestamp string       `json:"timestamp"`
	Type      string       `json:"type"`
	ToolCalls []gmToolCall `json:"toolCalls"`
	// the conversation (conversation_gemini.go)
	Content  json.RawMessage `json:"content"`
	Thoughts []gmThought     `json:"thoughts"`
}

type gmToolCall struct {
	ID            string          `json:"id"`
	Name          string          `json:"name"`
	Args          json.RawMessage `json:"args"`
	Result        json.RawMessage `json:"result"`
	ResultDisplay json.RawMessage `json:"resultDisplay"`
	Status        string          `json:"status"`
	Timestamp     string          `json:"timestamp"`
}

func (g *geminiDecoder) meta(r gmRecord, st *Stats) {
	if st.SessionID == "" {
		st.SessionID = r.SessionID
	}
	if g.hash == "" {
		g.hash = r.ProjectHash
	}
	if t := parseTime(r.StartTime); st.Started.IsZero() && !t.IsZero() {
		st.Started = t
	}
}

func (g *geminiDecoder) message(m gmMessage, st *Stats) {
	switch m.Type {
	case "user":
		g.s.userTurn() // calls still unanswered will not be (pairing.go)
		g.talk(m)
		return
	case "gemini":
		g.talk(m)
	default:
		return
	}
	if g.queued == nil {
		g.queued, g.done = map[string]bool{}, map[string]bool{}
	}
	for _, tc := range m.ToolCalls {
		if st.Cwd == "" {
			st.Cwd = g.rootOf(tc.Args)
		}
	}
	for _, tc := range m.ToolCalls {
		if tc.ID == "" {
			continue
		}
		if !g.queued[tc.ID] {
			g.queued[tc.ID] = true
			ts := parseTime(tc.Timestamp)
			if ts.IsZero() {
				ts = parseTime(m.Timestamp)
			}
			args := tc.Args
			if len(args) == 0 || string(args) == "null" {
				args = json.RawMessage("{}")
			}
			c := Call{ID: tc.ID, Time: ts, Agent: AgentGemini, AgentTool: tc.Name, AgentArgs: args}
			mapGemini(&c, st.Cwd)
			g.s.add(c, false)
		}
		if g.done[tc.ID] || (tc.Status != "success" && tc.Status != "error" && tc.Status != "cancelled") {
			continue
		}
		g.done[tc.ID] = true
		text, isErr := geminiResult(tc)
		root := st.Cwd
		g.s.result(tc.ID, func(c *Call) {
			c.Text, c.IsError = text, isErr
			if !isErr {
				c.Saw = geminiSaw(c, text, root)
			}
		})
	}
}

// rootOf is the folder above an absolute path in args whose SHA-256 is
// the session's projectHash ("" when none is).
func (g *geminiDecoder) rootOf(args json.RawMessage) string {
	if g.hash == "" {
		return ""
	}
	var m map[string]any
	json.Unmarshal(args, &m)
	for _, k := range []string{"file_path", "absolute_path", "path", "dir_path", "directory"} {
		p, _ := m[k].(string)
		for p = path.Clean(p); path.IsAbs(p); p = path.Dir(p) {
			h := sha256.Sum256([]byte(p))
			if hex.EncodeToString(h[:]) == g.hash {
				return p
			}
			if p == "/" {
				break
			}
		}
	}
	return ""
}

// geminiResult is what the model was sent: the functionResponse's output
// (or error) of the result parts, else what the person was shown.
func geminiResult(tc gmToolCall) (string, bool) {
	isErr := tc.Status != "success"
	var parts []struct {
		FunctionResponse *struct {
			Response struct {
				Output *string `json:"output"`
				Error  *string `json:"error"`
			} `json:"response"`
		} `json:"functionResponse"`
		Text *string `json:"text"`
	}
	if json.Unmarshal(tc.Result, &parts) == nil {
		var sb []string
		for _, p := range parts {
			switch {
			case p.FunctionResponse != nil && p.FunctionResponse.Response.Output != nil:
				sb = append(sb, *p.FunctionResponse.Response.Output)
			case p.FunctionResponse != nil && p.FunctionResponse.Response.Error != nil:
				sb = append(sb, *p.FunctionResponse.Response.Error)
				isErr = true
			case p.Text != nil:
				sb = append(sb, *p.Text)
			}
		}
		if len(sb) > 0 {
			return strings.Join(sb, "\n"), isErr
		}
	}
	var s string
	if json.Unmarshal(tc.ResultDisplay, &s) == nil && s != "" {
		return s, isErr
	}
	if tc.Status == "cancelled" {
		return "(cancelled)", true
	}
	return string(tc.Result), isErr
}

// geminiDoc reads the one-document shape: the lines are gathered until
// the document closes, then decoded whole.
type geminiDoc struct {
	g      geminiDecoder
	buf    []byte
	depth  int
	inStr  bool
	esc    bool
	closed bool
	over   bool
}

// geminiDocMax bounds the document held (Gemini CLI caps each tool output
// it records at 50 KB, so sessions stay far below this).
const geminiDocMax = 256 << 20

func (d *geminiDoc) line(b []byte, n int, st *Stats) {
	if d.closed || d.over {
		st.skip("line %d comes after the session's JSON document", n)
		return
	}
	if len(d.buf)+len(b) > geminiDocMax {
		d.over, d.buf = true, nil
		st.skip("the session's JSON document is over %d bytes", geminiDocMax)
		return
	}
	d.buf = append(append(d.buf, b...), '\n')
	d.scan(b)
	if d.depth == 0 {
		d.decode(st)
	}
}

// scan follows the nesting of objects and arrays outside strings.
func (d *geminiDoc) scan(b []byte) {
	for _, ch := range b {
		switch {
		case d.esc:
			d.esc = false
		case d.inStr && ch == '\\':
			d.esc = true
		case ch == '"':
			d.inStr = !d.inStr
		case d.inStr:
		case ch == '{' || ch == '[':
			d.depth++
		case ch == '}' || ch == ']':
			d.depth--
		}
	}
}

func (d *geminiDoc) end(tail []byte, st *Stats) {
	if d.closed || d.over {
		return
	}
	if len(tail) > 0 {
		d.line(tail, st.Lines+1, st)
		st.Lines++
	}
	if !d.closed {
		st.Partial = true
		st.skip("the session file ends inside its JSON document (it may still be being written)")
	}
}

func (d *geminiDoc) decode(st *Stats) {
	d.closed = true
	var r gmRecord
	err := json.Unmarshal(d.buf, &r)
	d.buf = nil
	if err != nil {
		st.skip("the session's JSON document cannot be read: %v", err)
		return
	}
	d.g.meta(r, st)
	for _, m := range r.Messages {
		d.g.message(m, st)
	}
}

// geminiLines reads the JSONL shape.
type geminiLines struct {
	g geminiDecoder
}

func (d *geminiLines) line(b []byte, n int, st *Stats) {
	var head struct {
		gmRecord
		gmMessage
		Set    json.RawMessage `json:"$set"`
		Rewind *string         `json:"$rewindTo"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		st.skip("line %d is not JSON: %v", n, err)
		return
	}
	switch {
	case len(head.Set) > 0 || head.Rewind != nil:
		// metadata, or a rewind: the calls made before it were still made
	case head.gmMessage.ID != "":
		d.g.message(head.gmMessage, st)
	case head.SessionID != "":
		d.g.meta(head.gmRecord, st)
	default:
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is no record Gemini CLI writes"
	}
}
