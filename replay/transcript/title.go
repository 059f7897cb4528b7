package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// A session's title is what helps a person pick it from a list: the title
// the agent recorded (Claude Code's summary record) or else the first
// thing the person asked. It is read from the transcript's head only: the
// summary read that discovery makes anyway copies its first titleHeadMax
// bytes aside (headTap), and the title is looked for in those, so a 40 MB
// transcript costs no second read. A prompt that starts later, or a first
// record longer than the head, leaves the title empty.

// titleHeadMax bounds the bytes of a transcript's head kept for its title.
const titleHeadMax = 64 << 10

// titleMaxRunes bounds a title's length: a row shows less than this.
const titleMaxRunes = 200

// HeadTap keeps the first titleHeadMax bytes written to it.
type HeadTap struct{ Buf []byte }

func (h *HeadTap) Write(p []byte) (int, error) {
	if room := titleHeadMax - len(h.Buf); room > 0 {
		h.Buf = append(h.Buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// SessionTitle is the title found in a transcript's head ("" when none),
// by the title rule agent's format registered (format.go). repox logs
// record no prompt: their sessions have none.
func SessionTitle(agent Agent, head []byte) string {
	for _, f := range formats() {
		if f.agent == agent && f.sessionTitle != nil {
			return cleanTitle(f.sessionTitle(head))
		}
	}
	return ""
}

// headLines calls each with the head's complete lines until it returns
// true; the last line, cut by the head's bound, is not read.
func headLines(head []byte, each func(line []byte) bool) {
	sc := bufio.NewScanner(bytes.NewReader(head))
	sc.Buffer(make([]byte, 0, 4096), titleHeadMax+1)
	complete := bytes.LastIndexByte(head, '\n') + 1
	read := 0
	for sc.Scan() {
		read += len(sc.Bytes()) + 1
		if read > complete && len(head) == titleHeadMax {
			return // the line the head's bound cut
		}
		if each(sc.Bytes()) {
			return
		}
	}
}

// agentsOwnText: text an agent puts in a user message that the person did
// not type: Claude Code's command echoes and caveats, Codex's environment
// and instruction blocks.
func agentsOwnText(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return true
	}
	for _, p := range []string{"<command-", "<local-command-", "Caveat: ", "<environment_context", "<user_instructions",
		"<permissions instructions", "<INSTRUCTIONS>", "# AGENTS.md instructions", "<user_shell_command"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// geminiUserText is the text of a Gemini CLI user message ("" for any
// other record); its content is a string or a list of parts.
func geminiUserText(b []byte) string {
	var m struct {
		Type    string          `json:"type"`
		Content json.RawMessage `json:"content"`
	}
	if json.Unmarshal(b, &m) != nil || m.Type != "user" {
		return ""
	}
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	json.Unmarshal(m.Content, &parts)
	for _, p := range parts {
		if strings.TrimSpace(p.Text) != "" {
			return p.Text
		}
	}
	return ""
}

// cleanTitle makes a transcript's text a title: its first non-blank line,
// every character a terminal would act on or hide made visible, at most
// titleMaxRunes long.
func cleanTitle(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	if utf8.RuneCountInString(s) > titleMaxRunes {
		n := 0
		for i := range s {
			if n == titleMaxRunes-1 {
				s = s[:i] + "…"
				break
			}
			n++
		}
	}
	return OneLine(s)
}

// titleCellWidth is the TITLE column's width in `repox sessions`.
const titleCellWidth = 32

// TitleCell is a title cut and padded to the TITLE column ("-": none).
func TitleCell(t string) string {
	if t == "" {
		t = "-"
	}
	if ansi.StringWidth(t) > titleCellWidth {
		t = ansi.Truncate(t, titleCellWidth, "…")
	}
	return t + strings.Repeat(" ", max(titleCellWidth-ansi.StringWidth(t), 0))
}
