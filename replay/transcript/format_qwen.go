package transcript

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Qwen Code: ~/.qwen/projects/<the folder, every character not a letter
// or digit turned into ->/chats/<session>.jsonl. Records {uuid,
// parentUuid, sessionId, timestamp, type, cwd, version, gitBranch,
// message} like Claude Code's, but of types user, assistant, tool_result
// and system, with messages in Gemini's shape {role, parts}; a subagent's
// records add agentId and isSidechain. The reader is qwen.go's.

// AgentQwen is the Agent of Qwen Code's calls.
const AgentQwen Agent = "qwen-code"

func registerQwen() {
	registerFormat(format{agent: AgentQwen, shape: "a Qwen Code session", title: "Qwen Code", order: 33, sessionTitle: qwenTitle,
		locate: locateQwen, where: qwenWhere,
		probe: probeQwen, reader: func(s *stream) decoder { return &qwenDecoder{s: s} }})
}

// hasParts: the line's message is Gemini-shaped ({role, parts}).
func hasParts(l *headLine) bool {
	m := l.sub("message")
	_, ok := m["parts"]
	return ok
}

// probeQwen: a record with a sessionId whose message has Gemini-style
// "parts", or of Qwen's own type tool_result or with its systemPayload or
// toolCallResult; Claude Code's records (userType) are not.
func probeQwen(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		typ := l.str("type")
		if l.str("sessionId") == "" || l.has("userType") {
			return Answer{}
		}
		switch typ {
		case "tool_result":
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"tool_result\" record with \"sessionId\"")}
		case "user", "assistant", "system":
		default:
			return Answer{}
		}
		if hasParts(l) {
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a "+strconv.Quote(typ)+" record whose message has Gemini-style \"parts\"")}
		}
		if l.has("isSidechain") {
			return Answer{}
		}
		for _, key := range []string{"systemPayload", "toolCallResult"} {
			if l.has(key) {
				return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a "+strconv.Quote(typ)+" record with "+strconv.Quote(key))}
			}
		}
		return Answer{Verdict: Unsure}
	})
}

// qwenTitle: a custom_title record's title, or the first prompt.
func qwenTitle(head []byte) string {
	var prompt, title string
	headLines(head, func(b []byte) bool {
		var r qwRecord
		if json.Unmarshal(b, &r) != nil {
			return false
		}
		switch {
		case r.Type == "system" && r.Subtype == "custom_title":
			var p struct {
				CustomTitle string `json:"customTitle"`
			}
			json.Unmarshal(r.SystemPayload, &p)
			title = p.CustomTitle
			return title != ""
		case r.Type == "user" && r.Subtype == "" && prompt == "" && r.AgentID == "" && r.Message != nil:
			prompt, _ = r.Message.text()
		}
		return false
	})
	if title != "" {
		return title
	}
	return strings.TrimSpace(prompt)
}
