package transcript

import (
	"time"
	"unicode/utf8"
)

// The conversation around the calls: what the user asked, what the agent
// said between calls, its thinking, and where the context was compacted.
// People read a replay to learn *why* the agent did something. Decoding it
// costs a second look at every text line, so only a reader asked for it
// (the report) collects messages; `repox sessions` and the pane do not.

// MessageKind is what a conversation message is.
type MessageKind string

const (
	MessageUser       MessageKind = "user"       // a prompt: it starts a turn
	MessageAssistant  MessageKind = "assistant"  // the agent's text between calls
	MessageThinking   MessageKind = "thinking"   // the agent's thinking (folded in the report)
	MessageCompaction MessageKind = "compaction" // the context was compacted here
	// MessageInterrupted: the person stopped the agent (Claude Code's
	// "[Request interrupted by user…]" user line): not a prompt, no turn
	MessageInterrupted MessageKind = "interrupted"
)

// MaxMessageChars bounds the characters kept of one message; the rest is
// counted (Message.Cut), so a 60 MB paste costs 2,000 characters.
const MaxMessageChars = 2000

// Message is one message of the conversation.
type Message struct {
	Kind  MessageKind `json:"kind"`
	Text  string      `json:"text"`
	Chars int         `json:"chars"`         // the message's length in characters
	Cut   int         `json:"cut,omitempty"` // characters not kept (beyond maxMessageChars)
	Time  time.Time   `json:"time"`
	Turn  int         `json:"turn"` // the user turn it belongs to (0: before the first prompt)
	// After is how many calls were made before it: it is shown after
	// call #After and before call #After+1.
	After int `json:"-"`
}

// conversation is the messages a stream collected and not yet taken.
type conversation struct {
	on   bool
	turn int
	msgs []Message
}

// say records a message of the conversation in its place among the calls.
func (s *stream) say(kind MessageKind, text string, t time.Time) {
	if !s.convo.on || (text == "" && kind != MessageThinking && kind != MessageCompaction && kind != MessageInterrupted) {
		return
	}
	if kind == MessageUser {
		s.convo.turn++
	}
	m := Message{Kind: kind, Time: t, Turn: s.convo.turn, After: s.seq, Chars: utf8.RuneCountInString(text)}
	m.Text = text
	if m.Chars > MaxMessageChars {
		n := 0
		for i := range text {
			if n == MaxMessageChars {
				m.Text = text[:i]
				break
			}
			n++
		}
		m.Cut = m.Chars - MaxMessageChars
	}
	s.convo.msgs = append(s.convo.msgs, m)
}

// WithConversation makes r collect the conversation (Messages); call it
// before the first Next.
func (r *Reader) WithConversation() *Reader {
	r.s.convo.on = true
	return r
}

// Messages returns the messages shown before call c (all of them left when
// c is the zero Call: the end) and forgets them: they come in order,
// interleaved with the calls as Next returns them. A merged subagent's call
// takes none: it ran inside its Task, before the session's next message.
func (r *Reader) Messages(c Call) []Message {
	msgs := r.s.convo.msgs
	n := len(msgs)
	switch {
	case c.Parent != "" && c.Subagent != "":
		return nil
	case c.own > 0:
		n = 0
		for n < len(msgs) && msgs[n].After < c.own {
			n++
		}
	}
	out := msgs[:n:n]
	r.s.convo.msgs = msgs[n:]
	if len(r.s.convo.msgs) == 0 {
		r.s.convo.msgs = nil
	}
	return out
}
