package transcript

import (
	"encoding/json"
	"path"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// Pi's tools (packages/coding-agent/src/core/tools/*.ts) mapped to the
// repox calls that ask the same question. A path is resolved as Pi's
// resolveToCwd does: a leading "@" dropped, a relative path against the
// session's folder; "~" is the home folder, which no repox tool reaches.

type piArgs struct {
	Path    string  `json:"path"`
	Offset  *int    `json:"offset"`
	Limit   *int    `json:"limit"`
	OldText *string `json:"oldText"`
	NewText *string `json:"newText"`
	Edits   []struct {
		OldText string `json:"oldText"`
		NewText string `json:"newText"`
	} `json:"edits"`
	Content    *string `json:"content"`
	Command    string  `json:"command"`
	Pattern    string  `json:"pattern"`
	Glob       string  `json:"glob"`
	IgnoreCase bool    `json:"ignoreCase"`
	Literal    bool    `json:"literal"`
	Context    int     `json:"context"`
}

// Pi's caps, as its tools state them: read stops at 2000 lines (or
// 50 KB), find at 1000 results.
const (
	piReadLines = 2000
	piFindLimit = 1000
)

// piAbs is a path argument as Pi resolves it; ok is false for one under
// the home folder ("~").
func piAbs(p, cwd string) (string, bool) {
	p = strings.TrimPrefix(p, "@")
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		return p, false
	case p == "":
		return cwd, true
	case path.IsAbs(p) || cwd == "":
		return p, true
	}
	return path.Join(cwd, p), true
}

// mapPi fills the repox mapping of a Pi call. Its switch is split by tool
// family (files read and edited, searches), one function each, so each
// reads alone; the shell and the rest stay here.
func mapPi(c *Call, cwd string) {
	if mapRepoxMCP(c) {
		return
	}
	var a piArgs
	if json.Unmarshal(c.AgentArgs, &a) != nil {
		c.NoEquivalent = notTheShape(c)
		return
	}
	switch c.AgentTool {
	case "read", "write", "edit":
		mapPiFile(c, &a, cwd)
	case "grep", "find", "ls":
		mapPiSearch(c, &a, cwd)
	case "bash":
		mapShell(c, a.Command, "", cwd)
	default:
		c.NoEquivalent = otherTool(c.AgentTool)
	}
}

// piRel is a's path relative to the session's folder, with abs and home
// as piAbs gives them; when it lies outside the call gets that reason and
// ok is false.
func piRel(c *Call, a *piArgs, abs string, home bool, cwd string) (string, bool) {
	if !home {
		c.NoEquivalent = "path " + a.Path + " is under the home folder, outside the session's folder " + cwd
		return "", false
	}
	return callRel(c, abs, cwd)
}

// mapPiFile maps Pi's tools on one file: read, write and edit.
func mapPiFile(c *Call, a *piArgs, cwd string) {
	abs, home := piAbs(a.Path, cwd)
	r, ok := piRel(c, a, abs, home, cwd)
	if !ok {
		return
	}
	switch c.AgentTool {
	case "read":
		c.Repox = []ToolCall{readCall(r, a.Offset, a.Limit, piReadLines, &c.Approx)}
	case "write":
		if a.Content == nil {
			c.NoEquivalent = "write without content"
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolWrite, Args: RawJSON(map[string]any{"path": r, "content": *a.Content})}}
	case "edit":
		if a.OldText != nil && a.NewText != nil {
			c.Repox = append(c.Repox, editCall(r, *a.OldText, *a.NewText, false))
		}
		for _, e := range a.Edits {
			c.Repox = append(c.Repox, editCall(r, e.OldText, e.NewText, false))
		}
		switch {
		case len(c.Repox) == 0:
			c.NoEquivalent = "edit without oldText and newText or edits"
		case len(c.Repox) > 1:
			c.Approx = "edit applies all its edits or none; repox runs them as separate repo_edit calls"
		}
	}
}

// mapPiSearch maps Pi's searching tools: grep, find and ls.
func mapPiSearch(c *Call, a *piArgs, cwd string) {
	abs, home := piAbs(a.Path, cwd)
	switch c.AgentTool {
	case "grep":
		r, ok := piRel(c, a, abs, home, cwd)
		if !ok {
			return
		}
		if a.Literal {
			c.Repox = []ToolCall{grepCall(a.Pattern, r, !a.IgnoreCase)}
			if a.Glob != "" {
				c.Approx = "repo_grep has no file filter (glob not applied)"
			}
		} else {
			mapRgGrep(c, "grep", a.Pattern, r, a.IgnoreCase, a.Glob != "", "content")
		}
		if r != "" && len(c.Repox) > 0 {
			c.Approx = strings.TrimPrefix(c.Approx+"; grep names files from the folder it searched, repo_grep from the repository's root", "; ")
		}
		if a.Context > 0 && len(c.Repox) > 0 {
			c.Approx = strings.TrimPrefix(c.Approx+"; grep showed "+strconv.Itoa(a.Context)+" lines of context around each match", "; ")
		}
	case "find":
		if !home {
			c.NoEquivalent = "path " + a.Path + " is under the home folder, outside the session's folder " + cwd
			return
		}
		q, r, why := globQuery(a.Pattern, abs, cwd)
		if why != "" {
			c.NoEquivalent = why
			return
		}
		c.Repox = []ToolCall{{Tool: repoops.ToolFind, Args: RawJSON(findArgs(q, r, 200))}}
		c.Approx = "find lists the files fd matches to a glob (up to " + strconv.Itoa(piFindLimit) + "); repo_find searches the file set"
	case "ls":
		if _, ok := piRel(c, a, abs, home, cwd); ok {
			mapWords(c, []string{"ls", abs}, "ls "+abs, "", cwd) // the shell's ls asks the same
		}
	}
}

// Pi's read ends a cut result with a note: "[Showing lines 1-1603 of
// 2377 (50.0KB limit). Use offset=1604 to continue.]", "[1549 more lines
// in file. Use offset=121 to continue.]", or in older builds "... (620
// more lines not shown. Use offset=770 to continue reading)".
var (
	piShowing  = LazyRegexp(`\n\n\[Showing lines ([0-9]+)-([0-9]+) of ([0-9]+)[^\n]*\]$`)
	piMore     = LazyRegexp(`\n\n(?:\[([0-9]+) more lines in file\.|\.\.\. \(([0-9]+) more lines not shown\.)[^\n]*$`)
	piExitCode = LazyRegexp(`\n\nCommand exited with code [0-9]+$`)
)

// piSaw: read shows the file's lines from offset as they are, unnumbered,
// then a note when it was cut; bash shows the output ("(no output)" for
// none), a note when it was cut, and the exit code when not 0.
func piSaw(c *Call, text, cwd string) *Saw {
	if len(c.Repox) != 1 {
		return nil
	}
	if saw, ok := repoxMCPSaw(c, text); ok {
		return saw
	}
	switch c.AgentTool {
	case "read":
		var a struct {
			Path   string `json:"path"`
			Offset int    `json:"offset"`
		}
		json.Unmarshal(c.Repox[0].Args, &a)
		if strings.HasPrefix(text, "Read image file [") || strings.HasPrefix(text, "[Line ") {
			return nil
		}
		saw := &Saw{Path: a.Path}
		body := text
		if m := piShowing().FindStringSubmatchIndex(body); m != nil {
			saw.Cut, saw.Counted = true, true
			saw.TotalLines, _ = strconv.Atoi(body[m[6]:m[7]])
			body = body[:m[0]]
		} else if m := piMore().FindStringSubmatchIndex(body); m != nil {
			saw.Cut, saw.Counted = true, true
			more := submatch(body, m, 1, 2)
			body = body[:m[0]]
			saw.TotalLines = max(a.Offset, 1) + len(SplitLines(body)) - 1 + more
		}
		for i, l := range SplitLines(body) {
			saw.Lines = append(saw.Lines, SawLine{N: max(a.Offset, 1) + i, Text: l})
		}
		return saw
	case "bash":
		if strings.Contains(text, "\n\n[Showing ") {
			return nil // the output's tail only
		}
		body := piExitCode().ReplaceAllString(text, "")
		if body == "(no output)" {
			body = ""
		}
		return shellSaw(c, body)
	}
	return nil
}

// submatch is the number in the first of groups that matched.
func submatch(s string, m []int, groups ...int) int {
	for _, g := range groups {
		if m[2*g] >= 0 {
			n, _ := strconv.Atoi(s[m[2*g]:m[2*g+1]])
			return n
		}
	}
	return 0
}
