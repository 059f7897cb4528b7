package transcript

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Head is the start of a file as the probes see it: its first non-empty
// lines, at most headMaxLines of them and about headMaxBytes, each a JSON object
// decoded once (a line that is not one is kept clipped, for what it
// says). A file whose first line is "{" alone is a pretty-printed JSON
// document: its lines are fragments, and Doc reads its top-level keys.
type Head struct {
	lines []headLine
	bytes int
	doc   bool
	done  bool // the file ended, or the head is full: no line will be added
	scan  *docHead
	// firstDesc says what the first line is, for the refusal of a shape
	// no format knows (taken while the whole line is at hand)
	firstDesc string
	// kept: the index of the first line the decoder is given once a
	// format is known (a JSON object, or the "{" of a document); lines
	// before it were counted as skipped when they came. -1: none yet.
	kept int
}

// headLine is one line of the head.
type headLine struct {
	n   int                        // 1-based line number
	raw []byte                     // the trimmed line (a copy once it is held; clipped unless kept)
	obj map[string]json.RawMessage // nil unless the line is a JSON object
}

// The head's bounds: a format shows itself in its first records, and the
// head is held until one does, so it stays small.
const (
	headMaxLines = 64
	headMaxBytes = 1 << 20
	// headClip is how much of a line that is no JSON object is kept
	headClip = 256
)

func newHead() *Head { return &Head{kept: -1} }

// add takes line n (trimmed, not empty); b is not held beyond the call
// unless hold is called.
func (h *Head) add(b []byte, n int) {
	l := headLine{n: n, raw: b}
	switch {
	case h.doc:
	case h.kept < 0 && len(b) == 1 && b[0] == '{':
		h.doc = true
	case b[0] == '{':
		var obj map[string]json.RawMessage
		if json.Unmarshal(b, &obj) == nil && obj != nil {
			l.obj = obj
		}
	}
	if len(h.lines) == 0 {
		h.firstDesc = describeFirst(&l)
	}
	if h.kept < 0 && (l.obj != nil || h.doc) {
		h.kept = len(h.lines)
	}
	h.lines = append(h.lines, l)
	h.scan = nil
	h.bytes += len(b)
	if len(h.lines) >= headMaxLines || h.bytes >= headMaxBytes {
		h.done = true
	}
}

// hold copies the last line, which is kept past the call that added it.
func (h *Head) hold() {
	l := &h.lines[len(h.lines)-1]
	if h.kept < 0 || len(h.lines)-1 < h.kept {
		l.raw = bytes.Clone(l.raw[:min(len(l.raw), headClip)])
		return
	}
	l.raw = bytes.Clone(l.raw)
}

// Done says whether the head is complete: the file ended or the head is full.
func (h *Head) Done() bool { return h.done }

// objects calls fn for each line that is a JSON object, in order, and
// returns the first yes (its Line set); else unsure if a line was, else no.
// A document's lines are fragments, never records.
func (h *Head) objects(fn func(l *headLine) Answer) Answer {
	out := Answer{}
	if h.doc {
		return out
	}
	for i := range h.lines {
		l := &h.lines[i]
		if l.obj == nil {
			continue
		}
		a := fn(l)
		switch a.Verdict {
		case Yes:
			a.Line = l.n
			return a
		case Unsure:
			out.Verdict = Unsure
		}
	}
	return out
}

// first is the first line of the head, nil when there is none.
func (h *Head) first() *headLine {
	if len(h.lines) == 0 {
		return nil
	}
	return &h.lines[0]
}

// str is the line's string value of key ("" when absent or not a string).
func (l *headLine) str(key string) string { return rawStr(l.obj[key]) }

func (l *headLine) has(key string) bool { _, ok := l.obj[key]; return ok }

// sub is the line's object value of key, nil when it is not an object.
func (l *headLine) sub(key string) map[string]json.RawMessage { return rawObj(l.obj[key]) }

func rawStr(v json.RawMessage) string {
	if len(v) == 0 || v[0] != '"' {
		return ""
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return ""
	}
	return s
}

func rawObj(v json.RawMessage) map[string]json.RawMessage {
	if len(v) == 0 || v[0] != '{' {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(v, &m) != nil {
		return nil
	}
	return m
}

// rawArrayTypes are the "type" strings of the objects in a JSON array.
func rawArrayTypes(v json.RawMessage) []string {
	if len(v) == 0 || v[0] != '[' {
		return nil
	}
	var items []struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(v, &items) != nil {
		return nil
	}
	out := make([]string, 0, len(items))
	for _, it := range items {
		out = append(out, it.Type)
	}
	return out
}

// docHead is what the head shows of a pretty-printed JSON document: its
// top-level keys in order, the values of those that are strings or
// numbers, and for each that is an array the string and number fields of
// its first element. The head may end inside the document: what was read
// up to there.
type docHead struct {
	keys   []string
	values map[string]string
	first  map[string]map[string]string
}

func (d *docHead) hasKey(key string) bool {
	for _, k := range d.keys {
		if k == key {
			return true
		}
	}
	return false
}

// Doc reads the document's start; nil when the head is not a document.
func (h *Head) Doc() *docHead {
	if !h.doc {
		return nil
	}
	if h.scan == nil {
		var buf bytes.Buffer
		for _, l := range h.lines[h.kept:] {
			buf.Write(l.raw)
			buf.WriteByte('\n')
		}
		h.scan = scanDoc(buf.Bytes())
	}
	return h.scan
}

// scanDoc walks the tokens of a JSON document's start; a token the head
// cuts ends the walk.
func scanDoc(b []byte) *docHead {
	d := &docHead{values: map[string]string{}, first: map[string]map[string]string{}}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return d
	}
	for dec.More() {
		t, err := dec.Token()
		key, ok := t.(string)
		if err != nil || !ok {
			return d
		}
		d.keys = append(d.keys, key)
		v, err := dec.Token()
		if err != nil {
			return d
		}
		switch v := v.(type) {
		case string:
			d.values[key] = v
		case json.Number:
			d.values[key] = v.String()
		case json.Delim:
			if v == '[' && dec.More() {
				if t, err := dec.Token(); err != nil {
					return d
				} else if t == json.Delim('{') {
					fields, ok := scanFields(dec)
					d.first[key] = fields
					if !ok {
						return d
					}
				} else if !skipToken(dec, t) {
					return d
				}
				if !skipRest(dec) {
					return d
				}
			} else if !skipRest(dec) {
				return d
			}
		}
	}
	return d
}

// scanFields reads an object's fields up to its end (the '{' was read):
// strings and numbers kept, the rest skipped; false when the head ends.
func scanFields(dec *json.Decoder) (map[string]string, bool) {
	out := map[string]string{}
	for dec.More() {
		t, err := dec.Token()
		key, ok := t.(string)
		if err != nil || !ok {
			return out, false
		}
		v, err := dec.Token()
		if err != nil {
			return out, false
		}
		switch v := v.(type) {
		case string:
			out[key] = v
		case json.Number:
			out[key] = v.String()
		case bool:
			out[key] = strconv.FormatBool(v)
		case json.Delim:
			if !skipRest(dec) {
				return out, false
			}
		}
	}
	_, err := dec.Token() // the '}'
	return out, err == nil
}

// skipToken skips a value whose first token was t.
func skipToken(dec *json.Decoder, t json.Token) bool {
	if d, ok := t.(json.Delim); ok && (d == '{' || d == '[') {
		return skipRest(dec)
	}
	return true
}

// skipRest skips to the end of the object or array just opened.
func skipRest(dec *json.Decoder) bool {
	for depth := 1; depth > 0; {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		if d, ok := t.(json.Delim); ok {
			switch d {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
		}
	}
	return true
}

// describeFirst says what the first line of a file is, for the refusal
// of a shape no format knows.
func describeFirst(l *headLine) string {
	b := l.raw
	switch {
	case l.obj != nil:
		keys := make([]string, 0, len(l.obj))
		for k := range l.obj {
			keys = append(keys, strconv.Quote(Clip(k, 40)))
		}
		if len(keys) == 0 {
			return "its first line is an empty JSON object"
		}
		sort.Strings(keys)
		more := ""
		if len(keys) > 8 {
			more = fmt.Sprintf(" and %d more", len(keys)-8)
			keys = keys[:8]
		}
		return "its first line is a JSON object with keys " + strings.Join(keys, ", ") + more
	case len(b) == 1 && b[0] == '{':
		return "its first line opens a JSON document"
	case json.Valid(b):
		return "its first line is JSON, but not an object"
	}
	return "its first line is not JSON (it starts " + strconv.Quote(Clip(string(b), 40)) + ")"
}
