package transcript

import (
	"encoding/json"
	"strconv"
	"strings"
)

// GitHub Copilot CLI (≥ 1.0): ~/.copilot/session-state/<id>/events.jsonl
// (older builds: ~/.copilot/session-state/<id>.jsonl), one event a line,
// {type, data, id, timestamp, parentId} with dotted types
// ("session.start", "user.message", "tool.execution_start"). The reader
// is copilot.go's.

// AgentCopilot is the Agent of GitHub Copilot CLI's calls.
const AgentCopilot Agent = "copilot-cli"

func registerCopilot() {
	registerFormat(format{agent: AgentCopilot, shape: "a GitHub Copilot CLI events log", title: "GitHub Copilot CLI", order: 32, sessionTitle: copilotTitle,
		locate: locateCopilot, where: copilotWhere,
		probe: probeCopilotCLI, reader: func(s *stream) decoder { return &copilotDecoder{s: s} }})
}

// probeCopilotCLI: an event with a dotted type, a "data" object and a
// "parentId" (null on the first) — no other agent's records have all three.
func probeCopilotCLI(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		typ := l.str("type")
		dot := strings.IndexByte(typ, '.')
		if dot <= 0 || dot == len(typ)-1 || l.sub("data") == nil || !l.has("parentId") {
			return Answer{}
		}
		return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a "+strconv.Quote(Clip(typ, 40))+" event with \"data\" and \"parentId\"")}
	})
}

// copilotTitle: the session's first prompt (a user.message's content).
func copilotTitle(head []byte) string {
	var prompt string
	headLines(head, func(b []byte) bool {
		var l struct {
			Type string `json:"type"`
			Data struct {
				Content string `json:"content"`
			} `json:"data"`
		}
		if json.Unmarshal(b, &l) != nil || l.Type != "user.message" || strings.TrimSpace(l.Data.Content) == "" {
			return false
		}
		prompt = l.Data.Content
		return true
	})
	return prompt
}
