package transcript

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Claude Code: ~/.claude/projects/<folder>/<session>.jsonl, one record a
// line. Its records carry "isSidechain" and "userType" (Qwen Code's, of
// the same family, do not), its own record types, and messages in the
// Anthropic shape: {role, content}.

func registerClaude() {
	registerFormat(format{agent: AgentClaude, shape: "a Claude Code session", title: "Claude Code", order: 10, sessionTitle: claudeTitle,
		locate: locateClaude, where: claudeWhere,
		probe: probeClaude, reader: func(s *stream) decoder { return &claudeDecoder{s: s, seenUse: map[string]bool{}} }})
}

// claudeOwnTypes are record types only Claude Code writes.
var claudeOwnTypes = map[string]bool{"summary": true, "file-history-snapshot": true, "queue-operation": true,
	"progress": true, "attachment": true, "last-prompt": true, "custom-title": true}

func probeClaude(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		typ := l.str("type")
		switch {
		case typ == "" || hasParts(l):
			return Answer{} // a Gemini-shaped message: Qwen Code's (its subagents' records have isSidechain too)
		case l.has("isSidechain") || l.has("userType"):
			key := "isSidechain"
			if !l.has(key) {
				key = "userType"
			}
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a "+strconv.Quote(Clip(typ, 40))+" record with "+strconv.Quote(key))}
		case claudeOwnTypes[typ]:
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a "+strconv.Quote(typ)+" record")}
		case typ == "user" || typ == "assistant":
			m := l.sub("message")
			if m == nil {
				return Answer{Verdict: Unsure}
			}
			if _, ok := m["parts"]; ok {
				return Answer{} // a Gemini-shaped message: Qwen Code's
			}
			if _, ok := m["content"]; ok {
				return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a "+strconv.Quote(typ)+" record whose message has \"content\"")}
			}
			return Answer{Verdict: Unsure}
		case typ == "system" && (l.has("sessionId") || l.has("uuid")):
			return Answer{Verdict: Unsure}
		}
		return Answer{}
	})
}

// claudeTitle: a summary record's summary, or the first prompt (a user
// record of text, not a tool's result, not Claude Code's own meta text or
// a slash command's echo).
func claudeTitle(head []byte) string {
	var prompt, summary string
	headLines(head, func(b []byte) bool {
		var l struct {
			Type        string `json:"type"`
			Summary     string `json:"summary"`
			IsMeta      bool   `json:"isMeta"`
			IsSidechain bool   `json:"isSidechain"`
			Message     *struct {
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		}
		if json.Unmarshal(b, &l) != nil {
			return false
		}
		switch {
		case l.Type == "summary" && strings.TrimSpace(l.Summary) != "":
			summary = l.Summary
			return true
		case l.Type != "user" || l.IsMeta || l.IsSidechain || l.Message == nil || prompt != "":
			return false
		}
		var s string
		if json.Unmarshal(l.Message.Content, &s) != nil {
			var blocks []struct {
				Type string `json:"type"`
				Text string `json:"text"`
			}
			json.Unmarshal(l.Message.Content, &blocks)
			for _, bl := range blocks {
				if bl.Type == "tool_result" {
					return false
				}
				if bl.Type == "text" && s == "" {
					s = bl.Text
				}
			}
		}
		if !agentsOwnText(s) {
			prompt = s
		}
		return false // a summary may come later in the head
	})
	if summary != "" {
		return summary
	}
	return prompt
}
