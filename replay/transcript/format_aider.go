package transcript

import (
	"bytes"
	"strings"
)

// Aider: .aider.chat.history.md at the root of the repository (aider's
// --chat-history-file), Markdown appended to by every aider run there:
// "# aider chat started at <local time>", then the person's prompts
// ("#### " lines), aider's own output ("> " lines) and the model's
// replies (plain lines), its edits SEARCH/REPLACE blocks in them. The
// reader is aider.go's.

// AgentAider is the Agent of Aider's calls.
const AgentAider Agent = "aider"

func registerAider() {
	registerFormat(format{agent: AgentAider, shape: "an Aider chat history", title: "Aider", order: 36, text: true, sessionTitle: aiderTitle,
		locate: locateAider, where: aiderWhere,
		probe: probeAider, reader: func(s *stream) decoder { return &aiderDecoder{s: s} }})
}

// aiderStarted is the line that starts an aider run.
const aiderStarted = "# aider chat started at "

// isAiderStart: "# aider chat started at 2024-08-05 19:33:02", the date
// and time as aider writes them (%Y-%m-%d %H:%M:%S) — a heading that
// merely says so is no run of aider.
func isAiderStart(b []byte) bool {
	rest, ok := bytes.CutPrefix(b, []byte(aiderStarted))
	if !ok || len(rest) != len("2006-01-02 15:04:05") {
		return false
	}
	for i, c := range rest {
		switch i {
		case 4, 7:
			ok = c == '-'
		case 10:
			ok = c == ' '
		case 13, 16:
			ok = c == ':'
		default:
			ok = c >= '0' && c <= '9'
		}
		if !ok {
			return false
		}
	}
	return true
}

// probeAider: .aider.chat.history.md, Markdown with the line that starts
// an aider run, "# aider chat started at <date> <time>", in its head
// (usually its first line; a file whose start was cut shows it later). No
// other Markdown is taken for it.
func probeAider(h *Head) Answer {
	if h.doc {
		return Answer{}
	}
	for i := range h.lines {
		if l := &h.lines[i]; l.obj == nil && isAiderStart(bytes.TrimSpace(l.raw)) {
			return Answer{Verdict: Yes, Line: l.n, Evidence: lineEvidence(l.n, "\"# aider chat started at …\"")}
		}
	}
	return Answer{}
}

// aiderTitle: the first prompt that is not one of aider's commands.
func aiderTitle(head []byte) string {
	var out string
	headLines(head, func(b []byte) bool {
		if p, ok := strings.CutPrefix(string(b), "#### "); ok && !strings.HasPrefix(strings.TrimSpace(p), "/") && strings.TrimSpace(p) != "" {
			out = p
		}
		return out != ""
	})
	return out
}
