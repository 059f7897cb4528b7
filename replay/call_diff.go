package replay

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/aymanbagabas/go-udiff"
	"github.com/repoxhq/repox/replay/transcript"
	"github.com/repoxhq/repox/repoops"
)

// maxCallDiffLines bounds a call's diff: a Write of a 50,000-line file is
// shown by its first lines and a count, not held whole for each call.
const maxCallDiffLines = 2000

// CallDiff is the change a call made (an Edit, MultiEdit or Write; a Codex
// apply_patch; a Gemini replace or write_file) as unified diff lines, for
// a viewer to show under the call: from the transcript's structured patch
// when the result recorded one (Claude Code's structuredPatch; the whole
// original file against a Write's content), else from the mapped calls'
// old and new strings. Nil for a call that changes nothing. The text is
// the transcript's: a viewer makes it safe to draw.
func CallDiff(c transcript.Call) []string {
	var out []string
	if s := c.Saw; s != nil && s.Prior != nil && len(s.Prior.Hunks) > 0 {
		out = append(out, "--- "+s.Path, "+++ "+s.Path)
		for _, h := range s.Prior.Hunks {
			out = append(out, "@@ +"+strconv.Itoa(h.NewStart)+" @@")
			out = append(out, h.Lines...)
		}
		return capDiff(out)
	}
	for _, tc := range c.Repox {
		var a struct {
			Path      string  `json:"path"`
			OldString string  `json:"old_string"`
			NewString string  `json:"new_string"`
			Content   *string `json:"content"`
		}
		if json.Unmarshal(tc.Args, &a) != nil {
			continue
		}
		var old, new string
		switch tc.Tool {
		case "repo_edit":
			old, new = withNewline(a.OldString), withNewline(a.NewString)
		case "repo_write":
			if a.Content == nil {
				continue
			}
			new = *a.Content
			if s := c.Saw; s != nil && s.Prior != nil && s.Prior.Content != nil && s.Path == a.Path {
				old = *s.Prior.Content // what the Write replaced
			}
		case "repo_insert":
			var ia repoops.InsertArgs
			json.Unmarshal(tc.Args, &ia)
			at := "at the end"
			if ia.AfterLine != nil {
				at = "after line " + strconv.Itoa(*ia.AfterLine)
			}
			out = append(out, "--- "+a.Path, "+++ "+a.Path, "@@ inserted "+at+" @@")
			for _, l := range strings.Split(strings.TrimSuffix(ia.Content, "\n"), "\n") {
				out = append(out, "+"+l)
			}
			continue
		default:
			continue
		}
		d := udiff.Unified(a.Path, a.Path, old, new)
		if d == "" {
			out = append(out, "--- "+a.Path, "+++ "+a.Path, "(no change: the old and new text are the same)")
			continue
		}
		for _, l := range strings.Split(strings.TrimSuffix(d, "\n"), "\n") {
			switch {
			case l == `\ No newline at end of file`:
				continue // the strings of an edit are not files
			case strings.HasPrefix(l, "@@") && tc.Tool == "repo_edit":
				// udiff numbers the lines of the two strings, not the
				// file's: no number is better than a wrong one
				l = "@@ replaced text @@"
			}
			out = append(out, l)
		}
	}
	return capDiff(out)
}

// withNewline ends an edit's string with a newline, so the last line of
// each side is diffed as a line.
func withNewline(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

func capDiff(out []string) []string {
	if len(out) > maxCallDiffLines {
		n := len(out) - maxCallDiffLines
		out = append(out[:maxCallDiffLines:maxCallDiffLines], "… ("+strconv.Itoa(n)+" more lines of diff)")
	}
	return out
}
