package replay

import (
	"encoding/json"
	"strings"

	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// Following a live agent on the tree it works in, "now" is the tree the
// agent already changed: re-running its edit cannot find old_string, and
// that is not a refusal or a difference but the edit being there. Such a
// change is recognised and reported as a finding, not re-run.

// FlagAlreadyApplied: the agent's change is already on disk (following a
// live session on the tree it edits); it was not re-run.
const FlagAlreadyApplied FlagKind = "already-applied"

// alreadyApplied says why the change tool(args) is already in the file
// whose content is now (exists: the file is there), or "" when it is not.
func alreadyApplied(c transcript.Call, tool string, args json.RawMessage, now []byte, exists bool) string {
	if !exists {
		return ""
	}
	text := string(now)
	if s := c.Saw; s != nil && s.AfterSHA != "" && s.Path == argPath(args) {
		if transcript.Sha(strings.ReplaceAll(text, "\r\n", "\n")) == s.AfterSHA {
			return "the file is the agent's post-edit content"
		}
	}
	switch tool {
	case "repo_edit":
		var a transcript.EditArgs
		if json.Unmarshal(args, &a) != nil || a.OldString == "" || a.NewString == "" {
			return ""
		}
		if !strings.Contains(text, a.OldString) && strings.Contains(text, a.NewString) {
			return "new_string is in the file and old_string is not"
		}
	case "repo_write":
		var a repoops.WriteArgs
		if json.Unmarshal(args, &a) == nil && a.Content == text {
			return "the file holds the content written"
		}
	case "repo_insert":
		// only with the line counts a repox log records: the file has the
		// line count after the insert, and the inserted lines are in place
		var a repoops.InsertArgs
		s := c.Saw
		if json.Unmarshal(args, &a) != nil || a.AfterLine == nil || a.Content == "" || s == nil || s.AfterLines == 0 || s.AfterLines == s.BeforeLines {
			return ""
		}
		lines := transcript.SplitLines(text)
		ins := transcript.SplitLines(a.Content)
		at := *a.AfterLine
		if len(lines) == s.AfterLines && at >= 0 && at+len(ins) <= len(lines) && equalLines(lines[at:at+len(ins)], ins) {
			return "the file has the inserted lines and the line count after the insert"
		}
	}
	return ""
}

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// beforeApplied is the file as it was before an edit already applied (new
// back to old), so the horizon and the step's region come out as for an
// edit the replay applied itself.
func beforeApplied(tc transcript.ToolCall, args json.RawMessage, now []byte) ([]byte, bool) {
	if tc.Tool != "repo_edit" {
		return nil, false
	}
	var a transcript.EditArgs
	if json.Unmarshal(args, &a) != nil || a.OldString == "" || a.NewString == "" {
		return nil, false
	}
	n := 1
	if tc.All {
		n = -1
	}
	return []byte(strings.Replace(string(now), a.NewString, a.OldString, n)), true
}

// appliedOutcome is the outcome of a change found on disk already.
func (r *Replayer) appliedOutcome(c transcript.Call, tc transcript.ToolCall, args json.RawMessage, path, why string, now []byte, st *Step) Outcome {
	out := Outcome{CallRecord: repoops.CallRecord{V: repoops.CallRecordVersion, Session: r.sess.ID(), Tool: tc.Tool, Args: args}, AlreadyApplied: why}
	if len(st.Now) == 0 || st.Now[len(st.Now)-1].AlreadyApplied == "" {
		st.Flags = append(st.Flags, Flag{Kind: FlagAlreadyApplied, Path: path,
			Text: "the agent's " + repoops.QuoteName(c.AgentTool) + " of " + repoops.DisplayPath(path) + " is already applied on disk (" + why + "): not re-run"})
	}
	if before, ok := beforeApplied(tc, args, now); ok {
		r.noteChange(c, tc.Tool, args, path, before, true, st)
	} else if tc.Tool == "repo_write" || tc.Tool == "repo_insert" {
		r.noteChange(c, tc.Tool, args, path, nil, false, st)
	}
	return out
}
