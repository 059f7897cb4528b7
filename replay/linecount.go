package replay

import (
	"fmt"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// What a read told the agent of the file's length, beside repox's count
// (issue 39 item 6). Claude Code's Read counts the empty string after a
// final newline as a line ("a\nb\n" has 3), repox does not (2): a file
// the same length would read "told the file has 1,736" beside repox's
// "of 1735" as if the two differed. Where that rule is the whole
// difference, it is said once, as a note, and the count is not set
// against repox's.

// ToldLines words a read's recorded file length for the step's "then"
// line (", told the file has 1,736"; "" when the agent was not told),
// and, when the agent's count is repox's by Claude Code's rule, the note
// that says so instead (told is then "").
func ToldLines(st Step) (told, note string) {
	c := st.Call
	if c.Saw == nil || c.Saw.TotalLines <= 0 {
		return "", ""
	}
	told = ", told the file has " + repoops.Commas(c.Saw.TotalLines)
	if c.Agent != transcript.AgentClaude || len(st.Now) == 0 {
		return told, ""
	}
	res, ok := st.Now[0].Structured.(*repoops.ReadResult)
	if !ok || c.Saw.TotalLines != res.TotalLines+1 {
		return told, ""
	}
	return "", fmt.Sprintf("Claude Code told the agent the file has %s lines: it counts the empty line after the final newline, so this is the same file length as repox's %s",
		repoops.Commas(c.Saw.TotalLines), repoops.Commas(res.TotalLines))
}
