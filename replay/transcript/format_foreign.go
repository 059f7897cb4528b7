package transcript

import (
	"bytes"
	"strconv"
	"strings"
)

// Agents whose files repox does not read. They are recognised only to be
// refused, by name: read as the agent they resemble they would replay as
// a confident "0 calls" (Pi's and Factory Droid's "message" lines look
// like a 2025 Codex rollout's, a VS Code chat session like any
// pretty-printed JSON).

func registerForeign() {
	registerFormat(format{shape: "a VS Code Copilot Chat session", order: 51, probe: probeVSCodeChat})
	registerFormat(format{shape: "a Pi session", order: 53, probe: probePi})
	registerFormat(format{shape: "a Factory Droid session", order: 54, probe: probeDroid})
	registerFormat(format{shape: "an Aider chat history", order: 55, probe: probeAider})
}

// vscodeChatKeys are keys of VS Code's serialized chat session
// (chatSessions/<id>.json, version 3) that no transcript repox reads has.
var vscodeChatKeys = []string{"requesterUsername", "responderUsername", "requesterAvatarIconUri",
	"responderAvatarIconUri", "initialLocation", "requests"}

// probeVSCodeChat: the session as one JSON document, or as the
// operation log of later builds (chatSessions/<id>.jsonl: a first line
// {"kind": 0, "v": the session}, then changes to it).
func probeVSCodeChat(h *Head) Answer {
	if d := h.Doc(); d != nil {
		var seen []string
		for _, k := range vscodeChatKeys {
			if d.hasKey(k) {
				seen = append(seen, strconv.Quote(k))
			}
		}
		if len(seen) >= 2 {
			return Answer{Verdict: Yes, Line: 1, Evidence: "a JSON document with " + strings.Join(seen[:len(seen)-1], ", ") + " and " + seen[len(seen)-1]}
		}
		return Answer{}
	}
	return h.objects(func(l *headLine) Answer {
		v := l.sub("v")
		if string(l.obj["kind"]) != "0" || v == nil {
			return Answer{}
		}
		for _, k := range vscodeChatKeys {
			if _, ok := v[k]; ok {
				return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"kind\": 0 record whose \"v\" holds a chat session ("+strconv.Quote(k)+")")}
			}
		}
		return Answer{}
	})
}

// piEntryTypes are entries of Pi's session tree other than messages.
var piEntryTypes = map[string]bool{"model_change": true, "thinking_level_change": true, "branch_summary": true,
	"custom_message": true, "label": true, "session_info": true}

// probePi: ~/.pi/agent/sessions/--<folder>--/<time>_<id>.jsonl. A header
// {type: "session", version, id, timestamp, cwd}, then entries
// {type, id, parentId, timestamp, …}; a message entry nests its message
// ({role: user, assistant or toolResult, content}).
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

// probeDroid: Factory's droid, ~/.factory/sessions/<folder>/<id>.jsonl. A
// first record {type: "session_start", id, title, owner, version, cwd},
// then {type: "message", id, timestamp, message: {role, content}}.
func probeDroid(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		switch typ := l.str("type"); {
		case typ == "session_start" && l.has("id"):
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a \"session_start\" record with \"id\"")}
		case typ == "message" && l.sub("message") != nil:
			return Answer{Verdict: Unsure}
		}
		return Answer{}
	})
}

// probeAider: .aider.chat.history.md in the repository, Markdown that
// starts "# aider chat started at <time>".
func probeAider(h *Head) Answer {
	l := h.first()
	if l == nil || !bytes.HasPrefix(l.raw, []byte("# aider chat started at")) {
		return Answer{}
	}
	return Answer{Verdict: Yes, Line: l.n, Evidence: lineEvidence(l.n, "\"# aider chat started at …\"")}
}
