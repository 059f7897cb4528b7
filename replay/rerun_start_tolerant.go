package replay

import (
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
)

// A Codex patch hunk is found as Codex's apply_patch finds it: exactly,
// else with whitespace at the ends of lines ignored, else with
// typographic punctuation read as ASCII (transcript.SeekLines). Reversing
// one to rebuild the session's start (rerun_start.go) finds its new
// lines the same way, so a file whose patched lines lost a trailing
// space or gained straight quotes since (a formatter, an editor) is still
// taken back to its start, not taken as never patched. The lines put
// back are the hunk's old lines as the agent wrote them: what Codex
// matched them against is not recorded.

// reverseTolerant turns a Codex hunk's new lines back into its old ones
// in state, finding them by Codex's passes; revNotThere when no pass
// finds them.
func reverseTolerant(old, nw, state string) (reverseResult, string) {
	if nw == "" {
		return revCannot, state // a pure deletion leaves nothing to find
	}
	crlf := strings.Contains(state, "\r\n")
	text := strings.ReplaceAll(state, "\r\n", "\n")
	lines := strings.Split(text, "\n")
	pattern := strings.Split(nw, "\n")
	at, _ := transcript.SeekLines(lines, pattern)
	if at < 0 {
		return revNotThere, state
	}
	out := append(append(append([]string(nil), lines[:at]...), strings.Split(old, "\n")...), lines[at+len(pattern):]...)
	text = strings.Join(out, "\n")
	if crlf {
		text = strings.ReplaceAll(text, "\n", "\r\n") // the file's line ends, as repo_edit keeps them
	}
	return revApplied, text
}
