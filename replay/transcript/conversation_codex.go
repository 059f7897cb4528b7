package transcript

import (
	"encoding/json"
	"strings"
	"time"
)

// cxTalk is what the conversation needs of a Codex payload.
type cxTalk struct {
	Type    string `json:"type"`
	Role    string `json:"role"`
	Message string `json:"message"` // event_msg user_message; a compacted record's summary
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	Summary []struct {
		Text string `json:"text"`
	} `json:"summary"`
}

// codexConversation records the messages of one Codex rollout line. A
// prompt is the event_msg user_message (the response_item of role user
// also holds the environment context and instructions Codex adds); the
// assistant's text is its message response item, thinking the summary of
// a reasoning item (its content is encrypted), and a compacted record
// marks where the context was compacted.
func codexConversation(s *stream, typ string, payload json.RawMessage, ts time.Time) {
	if !s.convo.on {
		return
	}
	var p cxTalk
	json.Unmarshal(payload, &p) // a field of another shape stays empty
	switch {
	case typ == "compacted":
		s.say(MessageCompaction, p.Message, ts)
	case typ == "event_msg" && p.Type == "user_message":
		s.say(MessageUser, p.Message, ts)
	case typ == "response_item" && p.Type == "message" && p.Role == "assistant":
		var texts []string
		for _, c := range p.Content {
			if c.Text != "" {
				texts = append(texts, c.Text)
			}
		}
		s.say(MessageAssistant, strings.Join(texts, "\n"), ts)
	case typ == "response_item" && p.Type == "reasoning":
		var texts []string
		for _, c := range p.Summary {
			texts = append(texts, c.Text)
		}
		s.say(MessageThinking, strings.Join(texts, "\n"), ts)
	}
}
