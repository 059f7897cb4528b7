package replay

import "strconv"

// Gemini CLI: ~/.gemini/tmp/<project>/chats/session-*.json, one JSON
// document ({sessionId, projectHash, startTime, lastUpdated, messages},
// pretty-printed, or on one line), and since 2026 session-*.jsonl: that
// record without its messages, then one message a line. The readers are
// gemini.go's; only their probes are here.

func registerGemini() {
	registerFormat(format{agent: AgentGemini, shape: "a Gemini CLI session document", title: "Gemini CLI", order: 30,
		probe: probeGeminiDoc, reader: func(s *stream) decoder { return &geminiDoc{g: geminiDecoder{s: s}} }})
	registerFormat(format{agent: AgentGemini, shape: "a Gemini CLI session log", title: "Gemini CLI", order: 31,
		probe: probeGeminiLines, reader: func(s *stream) decoder { return &geminiLines{g: geminiDecoder{s: s}} }})
}

// geminiDocKeys are the keys of Gemini CLI's session record; a document
// with another top-level key is not one.
var geminiDocKeys = map[string]bool{"sessionId": true, "projectHash": true, "startTime": true, "lastUpdated": true,
	"messages": true, "summary": true, "directories": true, "kind": true}

// geminiMessageTypes are the types of the messages Gemini CLI records.
var geminiMessageTypes = map[string]bool{"user": true, "gemini": true, "info": true, "error": true, "warning": true}

// probeGeminiDoc: the document pretty-printed (its top-level keys, or
// the first of its messages when the keys come in another order), or on
// one line.
func probeGeminiDoc(h *Head) Answer {
	if d := h.Doc(); d != nil {
		for _, k := range d.keys {
			if !geminiDocKeys[k] {
				return Answer{}
			}
		}
		first := d.first["messages"]
		switch {
		case d.hasKey("sessionId") && d.hasKey("projectHash"):
			return Answer{Verdict: Yes, Line: 1, Evidence: "a JSON document with \"sessionId\" and \"projectHash\""}
		case geminiMessageTypes[first["type"]] && first["id"] != "" && first["timestamp"] != "":
			return Answer{Verdict: Yes, Line: 1, Evidence: "a JSON document whose \"messages\" start with a " + strconv.Quote(first["type"]) + " message with \"id\" and \"timestamp\""}
		}
		return Answer{Verdict: Unsure}
	}
	return h.objects(func(l *headLine) Answer {
		if l.has("type") || l.str("sessionId") == "" || l.str("projectHash") == "" || !l.has("messages") {
			return Answer{}
		}
		return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a session record with \"sessionId\", \"projectHash\" and \"messages\"")}
	})
}

func probeGeminiLines(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		if l.has("type") || l.str("sessionId") == "" || l.str("projectHash") == "" || l.has("messages") {
			return Answer{}
		}
		return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "a session record with \"sessionId\" and \"projectHash\"")}
	})
}
