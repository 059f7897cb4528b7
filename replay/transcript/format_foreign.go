package transcript

import (
	"strconv"
	"strings"
)

// Agents whose files repox does not read. They are recognised only to be
// refused, by name: read as the agent they resemble they would replay as
// a confident "0 calls" (Factory Droid's "message" lines look like a
// 2025 Codex rollout's, a VS Code chat session like any pretty-printed
// JSON).

func registerForeign() {
	registerFormat(format{shape: "a VS Code Copilot Chat session", order: 51, probe: probeVSCodeChat})
	registerFormat(format{shape: "a Factory Droid session", order: 54, probe: probeDroid})
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
