package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/repoxhq/repox/repoops"
)

// The call log keeps a call whole when its line is at most logLineMax
// bytes: every answer the tools give (a read stops at 256 KiB of text)
// fits. A bigger line is a call with huge arguments (a repo_write of up to
// 16 MiB, refused or not): it is logged as a cut, so that a client cannot
// grow the log by 16 MiB a call, and the line says so.
const (
	logLineMax       = 1 << 20
	logArgsMax       = 64 << 10  // arguments over this are cut ...
	logStringMax     = 4 << 10   // ... each string in them to this many bytes
	logTextMax       = 512 << 10 // text over this is cut to it
	logStructuredMax = 256 << 10 // a structured value over this is left out
)

// logCut is added to a record's line when the line holds a cut: the whole
// sizes, in bytes, of what was cut.
type logCut struct {
	Args       int    `json:"args,omitempty"`
	Text       int    `json:"text,omitempty"`
	Structured int    `json:"structured,omitempty"`
	Note       string `json:"note"`
}

const logCutNote = "repox mcp --log cut this line: the call ran with its whole arguments and the client got the whole text; strings are cut where they say [cut in this log: N more bytes]"

// recordLine encodes rec as one log line, cut when it would be over
// logLineMax.
func recordLine(rec repoops.CallRecord) ([]byte, error) {
	if len(rec.Args)+len(rec.Text) <= logLineMax/2 {
		line, err := repoops.MarshalCallRecord(rec)
		if err != nil || len(line) <= logLineMax {
			return line, err
		}
	}
	var cut logCut
	if len(rec.Args) > logArgsMax {
		cut.Args = len(rec.Args)
		rec.Args = cutArgs(rec.Args)
	}
	if len(rec.Text) > logTextMax {
		cut.Text = len(rec.Text)
		rec.Text = cutString(rec.Text, logTextMax)
	}
	if rec.Structured != nil {
		if b, err := json.Marshal(rec.Structured); err != nil || len(b) > logStructuredMax {
			cut.Structured = len(b)
			rec.Structured = nil
		}
	}
	line, err := repoops.MarshalCallRecord(rec)
	if err != nil || cut == (logCut{}) {
		return line, err
	}
	cut.Note = logCutNote
	extra, err := json.Marshal(cut)
	if err != nil {
		return nil, err
	}
	// The line is one JSON object and "\n": add the field before the "}".
	body := bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("}"))
	out := make([]byte, 0, len(body)+len(extra)+12)
	out = append(append(append(out, body...), `,"logCut":`...), extra...)
	return append(out, "}\n"...), nil
}

// cutArgs keeps the shape of the arguments (the path, the tool's options)
// and cuts each long string in them. Arguments that are not JSON, or still
// too big (a huge array), become one cut string.
func cutArgs(raw json.RawMessage) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err == nil {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if enc.Encode(cutStrings(v)) == nil && buf.Len() <= logArgsMax {
			return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		}
	}
	b, _ := json.Marshal(cutString(string(raw), logStringMax))
	return b
}

// cutStrings cuts every string (and object key) over logStringMax in v.
func cutStrings(v any) any {
	switch v := v.(type) {
	case string:
		return cutString(v, logStringMax)
	case []any:
		for i := range v {
			v[i] = cutStrings(v[i])
		}
		return v
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[cutString(k, logStringMax)] = cutStrings(e)
		}
		return out
	}
	return v
}

// cutString keeps the first max bytes of s, backing off to a character
// boundary, and says how much is left out.
func cutString(s string, max int) string {
	if len(s) <= max {
		return s
	}
	n := max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + fmt.Sprintf("… [cut in this log: %s more bytes]", repoops.Commas(len(s)-n))
}
