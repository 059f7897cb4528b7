package transcript

import "strconv"

// Claude Code: ~/.claude/projects/<folder>/<session>.jsonl, one record a
// line. Its records carry "isSidechain" and "userType" (Qwen Code's, of
// the same family, do not), its own record types, and messages in the
// Anthropic shape: {role, content}.

func registerClaude() {
	registerFormat(format{agent: AgentClaude, shape: "a Claude Code session", title: "Claude Code", order: 10,
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
