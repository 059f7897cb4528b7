package transcript

import (
	"encoding/json"
	"strings"
)

// OpenCode (sst/opencode, now anomalyco/opencode): a session is many
// records, not one file. From 1.2 on, rows of a SQLite database,
// $XDG_DATA_HOME/opencode/opencode.db (~/.local/share/opencode/…): tables
// session (id, directory, title, parent_id, time_created, …), message
// (id, session_id, time_created, data: the message without its ids) and
// part (id, message_id, session_id, data: the part without its ids).
// Before, files of storage/: session/<project id>/<session id>.json,
// message/<session id>/<message id>.json and part/<message id>/<part
// id>.json. Both are assembled (opencode_storage.go, opencode_db.go) into
// one stream of JSON lines, which opencode.go decodes:
//
//	{"opencode":"session","id","title","directory","parentID","version","time":{"created","updated"}}
//	{"opencode":"message","id","info":{role, time, summary, …}}  then its parts, in id order:
//	{"opencode":"part","id","messageID","part":{type, …}}
//
// A session's key is its session file's path, or for the database
// <path of opencode.db>#<session id> (opencode_key.go).

// AgentOpenCode is the Agent of OpenCode's calls.
const AgentOpenCode Agent = "opencode"

func registerOpenCode() {
	registerFormat(format{agent: AgentOpenCode, shape: "an OpenCode session", title: "OpenCode", order: 38, sessionTitle: openCodeTitle,
		locate: locateOpenCode, where: openCodeWhere, assemble: assembleOpenCode,
		probe: probeOpenCode, reader: func(s *stream) decoder { return &openCodeDecoder{s: s} }})
}

// probeOpenCode: an assembled session starts with its session record,
// {"opencode": "session", "id": "ses_…"}; nothing else is OpenCode's.
func probeOpenCode(h *Head) Answer {
	return h.objects(func(l *headLine) Answer {
		if l.str("opencode") == "session" && strings.HasPrefix(l.str("id"), "ses") {
			return Answer{Verdict: Yes, Evidence: lineEvidence(l.n, "an OpenCode session record with an \"id\"")}
		}
		return Answer{}
	})
}

// openCodeTitle: the title OpenCode gave the session, unless it is its
// placeholder ("New session - 2025-…", "Child session - …"), else the
// first prompt.
func openCodeTitle(head []byte) string {
	var out string
	user := map[string]bool{}
	headLines(head, func(b []byte) bool {
		var l openCodeLine
		if json.Unmarshal(b, &l) != nil {
			return false
		}
		switch l.Kind {
		case "session":
			if t := strings.TrimSpace(l.Title); t != "" && !strings.HasPrefix(t, "New session - ") && !strings.HasPrefix(t, "Child session - ") {
				out = t
			}
		case "message":
			if l.Info != nil && l.Info.Role == "user" {
				user[l.ID] = true
			}
		case "part":
			if p := l.Part; p != nil && user[l.MessageID] && p.Type == "text" && !p.Synthetic && strings.TrimSpace(p.Text) != "" {
				out = p.Text
			}
		}
		return out != ""
	})
	return out
}
