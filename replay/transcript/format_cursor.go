package transcript

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Cursor CLI (cursor-agent) and the Cursor IDE's agent since early 2026:
// ~/.cursor/projects/<slug>/agent-transcripts/<chat>/<chat>.jsonl (older
// builds: agent-transcripts/<chat>.jsonl), a subagent's in
// <chat>/subagents/<id>.jsonl. One message a line, Anthropic-shaped but
// with no ids and no times: {role, message: {content: [text | thinking |
// tool_use {name, input}]}}, and {type: "turn_ended", status, error} at
// the end of a turn. The slug is the folder with every character not a
// letter or digit turned into -: the file records no folder. The reader
// is cursor.go's.

// AgentCursor is the Agent of Cursor's calls.
const AgentCursor Agent = "cursor"

func registerCursor() {
	registerFormat(format{agent: AgentCursor, shape: "a Cursor agent transcript", title: "Cursor CLI", order: 35, sessionTitle: cursorTitle,
		locate: locateCursor, where: cursorWhere,
		probe: probeCursor, reader: func(s *stream) decoder { return &cursorDecoder{s: s} }})
}

// probeCursor: a {type: "turn_ended", status} record, or a message line
// of Cursor's own shape: "role" at the top with no "type", id or time
// beside it (Claude Code's and Qwen Code's records carry type, uuid and
// sessionId), its message's content holding a tool_use block without an
// id or a prompt in <user_query> tags. Any other such line is unsure.
func probeCursor(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		typ := l.str("type")
		switch {
		case typ == "turn_ended" && l.has("status"):
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"turn_ended\" record with \"status\"")}
		case typ == "metadata" && l.sub("metadata") != nil && len(l.obj) == 2:
			return Answer{Verdict: Unsure}
		case l.has("type") || l.has("uuid") || l.has("sessionId") || l.has("id") || l.has("timestamp"):
			return Answer{}
		}
		role := l.str("role")
		m := l.sub("message")
		if (role != "user" && role != "assistant") || m == nil {
			return Answer{}
		}
		var blocks []map[string]json.RawMessage
		if json.Unmarshal(m["content"], &blocks) != nil {
			return Answer{}
		}
		for _, b := range blocks {
			switch rawStr(b["type"]) {
			case "tool_use":
				if _, ok := b["id"]; !ok {
					return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"role\": "+strconv.Quote(role)+" line with a \"tool_use\" block without \"id\"")}
				}
				return Answer{}
			case "text":
				if role == "user" && strings.Contains(rawStr(b["text"]), "<user_query>") {
					return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"role\": \"user\" line with a <user_query>")}
				}
			}
		}
		return Answer{Verdict: Unsure}
	})
}

// cursorTitle: the first prompt (the text of its <user_query>).
func cursorTitle(head []byte) string {
	var out string
	headLines(head, func(b []byte) bool {
		var l cursorLine
		if json.Unmarshal(b, &l) != nil || l.Role != "user" || l.Message == nil {
			return false
		}
		for _, bl := range l.Message.blocks() {
			if bl.Type == "text" {
				if q, _ := cursorPrompt(bl.Text); strings.TrimSpace(q) != "" {
					out = q
				}
			}
		}
		return out != ""
	})
	return out
}
