package transcript

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Gemini CLI: ~/.gemini/tmp/<project>/chats/session-*.json, one JSON
// document ({sessionId, projectHash, startTime, lastUpdated, messages},
// pretty-printed, or on one line), and since 2026 session-*.jsonl: that
// record without its messages, then one message a line. The readers are
// gemini.go's; only their probes are here.

func registerGemini() {
	registerFormat(format{agent: AgentGemini, shape: "a Gemini CLI session document", title: "Gemini CLI", order: 30, sessionTitle: geminiTitle,
		locate: locateGemini, where: geminiWhere,
		probe: probeGeminiDoc, reader: func(s *stream) decoder { return &geminiDoc{g: geminiDecoder{s: s}} }})
	registerFormat(format{agent: AgentGemini, shape: "a Gemini CLI session log", title: "Gemini CLI", order: 31, sessionTitle: geminiTitle,
		probe: probeGeminiLines, reader: func(s *stream) decoder { return &geminiLines{g: geminiDecoder{s: s}} }})
}

// geminiDocKeys are the keys of Gemini CLI's session record; a document
// with another top-level key is not one.
var geminiDocKeys = map[string]bool{"sessionId": true, "projectHash": true, "startTime": true, "lastUpdated": true,
	"messages": true, "summary": true, "directories": true, "kind": true}

// geminiDocKeyFold is geminiDocKeys in any case, as encoding/json matches keys.
func geminiDocKeyFold(k string) bool {
	for want := range geminiDocKeys {
		if strings.EqualFold(k, want) {
			return true
		}
	}
	return false
}

// geminiMessageKeys are the fields of a message Gemini CLI records.
var geminiMessageKeys = map[string]bool{"id": true, "timestamp": true, "type": true, "content": true, "displaycontent": true,
	"toolcalls": true, "thoughts": true, "tokens": true, "model": true}

// onlyGeminiMessageKeys: every field the head saw of a message is one of
// Gemini CLI's.
func onlyGeminiMessageKeys(m map[string]string) bool {
	for k := range m {
		if !geminiMessageKeys[strings.ToLower(k)] {
			return false
		}
	}
	return true
}

// foldGet is m[key] with the key matched in any case.
func foldGet(m map[string]string, key string) string {
	for k, v := range m {
		if strings.EqualFold(k, key) {
			return v
		}
	}
	return ""
}

// geminiMessageTypes are the types of the messages Gemini CLI records.
var geminiMessageTypes = map[string]bool{"user": true, "gemini": true, "info": true, "error": true, "warning": true}

// probeGeminiDoc: the document pretty-printed (its top-level keys, or
// the first of its messages when the keys come in another order), or on
// one line.
func probeGeminiDoc(h *Head) Answer {
	if d := h.Doc(); d != nil {
		// keys as encoding/json (and so the reader) matches them: in any case
		known := func(want string) bool {
			for _, k := range d.keys {
				if strings.EqualFold(k, want) {
					return true
				}
			}
			return false
		}
		var first map[string]string
		for _, k := range d.keys {
			if !geminiDocKeyFold(k) {
				return Answer{}
			}
			if strings.EqualFold(k, "messages") {
				first = d.first[k]
			}
		}
		typ, id := foldGet(first, "type"), foldGet(first, "id")
		switch {
		case known("sessionId") && known("projectHash"):
			return Answer{Verdict: Yes, Line: 1, Evidence: "a JSON document with \"sessionId\" and \"projectHash\""}
		case id != "" && (geminiMessageTypes[typ] || typ == "") && onlyGeminiMessageKeys(first):
			// the messages came first (the keys in another order): every
			// top-level key so far is the session record's, and the first
			// message has an id, a Gemini type (or one the head cut
			// before: it follows a long toolCalls) and no key of another
			// agent's messages ("role", "parts")
			return Answer{Verdict: Yes, Line: 1, Evidence: "a JSON document whose \"messages\" start with a Gemini CLI message (\"id\", \"type\", \"content\", \"toolCalls\")"}
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

// geminiTitle: the first user message of a Gemini CLI session, in either
// shape: one JSON document (its messages array, read element by element
// as far as the head goes) or JSON lines (one message a line).
func geminiTitle(head []byte) string {
	var out string
	headLines(head, func(b []byte) bool {
		out = geminiUserText(b)
		return out != ""
	})
	if out != "" {
		return out
	}
	dec := json.NewDecoder(bytes.NewReader(head))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return ""
		}
		if k != "messages" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return ""
			}
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return ""
		}
		for dec.More() {
			var m json.RawMessage
			if dec.Decode(&m) != nil {
				return ""
			}
			if s := geminiUserText(m); s != "" {
				return s
			}
		}
		return ""
	}
	return ""
}
