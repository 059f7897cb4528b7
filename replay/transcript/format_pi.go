package transcript

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Pi (badlogic/pi-mono's coding agent):
// ~/.pi/agent/sessions/--<the folder, / \ and : turned into ->--/<time>_<id>.jsonl
// (the agent folder is PI_CODING_AGENT_DIR when set). A header
// {type: "session", id, timestamp, cwd} (version 3 says "version": 3;
// version 1, the files of 2025, has none and adds provider, modelId,
// thinkingLevel and branchedFrom), then one entry a line
// {type, timestamp, …}, which from version 2 on carry id and parentId
// and form a tree. The reader is pi.go's.

// AgentPi is the Agent of Pi's calls.
const AgentPi Agent = "pi"

func registerPi() {
	registerFormat(format{agent: AgentPi, shape: "a Pi session", title: "Pi", order: 34, sessionTitle: piTitle,
		locate: locatePi, where: piWhere,
		probe: probePi, reader: func(s *stream) decoder { return &piDecoder{s: s} }})
}

// piEntryTypes are entries of Pi's session tree other than messages.
var piEntryTypes = map[string]bool{"model_change": true, "thinking_level_change": true, "branch_summary": true,
	"custom_message": true, "label": true, "session_info": true}

// probePi: a header {type: "session", id, cwd} (and version), an entry
// of a type only Pi writes with "parentId", or a "message" entry whose
// message is Pi's own: of role toolResult or bashExecution, or with a
// "toolCall" block. A message entry with none of those is unsure (a
// headerless user message looks like a 2025 Codex item or a Droid one).
func probePi(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		typ := l.str("type")
		switch {
		case typ == "session" && l.has("id") && (l.has("version") || l.has("cwd")):
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"session\" header with \"id\" and \"cwd\"")}
		case piEntryTypes[typ] && l.has("id") && l.has("parentId"):
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a "+strconv.Quote(typ)+" entry with \"parentId\"")}
		case typ != "message":
			return Answer{}
		}
		m := l.sub("message")
		if m == nil {
			return Answer{}
		}
		role := rawStr(m["role"])
		if role == "toolResult" || role == "bashExecution" {
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"message\" entry of role "+strconv.Quote(role))}
		}
		for _, t := range rawArrayTypes(m["content"]) {
			if t == "toolCall" {
				return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"message\" entry with a \"toolCall\" block")}
			}
		}
		return Answer{Verdict: Unsure}
	})
}

// piTitle: the name the person gave the session (a session_info entry,
// /name), else the first prompt.
func piTitle(head []byte) string {
	var prompt, name string
	headLines(head, func(b []byte) bool {
		var e piEntry
		if json.Unmarshal(b, &e) != nil {
			return false
		}
		switch {
		case e.Type == "session_info" && strings.TrimSpace(e.Name) != "":
			name = e.Name
			return true
		case e.Type == "message" && e.Message != nil && e.Message.Role == "user" && prompt == "":
			prompt = e.Message.text()
		}
		return false
	})
	if name != "" {
		return name
	}
	return prompt
}
