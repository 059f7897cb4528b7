package transcript

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Factory Droid: ~/.factory/sessions/-<the folder, / turned into ->/<id>.jsonl
// (older builds: sessions/<id>.jsonl; some ~/.factory/projects/…). A
// first record {type: "session_start", id, title, owner, version, cwd},
// then {type: "message", id, timestamp, message: {role, content}} with
// Anthropic blocks that carry ids, and todo_state and compaction_state
// records. The reader is droid.go's.

// AgentDroid is the Agent of Factory Droid's calls.
const AgentDroid Agent = "droid"

func registerDroid() {
	registerFormat(format{agent: AgentDroid, shape: "a Factory Droid session", title: "Factory Droid", order: 37, sessionTitle: droidTitle,
		locate: locateDroid, where: droidWhere,
		probe: probeDroid, reader: func(s *stream) decoder { return &droidDecoder{s: s} }})
}

// probeDroid: a {type: "session_start", id} record, or a "message"
// record whose message holds a tool_use or tool_result block (Pi's hold
// toolCall blocks, a 2025 Codex item no "message" object). Any other
// "message" record is unsure: a headerless user message is also Pi's.
func probeDroid(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		switch typ := l.str("type"); {
		case typ == "session_start" && l.has("id"):
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"session_start\" record with \"id\"")}
		case typ == "message" && l.sub("message") != nil:
			for _, t := range rawArrayTypes(l.sub("message")["content"]) {
				if t == "tool_use" || t == "tool_result" {
					return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"message\" record whose message holds a "+strconv.Quote(t)+" block")}
				}
			}
			return Answer{Verdict: Unsure}
		}
		return Answer{}
	})
}

// droidTitle: the title the person gave the session (sessionTitle), else
// the title Droid recorded, else the first prompt.
func droidTitle(head []byte) string {
	var out string
	headLines(head, func(b []byte) bool {
		var l droidLine
		if json.Unmarshal(b, &l) != nil {
			return false
		}
		switch {
		case l.Type == "session_start":
			out = firstOf(strings.TrimSpace(l.SessionTitle), strings.TrimSpace(l.Title))
		case l.Type == "message" && l.Message != nil && l.Message.Role == "user":
			out = l.Message.prompt()
		}
		return out != ""
	})
	return out
}
