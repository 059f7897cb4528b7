package transcript

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

// ccTalk is what the conversation needs of a Claude Code line.
type ccTalk struct {
	Type             string `json:"type"`
	Subtype          string `json:"subtype"`
	Content          string `json:"content"` // a system record's text
	IsSidechain      bool   `json:"isSidechain"`
	IsMeta           bool   `json:"isMeta"`
	IsCompactSummary bool   `json:"isCompactSummary"`
	Timestamp        string `json:"timestamp"`
	Message          *struct {
		Content rawRef `json:"content"` // a prompt's string, or blocks
	} `json:"message"`
}

type ccTalkBlock struct {
	Type     string `json:"type"`
	Text     string `json:"text"`
	Thinking string `json:"thinking"`
}

// claudeConversation records the messages of one Claude Code line: a
// prompt (a user record with no tool result), the assistant's text and
// thinking blocks, and compaction (a system compact_boundary record, and
// the summary Claude Code writes as a user record with isCompactSummary).
// A subagent's messages (isSidechain) are its own conversation: not shown.
func claudeConversation(s *stream, b []byte) {
	if bytes.Contains(b, toolMarkers[2]) {
		// a result's record ("tool_use_id"): no prompt, and most of a
		// transcript's bytes; not decoding them again took reading a
		// 10 MB transcript with its conversation from 280 to 240-280 ms
		// (170 ms without)
		return
	}
	var l ccTalk
	if err := json.Unmarshal(b, &l); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return // counted by the decoder
		}
	}
	if l.IsSidechain || l.IsMeta {
		return
	}
	ts := parseTime(l.Timestamp)
	if l.Type == "system" && l.Subtype == "compact_boundary" {
		s.say(MessageCompaction, l.Content, ts)
		return
	}
	if l.Message == nil || (l.Type != "user" && l.Type != "assistant") {
		return
	}
	var texts []string
	isResult := false
	raw := l.Message.Content
	if len(raw) > 0 && raw[0] == '"' {
		var str string
		json.Unmarshal(raw, &str)
		texts = append(texts, str)
	} else {
		eachElement(raw, maxMessageBlocks, func(el []byte) {
			var bl ccTalkBlock
			if json.Unmarshal(el, &bl) != nil {
				return
			}
			switch bl.Type {
			case "text":
				if l.Type == "user" {
					texts = append(texts, bl.Text)
				} else {
					s.say(MessageAssistant, bl.Text, ts)
				}
			case "thinking", "redacted_thinking":
				s.say(MessageThinking, bl.Thinking, ts)
			case "tool_result":
				isResult = true
			}
		})
	}
	if l.Type != "user" || isResult || len(texts) == 0 {
		return
	}
	kind, text := MessageUser, strings.Join(texts, "\n")
	switch {
	case l.IsCompactSummary:
		kind = MessageCompaction
	case strings.HasPrefix(strings.TrimSpace(text), "[Request interrupted by user"):
		kind = MessageInterrupted // Claude Code's own line when the person pressed Esc
	}
	s.say(kind, text, ts)
}
