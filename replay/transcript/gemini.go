package transcript

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// gmRecord is the session's own fields (a document's, or the JSONL
// shape's first line); a document's messages are read one at a time
// (readGmObject), never into a slice.
type gmRecord struct {
	SessionID   string `json:"sessionId"`
	ProjectHash string `json:"projectHash"`
	StartTime   string `json:"startTime"`
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
	st.at(parseTime(m.Timestamp))
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
		if root := folderWithHash(path.Clean(p), g.hash); root != "" {
			return root
		}
	}
	return ""
}

// folderWithHash is the folder of the absolute path p (p itself, or one
// above it) whose SHA-256 in hex is want, "" when none is. The folders
// are prefixes of p, so one hash runs along p once and each is read off
// it at its '/' (Sum leaves the state as it is): linear in p's length.
// Hashing every prefix anew was quadratic: a 783 KB path took 169 s,
// deaf to SIGTERM (issue 43 item 7).
func folderWithHash(p, want string) string {
	if !path.IsAbs(p) {
		return ""
	}
	h := sha256.New()
	var sum [sha256.Size]byte
	matches := func() bool { return hex.EncodeToString(h.Sum(sum[:0])) == want }
	h.Write([]byte("/"))
	if matches() {
		return "/"
	}
	done := 1
	for done < len(p) {
		next := strings.IndexByte(p[done+1:], '/')
		end := len(p)
		if next >= 0 {
			end = done + 1 + next
		}
		h.Write([]byte(p[done:end]))
		if matches() {
			return p[:end]
		}
		done = end
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

// geminiDoc reads the one-document shape: the lines are held until the
// document closes (in chunks, never one buffer grown by copying), then
// read streaming, twice: once for the session's own fields, then for
// its messages, one at a time.
type geminiDoc struct {
	g      geminiDecoder
	chunks [][]byte
	size   int
	depth  int
	inStr  bool
	esc    bool
	closed bool
	over   bool
}

// geminiDocMax bounds the document held (Gemini CLI caps each tool output
// it records at 50 KB, so sessions stay far below this).
const geminiDocMax = 256 << 20

// geminiChunk is the size of each chunk the document's lines are held in.
const geminiChunk = 1 << 20

func (d *geminiDoc) line(b []byte, n int, st *Stats) {
	if d.closed || d.over {
		st.skip("line %d comes after the session's JSON document", n)
		return
	}
	if d.size+len(b) > geminiDocMax {
		d.over, d.chunks = true, nil
		st.skip("the session's JSON document is over %d bytes", geminiDocMax)
		return
	}
	d.scan(b)
	if d.depth == 0 && d.size == 0 {
		// the whole document on this one line: read it where it is
		d.closed = true
		d.decode(func() io.Reader { return bytes.NewReader(b) }, st)
		return
	}
	d.hold(b)
	d.hold([]byte{'\n'})
	if d.depth == 0 {
		d.closed = true
		chunks := d.chunks
		d.chunks = nil
		d.decode(func() io.Reader {
			rs := make([]io.Reader, len(chunks))
			for i, c := range chunks {
				rs[i] = bytes.NewReader(c)
			}
			return io.MultiReader(rs...)
		}, st)
	}
}

// hold keeps b at the end of the document's chunks.
func (d *geminiDoc) hold(b []byte) {
	d.size += len(b)
	for len(b) > 0 {
		last := len(d.chunks) - 1
		if last < 0 || len(d.chunks[last]) == cap(d.chunks[last]) {
			d.chunks = append(d.chunks, make([]byte, 0, geminiChunk))
			last++
		}
		k := min(len(b), cap(d.chunks[last])-len(d.chunks[last]))
		d.chunks[last] = append(d.chunks[last], b[:k]...)
		b = b[k:]
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

// closedBy: the document is open and tail, a last line without its
// newline, closes it.
func (d *geminiDoc) closedBy(tail []byte) bool {
	if d.closed || d.over {
		return false
	}
	c := geminiDoc{depth: d.depth, inStr: d.inStr, esc: d.esc}
	c.scan(tail)
	return c.depth == 0 && (d.size > 0 || len(bytes.TrimSpace(tail)) > 0)
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

// decode reads the document that open returns, twice. First the
// session's own fields, with messages read past, not kept (they may
// follow messages, and a message's calls need the project's hash); that
// pass also finds a document that is no JSON, which is then not read at
// all. Then the messages, one at a time, each handed on and let go.
func (d *geminiDoc) decode(open func() io.Reader, st *Stats) {
	dec := json.NewDecoder(open())
	head, err := readGmObject(dec, gmSkip)
	if err == nil && head.bad != nil {
		err = head.bad
	}
	if err == nil {
		if _, end := dec.Token(); end != io.EOF {
			err = errors.New("more after the document's object")
		}
	}
	if err != nil {
		st.skip("the session's JSON document cannot be read: %v", err)
		return
	}
	d.g.meta(head.gmRecord, st)
	n := 0
	_, err = readGmObject(json.NewDecoder(open()), func(dec *json.Decoder) error {
		return gmEach(dec, func() error {
			n++
			m, err := readGmObject(dec, nil)
			switch {
			case err != nil:
				return err
			case m.bad != nil:
				st.skip("message %d of the session's JSON document cannot be read: %v", n, m.bad)
				return nil
			}
			m.dropped(st, "message "+strconv.Itoa(n)+" of the session's JSON document")
			d.g.message(m.gmMessage, st)
			return nil
		})
	})
	if err != nil {
		st.skip("the session's JSON document cannot be read: %v", err)
	}
}

// geminiLines reads the JSONL shape.
type geminiLines struct {
	g geminiDecoder
}

func (d *geminiLines) line(b []byte, n int, st *Stats) {
	dec := json.NewDecoder(bytes.NewReader(b))
	head, err := readGmObject(dec, nil)
	if err == nil && head.bad != nil {
		err = head.bad
	}
	if err == nil {
		if _, end := dec.Token(); end != io.EOF {
			err = fmt.Errorf("more after the record's object")
		}
	}
	if err != nil {
		st.skip("line %d is not JSON: %v", n, err)
		return
	}
	head.dropped(st, "line "+strconv.Itoa(n))
	switch {
	case head.set || head.rewind:
		// metadata, or a rewind: the calls made before it were still made
	case head.ID != "":
		d.g.message(head.gmMessage, st)
	case head.SessionID != "":
		d.g.meta(head.gmRecord, st)
	default:
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " is no record Gemini CLI writes"
	}
}

// Reading a record streaming. A session's arrays can be long (a
// document's messages: every message of the session) or made long (a
// message of millions of empty tool calls), and each element decoded is
// a Go value many times its bytes: decoded whole, a 30 MB document took
// 4.4 GB. So a record is read field by field with a json.Decoder: the
// document's messages one at a time, each handed on and let go; a
// message's tool calls and thoughts one at a time, up to a bound each
// (the rest skipped, not decoded, and counted).

// geminiMaxToolCalls and geminiMaxThoughts bound the tool calls and the
// thoughts of one message that are read (Gemini CLI makes a handful of
// calls a turn).
const (
	geminiMaxToolCalls = 4096
	geminiMaxThoughts  = 4096
)

// gmObject is one record as readGmObject reads it: a message's fields,
// the session's, the JSONL shape's $set and $rewindTo.
type gmObject struct {
	gmRecord
	gmMessage
	set, rewind bool
	// over counts the tool calls and thoughts past the bounds, not read.
	overCalls, overThoughts int
	// bad is the first field of a kind the record does not take; the
	// record is read to its end all the same.
	bad error
}

// dropped says what of the record was past the bounds.
func (o *gmObject) dropped(st *Stats, where string) {
	if o.overCalls > 0 {
		st.skip("%s: a message of more than %d tool calls; the rest (%d) were not read", where, geminiMaxToolCalls, o.overCalls)
	}
	if o.overThoughts > 0 {
		st.skip("%s: a message of more than %d thoughts; the rest (%d) were not read", where, geminiMaxThoughts, o.overThoughts)
	}
}

// readGmObject reads the next value of dec as a record. A value that is no
// object is read past and reported in bad. messages, when not nil, reads
// the value of a messages field (the document's); else it is skipped. Keys
// match as encoding/json matches them (any case; the last of a repeated
// key counts). The error is the decoder's: the input is no JSON.
func readGmObject(dec *json.Decoder, messages func(*json.Decoder) error) (gmObject, error) {
	var o gmObject
	tok, err := dec.Token()
	if err != nil || tok == nil {
		return o, err // null: an empty record, as encoding/json reads it
	}
	if tok != json.Delim('{') {
		o.bad = fmt.Errorf("a record is %s, not an object", gmKind(tok))
		return o, gmSkipRest(dec, tok)
	}
	field := func(v any) error {
		err := dec.Decode(v)
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			if o.bad == nil {
				o.bad = err
			}
			return nil // the value was read past
		}
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return o, err
		}
		key, _ := tok.(string)
		switch {
		case strings.EqualFold(key, "sessionId"):
			err = field(&o.SessionID)
		case strings.EqualFold(key, "projectHash"):
			err = field(&o.ProjectHash)
		case strings.EqualFold(key, "startTime"):
			err = field(&o.StartTime)
		case strings.EqualFold(key, "id"):
			err = field(&o.ID)
		case strings.EqualFold(key, "timestamp"):
			err = field(&o.Timestamp)
		case strings.EqualFold(key, "type"):
			err = field(&o.Type)
		case strings.EqualFold(key, "content"):
			err = field(&o.Content)
		case strings.EqualFold(key, "$set"):
			o.set = true
			err = gmSkip(dec)
		case strings.EqualFold(key, "$rewindTo"):
			var to *string
			if err = field(&to); err == nil && to != nil {
				o.rewind = true
			}
		case strings.EqualFold(key, "toolCalls"):
			err = gmToolCalls(dec, &o, field)
		case strings.EqualFold(key, "thoughts"):
			err = gmThoughts(dec, &o, field)
		case messages != nil && strings.EqualFold(key, "messages"):
			err = messages(dec)
		default:
			err = gmSkip(dec)
		}
		if err != nil {
			return o, err
		}
	}
	_, err = dec.Token() // the closing brace
	return o, err
}

// gmToolCalls reads a toolCalls field into o, keeping at most
// geminiMaxToolCalls and counting the rest; field decodes one value as
// readGmObject does. Split from readGmObject, as is gmThoughts, so its key
// switch reads as one case a key.
func gmToolCalls(dec *json.Decoder, o *gmObject, field func(any) error) error {
	o.ToolCalls, o.overCalls = nil, 0
	return gmEachOf(dec, &o.bad, func() error {
		if len(o.ToolCalls) >= geminiMaxToolCalls {
			o.overCalls++
			return gmSkip(dec)
		}
		var tc gmToolCall
		if err := field(&tc); err != nil {
			return err
		}
		o.ToolCalls = append(o.ToolCalls, tc)
		return nil
	})
}

// gmThoughts reads a thoughts field into o, keeping at most
// geminiMaxThoughts and counting the rest.
func gmThoughts(dec *json.Decoder, o *gmObject, field func(any) error) error {
	o.Thoughts, o.overThoughts = nil, 0
	return gmEachOf(dec, &o.bad, func() error {
		if len(o.Thoughts) >= geminiMaxThoughts {
			o.overThoughts++
			return gmSkip(dec)
		}
		var th gmThought
		if err := field(&th); err != nil {
			return err
		}
		o.Thoughts = append(o.Thoughts, th)
		return nil
	})
}

// gmEach calls each for every element of the array that is dec's next
// value (which reads the element); null is no elements.
func gmEach(dec *json.Decoder, each func() error) error {
	var bad error
	if err := gmEachOf(dec, &bad, each); err != nil {
		return err
	}
	return bad
}

// gmEachOf is gmEach, noting a value that is no array in *bad (the first
// one) after reading past it.
func gmEachOf(dec *json.Decoder, bad *error, each func() error) error {
	tok, err := dec.Token()
	if err != nil || tok == nil {
		return err
	}
	if tok != json.Delim('[') {
		if *bad == nil {
			*bad = fmt.Errorf("an array is %s", gmKind(tok))
		}
		return gmSkipRest(dec, tok)
	}
	for dec.More() {
		if err := each(); err != nil {
			return err
		}
	}
	_, err = dec.Token() // the closing bracket
	return err
}

// gmSkip reads past dec's next value without keeping it.
func gmSkip(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	return gmSkipRest(dec, tok)
}

// gmSkipRest reads past the rest of the value that tok began: nothing
// for a scalar, up to the matching close for an object or array.
func gmSkipRest(dec *json.Decoder, tok json.Token) error {
	if tok != json.Delim('{') && tok != json.Delim('[') {
		return nil
	}
	for depth := 1; depth > 0; {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// gmKind names what a token begins, for a refusal.
func gmKind(tok json.Token) string {
	switch tok.(type) {
	case json.Delim:
		if tok == json.Delim('[') {
			return "an array"
		}
		return "an object"
	case string:
		return "a string"
	case float64, json.Number:
		return "a number"
	case bool:
		return "a boolean"
	}
	return "null"
}
