package transcript

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// A Claude Code line can hold one tool_result of 60 MB; decoded whole into
// Go values (a list of 20M empty blocks becomes 20M maps) it took 2.4 GB.
// So a line is decoded lazily: the content of a message and of a result,
// and the structured toolUseResult, stay as the raw bytes of the line
// (rawRef, no copy) until they are needed, and each decode has a budget.

// rawRef is a JSON value as a slice of the line being decoded, not a copy.
// It is valid only while that line is: claudeDecoder.line uses it before
// it returns and keeps none of it (json.RawMessage would copy).
type rawRef []byte

func (r *rawRef) UnmarshalJSON(b []byte) error {
	*r = b
	return nil
}

const (
	// maxMessageBlocks bounds the content blocks of one message that are
	// decoded (real messages hold a handful); the rest are skipped, said.
	maxMessageBlocks = 4096
	// maxResultBlocks bounds the blocks of one result turned into text.
	maxResultBlocks = 4096
	// maxStructured bounds a toolUseResult that is decoded: a larger one
	// is left (what the agent saw is then taken from the result's text).
	maxStructured = 16 << 20
)

// messageBlocks decodes the blocks of a message's content, at most
// maxMessageBlocks; left: blocks were left undecoded. A string content
// (a prompt) holds no blocks.
// Only tool_use and tool_result blocks are kept: the others (text,
// thinking: most of a message's bytes) are not decoded at all.
func messageBlocks(raw rawRef) (blocks []ccBlock, left bool) {
	left = eachElement(raw, maxMessageBlocks, func(el []byte) {
		if !mayBeToolBlock(el) {
			return
		}
		var bl ccBlock
		if json.Unmarshal(el, &bl) == nil && (bl.Type == "tool_use" || bl.Type == "tool_result") { // a block of another shape is no call
			blocks = append(blocks, bl)
		}
	})
	return blocks, left
}

// mayBeToolBlock: the block's bytes could decode to the type tool_use or
// tool_result. Such a type is written either plainly (holding "tool_") or
// with a \u escape; a block with neither cannot be one, so it is not
// decoded (a thinking block of kilobytes costs a byte search, not two
// passes of encoding/json).
func mayBeToolBlock(el []byte) bool {
	return bytes.Contains(el, []byte("tool_")) || bytes.Contains(el, []byte(`\u`))
}

// structured decodes a toolUseResult within its budget (nil when there is
// none, it is too large or of another shape: an error's is a string).
func structured(raw rawRef) *ccReadResult {
	if len(raw) == 0 || len(raw) > maxStructured || raw[0] != '{' {
		return nil
	}
	var r ccReadResult
	if err := json.Unmarshal(raw, &r); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return nil
		}
	}
	return &r
}

// blockText is a tool_result's content as the model got it: a string, or
// the text blocks of a list joined (other blocks as "[type]"), at most
// maxResultBlocks of them.
func blockText(raw rawRef) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	switch raw[0] {
	case '"':
		return jsonString(raw)
	case '[':
	default:
		return string(raw)
	}
	var sb strings.Builder
	n := 0
	left := eachElement(raw, maxResultBlocks, func(el []byte) {
		if n > 0 {
			sb.WriteString("\n")
		}
		n++
		// keys matched exactly, as the model's API does (a struct would
		// also take "Type" or "TEXT")
		var b map[string]rawRef
		json.Unmarshal(el, &b)
		typ, _ := stringField(b["type"])
		if typ == "text" {
			if text, ok := stringField(b["text"]); ok {
				sb.WriteString(text)
				return
			}
		}
		sb.WriteString("[" + typ + "]")
	})
	if left {
		sb.WriteString("\n[… more blocks not read: repox reads " + strconv.Itoa(maxResultBlocks) + " blocks of a result]")
	}
	return sb.String()
}

// stringField decodes a block's field as json.Unmarshal into a string
// would ("" and ok false for a field that is missing or of another type;
// null is a string left empty), a string without a second check.
func stringField(raw rawRef) (string, bool) {
	if raw == nil {
		return "", false
	}
	if len(raw) > 0 && raw[0] == '"' {
		return jsonString(raw), true
	}
	var s string
	err := json.Unmarshal(raw, &s)
	return s, err == nil
}

// eachElement calls fn with each element of the JSON array raw, as a
// slice of raw, at most max of them, and reports whether some were left.
// raw is valid JSON (json.Unmarshal checked the whole line before any
// rawRef was set); anything but an array has no elements.
func eachElement(raw []byte, max int, fn func(el []byte)) (left bool) {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '[' {
		return false
	}
	i = skipSpace(raw, i+1)
	for n := 0; i < len(raw) && raw[i] != ']'; n++ {
		if n == max {
			return true
		}
		end := skipValue(raw, i)
		fn(raw[i:end])
		i = skipSpace(raw, end)
		if i < len(raw) && raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
	}
	return false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the end of the valid JSON value that starts at i.
func skipValue(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch c := b[i]; c {
		case '"':
			i = skipString(b, i)
			if depth == 0 {
				return i
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth <= 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return i
}

// skipString returns the index after the string that starts at b[i] == '"'.
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}
