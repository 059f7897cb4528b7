package transcript

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// Factory Droid's tools mapped to the repox calls that ask the same
// question. Execute, Read, LS and Create are as Factory's hooks reference
// shows them; Edit, MultiEdit, ApplyPatch, Grep and Glob as readers of
// real files (specstory's droidcli) read them, not from Factory. What
// Read, LS, Grep and Glob show is not documented: their results are
// shown beside repox's, not compared (Approx says so).

type droidArgs struct {
	FilePath      string   `json:"file_path"`
	DirectoryPath string   `json:"directory_path"`
	Path          string   `json:"path"`
	Folder        string   `json:"folder"`
	Offset        *int     `json:"offset"`
	Limit         *int     `json:"limit"`
	Content       *string  `json:"content"`
	OldStr        *string  `json:"old_str"`
	NewStr        *string  `json:"new_str"`
	ChangeAll     bool     `json:"change_all"`
	Command       string   `json:"command"`
	Input         string   `json:"input"`
	Pattern       string   `json:"pattern"`
	GlobPattern   string   `json:"glob_pattern"`
	Patterns      []string `json:"patterns"`
	OutputMode    string   `json:"output_mode"`
	CaseI         bool     `json:"case_insensitive"`
	Edits         []struct {
		OldStr    *string `json:"old_str"`
		NewStr    *string `json:"new_str"`
		OldString *string `json:"old_string"`
		NewString *string `json:"new_string"`
	} `json:"edits"`
}

// droidReadLines is what Read shows with no limit: Droid does not say;
// taken as Claude Code's 2000.
const droidReadLines = 2000

// droidUnknownOutput is why a mapped call's result is not compared.
func droidUnknownOutput(tool string) string {
	return "what Droid's " + tool + " shows is not documented: its result is shown beside repox's, not compared"
}

// mapDroid fills the repox mapping of a Droid call. Its switch is split
// by tool family (reads, edits, searches), one function each, so each
// reads alone; the shell and what repox does not answer stay here.
func mapDroid(c *Call, cwd string) {
	if mapRepoxMCP(c) {
		return
	}
	var a droidArgs
	if json.Unmarshal(c.AgentArgs, &a) != nil {
		c.NoEquivalent = notTheShape(c)
		return
	}
	switch c.AgentTool {
	case "Execute":
		mapShell(c, a.Command, "", cwd)
	case "Read", "LS":
		mapDroidRead(c, &a, cwd)
	case "Create", "Edit", "MultiEdit", "ApplyPatch":
		mapDroidEdit(c, &a, cwd)
	case "Grep", "Glob":
		mapDroidSearch(c, &a, cwd)
	case "TodoWrite":
		c.NoEquivalent = "a task-list tool"
	case "WebSearch", "FetchUrl":
		c.NoEquivalent = "a web tool"
	case "Task":
		c.NoEquivalent = "a subagent task (a custom droid, whose run Droid keeps as a session of its own)"
	default:
		if strings.HasPrefix(c.AgentTool, "mcp__") {
			c.NoEquivalent = otherTool(c.AgentTool)
			return
		}
		c.NoEquivalent = "Droid's tool " + strconv.Quote(Clip(c.AgentTool, 60)) + ", which no repox tool answers"
	}
}

// mapDroidRead maps Droid's reading tools: Read and LS.
func mapDroidRead(c *Call, a *droidArgs, cwd string) {
	switch c.AgentTool {
	case "Read":
		if a.FilePath == "" {
			c.NoEquivalent = "Read without file_path"
			return
		}
		if r, ok := callRel(c, a.FilePath, cwd); ok {
			c.Repox = []ToolCall{readCall(r, a.Offset, a.Limit, droidReadLines, &c.Approx)}
			c.Approx = strings.TrimPrefix(c.Approx+"; "+droidUnknownOutput("Read"), "; ")
		}
	case "LS":
		if r, ok := callRel(c, firstOf(a.DirectoryPath, a.Path), cwd); ok {
			c.Repox = []ToolCall{{Tool: repoops.ToolTree, Args: RawJSON(pathArgs(r))}}
			c.Approx = "LS lists a folder; repo_tree lists " + strconv.Itoa(repoops.TreeDefaultDepth) + " levels breadth-first; " + droidUnknownOutput("LS")
		}
	}
}

// mapDroidEdit maps Droid's writing tools: Create, Edit, MultiEdit and
// ApplyPatch.
func mapDroidEdit(c *Call, a *droidArgs, cwd string) {
	switch c.AgentTool {
	case "Create":
		r, ok := callRel(c, a.FilePath, cwd)
		switch {
		case !ok:
		case a.FilePath == "" || a.Content == nil:
			c.NoEquivalent = "Create without file_path or content"
		default:
			c.Repox = []ToolCall{{Tool: repoops.ToolWrite, Args: RawJSON(map[string]any{"path": r, "content": *a.Content})}}
		}
	case "Edit":
		r, ok := callRel(c, a.FilePath, cwd)
		switch {
		case !ok:
		case a.FilePath == "" || a.OldStr == nil || a.NewStr == nil:
			c.NoEquivalent = "Edit without file_path, old_str or new_str"
		default:
			c.Repox = []ToolCall{editCall(r, *a.OldStr, *a.NewStr, a.ChangeAll)}
		}
	case "MultiEdit":
		r, ok := callRel(c, a.FilePath, cwd)
		if !ok {
			return
		}
		for _, e := range a.Edits {
			old, new := e.OldStr, e.NewStr
			if old == nil {
				old, new = e.OldString, e.NewString
			}
			if old != nil && new != nil {
				c.Repox = append(c.Repox, editCall(r, *old, *new, false))
			}
		}
		switch {
		case len(c.Repox) == 0:
			c.NoEquivalent = "MultiEdit with no edit of old_str and new_str"
		case len(c.Repox) > 1:
			c.Approx = "MultiEdit applies all its edits or none; repox runs them as separate repo_edit calls"
		}
	case "ApplyPatch":
		body := a.Input
		if body == "" && a.Content != nil {
			body = *a.Content
		}
		if strings.TrimSpace(body) == "" {
			c.NoEquivalent = "ApplyPatch without a patch"
			return
		}
		mapPatch(c, body, "", cwd)
	}
}

// mapDroidSearch maps Droid's searching tools: Grep and Glob.
func mapDroidSearch(c *Call, a *droidArgs, cwd string) {
	switch c.AgentTool {
	case "Grep":
		r, ok := callRel(c, firstOf(a.Path, a.Folder), cwd)
		if !ok {
			return
		}
		mapRgGrep(c, "Grep", a.Pattern, r, a.CaseI, a.GlobPattern != "", a.OutputMode)
		if len(c.Repox) > 0 {
			c.Approx = strings.TrimPrefix(c.Approx+"; "+droidUnknownOutput("Grep"), "; ")
		}
	case "Glob":
		patterns := a.Patterns
		if a.GlobPattern != "" {
			patterns = append(patterns, a.GlobPattern)
		}
		for _, p := range patterns {
			q, r, why := globQuery(p, firstOf(a.Folder, a.Path), cwd)
			if why != "" {
				c.Repox, c.NoEquivalent = nil, why
				return
			}
			c.Repox = append(c.Repox, ToolCall{Tool: repoops.ToolFind, Args: RawJSON(findArgs(q, r, 200))})
		}
		if len(c.Repox) == 0 {
			c.NoEquivalent = "Glob without a pattern"
			return
		}
		c.Approx = "Glob lists the files its patterns match, one repo_find each; " + droidUnknownOutput("Glob")
	}
}
