package transcript

import (
	"encoding/json"
	"strings"
)

// Gemini CLI's conversation: a user message's content is the prompt, a
// gemini message's content the agent's text and its thoughts (a subject
// and a description each) its thinking. The JSONL shape writes a message
// again, whole, each time it changes, so what was said of a message is
// remembered by its id and only what is new is taken.

type gmThought struct {
	Subject     string `json:"subject"`
	Description string `json:"description"`
	Timestamp   string `json:"timestamp"`
}

// gmSaid is what the conversation took of one message.
type gmSaid struct {
	text     bool
	thoughts int
}

// talk records the conversation of message m.
func (g *geminiDecoder) talk(m gmMessage) {
	if !g.s.convo.on {
		return
	}
	if g.said == nil {
		g.said = map[string]gmSaid{}
	}
	key := m.ID
	if key == "" {
		key = m.Type + "@" + m.Timestamp
	}
	said := g.said[key]
	ts := parseTime(m.Timestamp)
	for _, t := range m.Thoughts[min(said.thoughts, len(m.Thoughts)):] {
		text := strings.TrimSpace(t.Subject)
		if d := strings.TrimSpace(t.Description); d != "" {
			if text != "" {
				text += ": "
			}
			text += d
		}
		at := parseTime(t.Timestamp)
		if at.IsZero() {
			at = ts
		}
		g.s.say(MessageThinking, text, at)
	}
	said.thoughts = max(said.thoughts, len(m.Thoughts))
	if text := geminiText(m.Content); !said.text && strings.TrimSpace(text) != "" {
		said.text = true
		kind := MessageAssistant
		if m.Type == "user" {
			kind = MessageUser
		}
		g.s.say(kind, text, ts)
	}
	g.said[key] = said
}

// geminiText is a message's content: a string, or the text of its parts.
func geminiText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	if raw[0] == '"' {
		var s string
		json.Unmarshal(raw, &s)
		return s
	}
	var parts []struct {
		Text *string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var texts []string
	for _, p := range parts {
		if p.Text != nil {
			texts = append(texts, *p.Text)
		}
	}
	return strings.Join(texts, "\n")
}
