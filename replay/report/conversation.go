package report

import (
	"strconv"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// reportMessageChars is how many characters of a message one text report
// line shows (--json has up to maxMessageChars).
const reportMessageChars = 300

// messages prints the conversation between two calls: a prompt as a
// `turn N` heading, the assistant's text, thinking folded unless
// --thinking, and compaction markers. Each is one line: the text goes
// through printf's oneLine like every field, so a newline in a prompt is
// its visible stand-in and cannot start a line of the report's own.
func (r *reportWriter) messages(msgs []transcript.Message) {
	for _, m := range msgs {
		if r.json {
			line := map[string]any{"type": "message", "kind": m.Kind, "text": m.Text, "chars": m.Chars, "time": m.Time, "turn": m.Turn}
			if m.Cut > 0 {
				line["cut"] = m.Cut
			}
			if m.Kind == transcript.MessageThinking && !r.thinking {
				line["text"], line["folded"] = "", true
			}
			r.jsonLine(line)
			continue
		}
		switch m.Kind {
		case transcript.MessageUser:
			r.printf("turn %d  %s  %s\n\n", m.Turn, utc(m.Time, "15:04:05"), shownText(m))
		case transcript.MessageInterrupted:
			r.printf("    interrupted  %s  the person stopped the agent here: %s\n\n", utc(m.Time, "15:04:05"), shownText(m))
		case transcript.MessageCompaction:
			r.printf("compacted   %s  the context was compacted here: %s\n\n", utc(m.Time, "15:04:05"), shownText(m))
		case transcript.MessageThinking:
			if m.Text == "" {
				r.printf("    thinking  not in the transcript (redacted, or kept encrypted by the agent)\n\n")
				continue
			}
			if !r.thinking {
				r.printf("    thinking  %s (folded; --thinking shows it)\n\n", repoops.Plural(m.Chars, "character", "characters"))
				continue
			}
			r.printf("    thinking  %s\n\n", shownText(m))
		default:
			r.printf("    says      %s\n\n", shownText(m))
		}
	}
}

// shownText is a message's text for one report line: the first
// reportMessageChars characters, and how many more there are.
func shownText(m transcript.Message) string {
	t, n := m.Text, 0
	for i := range t {
		if n == reportMessageChars {
			return t[:i] + " … " + strconv.Itoa(m.Chars-n) + " more characters"
		}
		n++
	}
	if m.Cut > 0 {
		return t + " … " + strconv.Itoa(m.Cut) + " more characters"
	}
	if t == "" {
		return "(no text)"
	}
	return t
}
