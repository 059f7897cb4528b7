package replay

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// A Codex patch hunk that applied for the agent only through one of
// apply_patch's tolerant passes (transcript.SeekLines: trailing
// whitespace, whitespace at both ends, typographic punctuation) names
// old lines that are not in the file byte for byte. Its repo_edit's
// old_string is then taken from the file where Codex found the lines, so
// the change is replayed instead of refused as not found, and a note
// says which tolerance it needed.

// FlagTolerantMatch: a patch's old lines were found only by Codex's
// tolerant matching; the edit was replayed on the lines as on disk.
const FlagTolerantMatch FlagKind = "tolerant-match"

// tolerate returns args with old_string as the file before (the text
// the hunk changes) holds it, when a tolerant hunk's old_string is not
// in it as written but its lines are found as Codex finds them; else
// args unchanged.
func tolerate(c transcript.Call, tc transcript.ToolCall, args json.RawMessage, before []byte, path string, st *Step) json.RawMessage {
	if !tc.Tolerant || tc.Tool != repoops.ToolEdit {
		return args
	}
	var a transcript.EditArgs
	if json.Unmarshal(args, &a) != nil || a.OldString == "" {
		return args
	}
	// repo_edit takes \n for a CRLF file's line ends: so does the seek
	text := strings.ReplaceAll(string(before), "\r\n", "\n")
	if strings.Contains(text, a.OldString) {
		return args
	}
	lines := strings.Split(text, "\n")
	pattern := strings.Split(a.OldString, "\n")
	at, how := transcript.SeekLines(lines, pattern)
	if at < 0 || how == transcript.TolerateNone {
		return args
	}
	a.OldString = strings.Join(lines[at:at+len(pattern)], "\n")
	noteTolerance(c, st, path, LineRange{at + 1, at + len(pattern)}, how)
	return transcript.RawJSON(a)
}

// noteTolerance says, once per call and file, which hunks needed which
// tolerance.
func noteTolerance(c transcript.Call, st *Step, path string, r LineRange, how transcript.Tolerance) {
	part := fmt.Sprintf("%s %s (%s)", lineWord([]LineRange{r}), r, how)
	for i := range st.Flags {
		if f := &st.Flags[i]; f.Kind == FlagTolerantMatch && f.Path == path {
			f.Lines = AddRange(f.Lines, r)
			f.Text = strings.TrimSuffix(f.Text, toleranceTail) + "; " + part + toleranceTail
			return
		}
	}
	st.Flags = append(st.Flags, Flag{Kind: FlagTolerantMatch, Path: path, Lines: []LineRange{r}, Severity: SeverityNote,
		Text: "the agent's " + repoops.QuoteName(c.AgentTool) + " found its old lines of " + repoops.DisplayPath(path) + " only by Codex's tolerant matching, not as written: " + part + toleranceTail})
}

// toleranceTail ends a tolerant-match note.
const toleranceTail = "; replayed on the lines as they are in the file"
