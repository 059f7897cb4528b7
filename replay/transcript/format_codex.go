package transcript

import (
	"encoding/json"
	"strconv"
)

// Codex CLI: ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl. Since 2025's
// end each line is {timestamp, type, payload}; the rollouts of 2025 start
// with a header {id, timestamp, instructions, git} and hold the response
// items bare, one a line (codex_legacy.go).

func registerCodex() {
	registerFormat(format{agent: AgentCodex, shape: "a Codex rollout", title: "Codex", order: 20, sessionTitle: CodexTitle,
		locate: locateCodex, where: codexWhere,
		probe: probeCodex, reader: func(s *stream) decoder { return &codexDecoder{s: s} }})
	registerFormat(format{agent: AgentCodex, shape: "a 2025 Codex rollout", title: "Codex", order: 21, sessionTitle: CodexTitle,
		probe: probeCodexLegacy, reader: func(s *stream) decoder { return &codexLegacy{d: codexDecoder{s: s}} }})
}

func probeCodex(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		typ := l.str("type")
		if typ == "" || l.sub("payload") == nil {
			return Answer{}
		}
		if codexTypes[typ] {
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a "+strconv.Quote(typ)+" record with a payload")}
		}
		return Answer{Verdict: Unsure} // a record type of a later Codex, perhaps
	})
}

// legacyCodexItems are the bare response items of 2025 Codex rollouts,
// each with a key that shows it is one: a message's role at the top, not
// inside a "message" object as Pi and Factory Droid nest theirs.
var legacyCodexItems = map[string][]string{"message": {"role"}, "reasoning": {"summary", "encrypted_content"},
	"function_call": {"call_id", "arguments"}, "function_call_output": {"call_id"},
	"local_shell_call": {"action"}, "custom_tool_call": {"call_id", "input"}, "custom_tool_call_output": {"call_id"},
	"web_search_call": {"action", "status"}}

func probeCodexLegacy(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		typ := l.str("type")
		switch {
		case typ == "" && l.str("id") != "" && (l.has("instructions") || l.has("git")):
			key := "instructions"
			if !l.has(key) {
				key = "git"
			}
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a 2025 rollout's header (\"id\" and "+strconv.Quote(key)+")")}
		case typ == "" && l.has("record_type"):
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a 2025 rollout's \"record_type\" record")}
		case legacyCodexItems[typ] == nil || l.has("message") || l.has("sessionId") || l.has("uuid"):
			return Answer{}
		}
		for _, key := range legacyCodexItems[typ] {
			if l.has(key) {
				return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a bare "+strconv.Quote(typ)+" response item with "+strconv.Quote(key))}
			}
		}
		return Answer{}
	})
}

// CodexTitle: the first user message of a rollout that is the person's:
// an event_msg user_message, or a user message item (a current rollout's
// response_item, a legacy rollout's bare item) that is not one of the
// blocks Codex adds.
func CodexTitle(head []byte) string {
	var out string
	headLines(head, func(b []byte) bool {
		var l struct {
			Type    string          `json:"type"`
			Payload json.RawMessage `json:"payload"`
		}
		if json.Unmarshal(b, &l) != nil {
			return false
		}
		item := json.RawMessage(b) // a legacy rollout's bare item
		if len(l.Payload) > 0 {
			item = l.Payload
		}
		var p struct {
			Type    string `json:"type"`
			Role    string `json:"role"`
			Message string `json:"message"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		}
		if json.Unmarshal(item, &p) != nil {
			return false
		}
		switch {
		case p.Type == "user_message" && !agentsOwnText(p.Message):
			out = p.Message
		case p.Type == "message" && p.Role == "user":
			for _, c := range p.Content {
				if !agentsOwnText(c.Text) {
					out = c.Text
					break
				}
			}
		}
		return out != ""
	})
	return out
}
