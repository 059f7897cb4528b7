package transcript

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// What a Claude Code result showed the agent: read lines, listed paths,
// the file before an edit.

// ccReadResult is Claude Code's structured Read result.
type ccReadResult struct {
	File *struct {
		FilePath   string `json:"filePath"`
		Content    string `json:"content"`
		NumLines   int    `json:"numLines"`
		StartLine  int    `json:"startLine"`
		TotalLines int    `json:"totalLines"`
	} `json:"file"`
	Filenames []string `json:"filenames"`
	Truncated bool     `json:"truncated"`
	AgentID   string   `json:"agentId"`      // a Task's subagent
	Original  *string  `json:"originalFile"` // an Edit's (or a Write's) file before the change
	Type      string   `json:"type"`         // a Write's "create" or "update"
	Patch     []ccHunk `json:"structuredPatch"`
	NumFiles  int      `json:"numFiles"`
}

// Numbered matches a line of Claude Code's Read output: "     12→text"
// (older) or "    12\ttext" (newer).
var Numbered = LazyRegexp(`^ *([0-9]+)(?:→|\t)`)

func claudeSaw(c *Call, tur *ccReadResult, cwd, wd string) *Saw {
	var r ccReadResult
	if tur != nil {
		r = *tur
	}
	if saw, ok := repoxMCPSaw(c, c.Text); ok {
		return saw
	}
	var a ccArgs
	json.Unmarshal(c.AgentArgs, &a)
	a.anchor(wd)
	switch c.AgentTool {
	case "Read":
		rel, ok := relPath(a.FilePath, cwd)
		if !ok {
			rel = a.FilePath // outside the folder: kept as given, never on the horizon
		}
		saw := &Saw{Path: rel}
		if r.File != nil && r.File.StartLine > 0 {
			saw.TotalLines = r.File.TotalLines
			lines := claudeWindowLines(r.File.Content, r.File.StartLine, r.File.NumLines, r.File.TotalLines)
			for i, t := range lines {
				saw.Lines = append(saw.Lines, SawLine{N: r.File.StartLine + i, Text: t})
			}
			return saw
		}
		saw.Lines = parseNumbered(c.Text, Numbered())
		return saw
	case "Glob", "Grep":
		return claudeListSaw(c, &r, cwd)
	case "Write", "Edit", "MultiEdit":
		return claudeEditSaw(c, &r, a.FilePath, cwd)
	case "Bash":
		return shellSaw(c, c.Text)
	}
	return nil
}

// claudeListSaw is what Glob and Grep (files_with_matches) showed: the
// files they named. Split from claudeSaw by tool family.
func claudeListSaw(c *Call, r *ccReadResult, cwd string) *Saw {
	switch c.AgentTool {
	case "Glob":
		saw := &Saw{Limit: claudeGlobCap}
		names := r.Filenames
		if names == nil {
			for _, l := range strings.Split(c.Text, "\n") {
				if l == "" || strings.HasPrefix(l, "(Results are truncated") || l == "No files found" {
					continue
				}
				names = append(names, l)
			}
		}
		for _, n := range names {
			if rel, ok := relPath(n, cwd); ok {
				saw.Paths = append(saw.Paths, rel)
			} else {
				saw.Paths = append(saw.Paths, n)
			}
		}
		saw.Cut = r.Truncated || strings.Contains(c.Text, "(Results are truncated")
		return saw
	case "Grep":
		// files_with_matches: the files named are listed for the agent
		if len(r.Filenames) == 0 {
			return nil
		}
		saw := &Saw{}
		for _, n := range r.Filenames {
			if rel, ok := relPath(n, cwd); ok {
				n = rel
			}
			saw.Paths = append(saw.Paths, n)
		}
		return saw
	}
	return nil
}

// claudeEditSaw is what Write, Edit and MultiEdit saw of the file at
// filePath: its content before (and after) the edit, or its prior state.
// Split from claudeSaw by tool family.
func claudeEditSaw(c *Call, r *ccReadResult, filePath, cwd string) *Saw {
	switch c.AgentTool {
	case "Write":
		rel, ok := relPath(filePath, cwd)
		if p := priorOf(*r); ok && p != nil {
			return &Saw{Path: rel, Prior: p}
		}
		return nil
	case "Edit", "MultiEdit":
		rel, ok := relPath(filePath, cwd)
		if !ok {
			return nil
		}
		if r.Original == nil {
			if p := priorOf(*r); p != nil {
				return &Saw{Path: rel, Prior: p}
			}
			return nil
		}
		lf := strings.ReplaceAll(*r.Original, "\r\n", "\n")
		saw := &Saw{Path: rel, BeforeSHA: Sha(lf), BeforeLines: repoops.CountLines([]byte(lf)), Prior: priorOf(*r)}
		if after, ok := claudeAfter(*r.Original, c.Repox); ok {
			after = strings.ReplaceAll(after, "\r\n", "\n")
			saw.AfterSHA, saw.AfterLines = Sha(after), repoops.CountLines([]byte(after))
		}
		return saw
	}
	return nil
}

// claudeWindowLines are the lines of a structured Read result. Claude Code
// joins the window's numLines lines with "\n" and counts the empty part
// after a file's final newline as a line: a content ending in "\n" is a
// window whose last line is empty, unless the window reaches the end of
// the file, where that part is the final newline. Without numLines (older
// versions) the project's rule applies.
func claudeWindowLines(content string, start, num, total int) []string {
	parts := strings.Split(content, "\n")
	if num <= 0 || len(parts) != num {
		return SplitLines(content)
	}
	if last := len(parts) - 1; parts[last] == "" && (total <= 0 || start+last >= total) {
		parts = parts[:last]
	}
	for i, l := range parts {
		parts[i] = strings.TrimSuffix(l, "\r")
	}
	return parts
}

// SplitLines splits text into lines by the project's rule: a final newline
// ends the last line, it does not start another.
func SplitLines(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.TrimSuffix(s, "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// parseNumbered reads numbered lines (prefix matched by re) from the start
// of text, stopping at the first line that is not one (a trailing
// system reminder, a footer).
func parseNumbered(text string, re *regexp.Regexp) []SawLine {
	var out []SawLine
	for _, l := range strings.Split(text, "\n") {
		m := re.FindStringSubmatchIndex(l)
		if m == nil {
			if len(out) > 0 {
				break
			}
			continue
		}
		n, err := strconv.Atoi(l[m[2]:m[3]])
		if err != nil {
			break
		}
		out = append(out, SawLine{N: n, Text: strings.TrimSuffix(l[m[1]:], "\r")})
	}
	return out
}

// PriorFile is what a change's result said of the file before it.
type PriorFile struct {
	Content *string  // the whole file
	Created bool     // it did not exist
	Hunks   []ccHunk // the change as a patch (old and new lines)
}

// ccHunk is one hunk of Claude Code's structuredPatch.
type ccHunk struct {
	NewStart int      `json:"newStart"`
	Lines    []string `json:"lines"`
}

func priorOf(r ccReadResult) *PriorFile {
	switch {
	case r.Type == "create":
		return &PriorFile{Created: true}
	case r.Original != nil:
		return &PriorFile{Content: r.Original}
	case len(r.Patch) > 0:
		return &PriorFile{Hunks: r.Patch}
	}
	return nil
}

// claudeAfter is the file an Edit or MultiEdit left, from the file before
// it (Claude Code's originalFile) and the mapped edits, each applied in
// turn; ok is false when one of them does not apply.
func claudeAfter(original string, edits []ToolCall) (string, bool) {
	text := original
	for _, tc := range edits {
		var a EditArgs
		if tc.Tool != repoops.ToolEdit || json.Unmarshal(tc.Args, &a) != nil || a.OldString == "" || !strings.Contains(text, a.OldString) {
			return "", false
		}
		n := 1
		if tc.All {
			n = -1
		}
		text = strings.Replace(text, a.OldString, a.NewString, n)
	}
	return text, len(edits) > 0
}
