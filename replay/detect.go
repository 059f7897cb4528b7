package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Format detection: the first line that is JSON of a known shape picks
// the decoder. A file whose lines never do is not a transcript repox
// reads, and the report says what its first line was instead.

// probe is what format detection looks at.
type probe struct {
	Type         *string         `json:"type"`
	Payload      json.RawMessage `json:"payload"`
	Tool         *string         `json:"tool"`
	SessionID    string          `json:"sessionId"`
	UUID         string          `json:"uuid"`
	ProjectHash  string          `json:"projectHash"`
	Messages     json.RawMessage `json:"messages"`
	ID           string          `json:"id"`
	Instructions json.RawMessage `json:"instructions"`
	Git          json.RawMessage `json:"git"`
	RecordType   *string         `json:"record_type"`
}

// legacyCodexItems are the bare response items of 2025 Codex rollouts.
var legacyCodexItems = map[string]bool{"message": true, "reasoning": true, "function_call": true,
	"function_call_output": true, "local_shell_call": true, "custom_tool_call": true, "custom_tool_call_output": true,
	"web_search_call": true}

// detect picks the decoder for line n, or notes what the line is; false:
// still no format.
func (s *stream) detect(b []byte, n int) bool {
	if bytes.Equal(b, []byte("{")) {
		// a pretty-printed JSON document: Gemini CLI's session-*.json
		s.st.Format, s.dec = AgentGemini, &geminiDoc{g: geminiDecoder{s: s}}
		return true
	}
	if b[0] != '{' {
		s.noteFirst(b, nil)
		s.st.skip("line %d is not JSON", n)
		return false
	}
	var p probe
	if err := json.Unmarshal(b, &p); err != nil {
		s.noteFirst(b, nil)
		s.st.skip("line %d is not JSON: %v", n, err)
		return false
	}
	switch {
	case p.Tool != nil && p.Type == nil:
		s.st.Format, s.dec = AgentRepox, &repoxDecoder{s: s}
	case p.Type != nil && len(p.Payload) > 0:
		s.st.Format, s.dec = AgentCodex, &codexDecoder{s: s}
	case p.Type == nil && p.SessionID != "" && p.ProjectHash != "" && len(p.Messages) > 0:
		s.st.Format, s.dec = AgentGemini, &geminiDoc{g: geminiDecoder{s: s}} // the document on one line
	case p.Type == nil && p.SessionID != "" && p.ProjectHash != "":
		s.st.Format, s.dec = AgentGemini, &geminiLines{g: geminiDecoder{s: s}} // Gemini CLI's session-*.jsonl
	case p.Type == nil && p.ID != "" && (len(p.Instructions) > 0 || len(p.Git) > 0) || p.RecordType != nil ||
		p.Type != nil && legacyCodexItems[*p.Type] && p.SessionID == "" && p.UUID == "":
		s.st.Format, s.dec = AgentCodex, &codexLegacy{d: codexDecoder{s: s}}
	case p.Type != nil && (p.SessionID != "" || p.UUID != "" || claudeTypes[*p.Type]):
		s.st.Format, s.dec = AgentClaude, &claudeDecoder{s: s, seenUse: map[string]bool{}}
	default:
		s.noteFirst(b, &p)
		s.st.Unknown++
		s.st.LastSkip = fmt.Sprintf("line %d is JSON of no transcript format repox knows", n)
		return false
	}
	return true
}

// noteFirst describes the first line, for the refusal of a file that
// turns out to be no transcript at all.
func (s *stream) noteFirst(b []byte, p *probe) {
	if s.first != "" {
		return
	}
	var obj map[string]json.RawMessage
	switch {
	case b[0] == '{' && json.Unmarshal(b, &obj) == nil:
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, strconv.Quote(clip(k, 40)))
		}
		sort.Strings(keys)
		more := ""
		if len(keys) > 8 {
			more = fmt.Sprintf(" and %d more", len(keys)-8)
			keys = keys[:8]
		}
		s.first = "its first line is a JSON object with keys " + strings.Join(keys, ", ") + more
		if len(keys) == 0 {
			s.first = "its first line is an empty JSON object"
		}
	case json.Valid(b):
		s.first = "its first line is JSON, but not an object"
	default:
		s.first = "its first line is not JSON (it starts " + strconv.Quote(clip(string(b), 40)) + ")"
	}
}

// NotATranscript says why what was read is no transcript repox reads:
// "" once a format was recognised, or when nothing was read.
func (r *Reader) NotATranscript() string {
	if r.s.st.Format != "" || r.s.first == "" {
		return ""
	}
	return r.s.first + " — repox reads Claude Code, Codex, Gemini CLI and repox call logs"
}

// docDecoder is a decoder of one JSON document over many lines, which
// may end without a newline: at the end of the input it takes the rest.
type docDecoder interface {
	decoder
	end(tail []byte, st *Stats)
}

// atEnd hands a document decoder the unterminated last line; true when
// it took it.
func (s *stream) atEnd(sp *splitter) bool {
	d, ok := s.dec.(docDecoder)
	if !ok {
		return false
	}
	tail := sp.tail
	if sp.tooLong {
		tail = nil
	}
	d.end(bytes.TrimSpace(tail), &s.st)
	sp.tail, sp.tooLong = sp.tail[:0], false
	return true
}
