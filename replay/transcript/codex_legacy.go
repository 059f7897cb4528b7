package transcript

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// codexLegacy reads the Codex rollouts of 2025 (before the
// {timestamp, type, payload} envelope): a first line {id, timestamp,
// instructions, git}, {"record_type": "state"} lines, and the response
// items bare, one a line — function_call name=shell with an argv command,
// local_shell_call, their outputs. The folder is only in the
// <environment_context> of a user message (<cwd>…</cwd>). Items carry no
// time; the session's start is the first line's.
type codexLegacy struct {
	d codexDecoder
}

type cxLegacyHead struct {
	ID         string          `json:"id"`
	Timestamp  string          `json:"timestamp"`
	RecordType *string         `json:"record_type"`
	Type       string          `json:"type"`
	Git        json.RawMessage `json:"git"`
}

var envCwd = LazyRegexp(`<cwd>([^<]+)</cwd>`)

func (l *codexLegacy) line(b []byte, n int, st *Stats) {
	var h cxLegacyHead
	if err := json.Unmarshal(b, &h); err != nil {
		st.skip("line %d is not JSON: %v", n, err)
		return
	}
	switch {
	case h.RecordType != nil:
		return // the rollout's saved state: nothing of the calls
	case h.Type == "" && h.ID != "":
		if st.SessionID == "" {
			st.SessionID = h.ID
		}
		if t := parseTime(h.Timestamp); st.Started.IsZero() && !t.IsZero() {
			st.Started = t
		}
		return
	case legacyCodexItems[h.Type] == nil:
		st.Unknown++
		st.LastSkip = "line " + strconv.Itoa(n) + " has item type " + strconv.Quote(h.Type) + ", which this reader does not know"
		return
	}
	var p cxPayload
	if err := json.Unmarshal(b, &p); err != nil {
		st.skip("line %d: the item is not an object: %v", n, err)
		return
	}
	if p.Type == "message" && p.Role == "user" {
		if m := envCwd().FindStringSubmatch(blockTextCodex(p.Content)); m != nil {
			l.d.setCwd(strings.TrimSpace(m[1]), st)
		} else {
			l.d.s.userTurn() // a prompt: calls still unanswered will not be
		}
		return
	}
	l.d.item(p, st.Started, st)
}

// legacyCwd is the folder a 2025 rollout's line records in a user
// message's <environment_context> ("" when it records none), for
// `repox sessions` to match the rollout on.
func legacyCwd(b []byte) string {
	if !bytes.Contains(b, []byte(`"message"`)) {
		return ""
	}
	var p cxPayload
	if json.Unmarshal(b, &p) != nil || p.Type != "message" || p.Role != "user" {
		return ""
	}
	if m := envCwd().FindStringSubmatch(blockTextCodex(p.Content)); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}
